// Global setup of the cli project: one local service (wrangler dev, sandbox mode, its own database) for every file.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startServer } from "../../../scripts/lib/server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const persistTo = await mkdtemp(join(tmpdir(), "herald-cli-"));
  const { server, baseUrl, stop } = await startServer({ persistTo, quiet: true });
  project.provide("baseUrl", baseUrl);
  return async () => {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    stop();
    await exited;
    await rm(persistTo, { recursive: true, force: true });
  };
}
