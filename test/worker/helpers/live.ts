import { env } from "cloudflare:test";
import { vi } from "vitest";
import { randomToken } from "../../../src/lib/ids";
import { createApiKey } from "../../../src/services/api-keys";
import type { PlanName } from "../../../src/services/plans";
import { createRuntime } from "../../../src/services/runtime";
import { createUser } from "../../../src/services/users";
import { type Exchange, scriptedPlatform } from "./platform";

/** Outside the sandbox there is no sandbox API: users and keys are made through the services. */
export async function liveUser(plan: PlanName = "creator") {
  const rt = await createRuntime(env);
  const user = await createUser(rt, { email: `live-${randomToken(10)}@herald.test`, password: randomToken(16), plan });
  const key = await createApiKey(rt, user.id, "test");
  return { userId: user.id, key: key.key };
}

/**
 * Answers the Worker's outbound requests (its global fetch) from a script, until `vi.restoreAllMocks()`.
 * Returns what was sent; every request must be the next one the script expects.
 */
export function scriptWorkerFetch(script: Exchange[]) {
  const platform = scriptedPlatform(script);
  vi.spyOn(globalThis, "fetch").mockImplementation(platform.deps.fetch);
  return platform;
}
