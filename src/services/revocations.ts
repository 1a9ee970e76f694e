import { z } from "@hono/zod-openapi";
import { realPlatform } from "../platforms";
import { PLATFORM_KEYS } from "../platforms/catalog";
import { PlatformError } from "../platforms/types";
import { openCredentials, storedCredentials } from "./credentials";
import type { Runtime } from "./runtime";

/** A disconnected account's credentials to revoke, sealed as they were stored (bound to the account id). */
export const RevocationSchema = z.object({
  accountId: z.string().min(1),
  platform: z.enum(PLATFORM_KEYS),
  sealed: z.string().min(1),
});
export type Revocation = z.infer<typeof RevocationSchema>;

/** Waits before the 2nd… 5th try; after the fifth the platform keeps a token Herald no longer holds. */
export const REVOKE_RETRY_DELAYS_S = [30, 120, 600, 3600];

/**
 * Queues the revocation of credentials a disconnect just deleted, for platforms that can revoke. Never throws:
 * the credentials are gone from Herald whatever the platform says, so nothing here may fail the disconnect.
 */
export async function queueRevocation(rt: Runtime, revocation: Revocation): Promise<void> {
  try {
    if (!realPlatform(rt, revocation.platform).connection?.revoke) return;
    await rt.env.REVOCATION_QUEUE.send(revocation);
  } catch (error) {
    console.error("revocation: could not be queued", revocation.accountId, error);
  }
}

export type RevocationOutcome = "revoked" | "skipped" | "retry" | "failed";

/**
 * One try at revoking. `retry` when the platform did not answer or asked to wait (revoking twice is harmless);
 * `failed` when it refused; `skipped` when there is nothing to revoke, or the account was connected again with the
 * same token in the meantime (a platform may hand out the same token again), which must stay valid.
 */
export async function revokeCredentials(rt: Runtime, revocation: Revocation): Promise<RevocationOutcome> {
  const revoke = realPlatform(rt, revocation.platform).connection?.revoke;
  if (!revoke) return "skipped";
  const credentials = await openCredentials(rt, revocation.accountId, revocation.sealed);
  const current = await storedCredentials(rt, revocation.accountId);
  if (current?.accessToken !== undefined && current.accessToken === credentials.accessToken) return "skipped";
  try {
    return (await revoke(credentials)) ? "revoked" : "skipped";
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    console.error("revocation: the platform failed", revocation.platform, revocation.accountId, error.message);
    return error.retryable || error.failure === "no_answer" ? "retry" : "failed";
  }
}
