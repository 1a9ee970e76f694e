// Revoking a disconnected account's tokens on its platform: queued, retried, never failing the disconnect.

import { log } from "../../lib/log";
import { realPlatform } from "../../platforms";
import { PlatformError } from "../../platforms/types";
import type { Received, Verdict } from "../../queues/queue";
import { type Revocation, revocationQueue } from "../../queues/revocations";
import type { Runtime } from "../runtime";
import { openCredentials, storedCredentials } from "./credentials";

/** Waits before the 2nd… 5th try; after the fifth the platform keeps a token Herald no longer holds. */
const REVOKE_RETRY_DELAYS_S = [30, 120, 600, 3600];

/**
 * Queues the revocation of credentials a disconnect just deleted, for platforms that can revoke. Never throws:
 * the credentials are gone from Herald whatever the platform says, so nothing here may fail the disconnect.
 */
export async function queueRevocation(rt: Runtime, revocation: Revocation): Promise<void> {
  try {
    if (!realPlatform(rt, revocation.platform).connection?.revoke) return;
    await revocationQueue.send(rt, [revocation]);
  } catch (error) {
    log.error("revocation.not_queued", { account_id: revocation.accountId, error });
  }
}

type RevocationOutcome = "revoked" | "skipped" | "retry" | "failed";

/**
 * One try at revoking. `retry` when the platform did not answer or asked to wait (revoking twice is harmless);
 * `failed` when it refused; `skipped` when there is nothing to revoke, or the account was connected again with the
 * same token in the meantime (a platform may hand out the same token again), which must stay valid.
 */
async function revokeCredentials(rt: Runtime, revocation: Revocation): Promise<RevocationOutcome> {
  const revoke = realPlatform(rt, revocation.platform).connection?.revoke;
  if (!revoke) return "skipped";
  const credentials = await openCredentials(rt, revocation.accountId, revocation.sealed);
  const current = await storedCredentials(rt, revocation.accountId);
  if (current?.accessToken !== undefined && current.accessToken === credentials.accessToken) return "skipped";
  try {
    return (await revoke(credentials)) ? "revoked" : "skipped";
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    log.error("revocation.platform_failed", {
      platform: revocation.platform,
      account_id: revocation.accountId,
      error: error.message,
    });
    return error.retryable || error.failure === "no_answer" ? "retry" : "failed";
  }
}

/**
 * The revocation queue's handler. A platform that did not answer is tried again after `REVOKE_RETRY_DELAYS_S`; a
 * refusal, an unexpected error or the last try ends it, logged (the credentials are already gone from Herald).
 */
export async function revokeQueued(rt: Runtime, { body, attempts }: Received<Revocation>): Promise<Verdict> {
  const { accountId, platform } = body;
  let outcome: RevocationOutcome;
  try {
    outcome = await revokeCredentials(rt, body);
  } catch (error) {
    log.error("revocation.failed", { platform, account_id: accountId, error });
    outcome = "failed";
  }
  const delay = REVOKE_RETRY_DELAYS_S[attempts - 1];
  if (outcome === "retry" && delay !== undefined) return { retryAfterSeconds: delay };
  log.info("revocation.done", { outcome: outcome === "retry" ? "gave_up" : outcome, platform, account_id: accountId });
  return "ack";
}
