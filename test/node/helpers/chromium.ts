import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

/** Debian's chromium, driven by playwright-core: browser tests run where it is installed and are skipped elsewhere. */
export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);

export const launchChromium = () =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
