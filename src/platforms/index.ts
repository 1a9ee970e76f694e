import { AppError } from "../lib/errors";
import type { Runtime } from "../services/runtime";
import type { PlatformKey } from "./catalog";
import { SandboxPlatform } from "./sandbox";
import type { Platform } from "./types";

/** The adapter for a platform: the sandbox in sandbox mode, the real adapter otherwise. */
export function getPlatform(rt: Runtime, platform: PlatformKey): Platform {
  if (rt.sandbox) return new SandboxPlatform(rt, platform);
  throw new AppError(503, "platform_not_configured", `No adapter is configured for ${platform}`);
}
