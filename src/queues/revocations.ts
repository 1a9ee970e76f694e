import { REVOKE_RETRY_DELAYS_S, RevocationSchema, revokeCredentials } from "../services/revocations";
import type { Runtime } from "../services/runtime";

/**
 * One message is one disconnected account's credentials to revoke. A platform that did not answer is tried again
 * after `REVOKE_RETRY_DELAYS_S`; a refusal, an unexpected error or the last try ends it, logged (the credentials
 * are already gone from Herald).
 */
export async function consumeRevocations(rt: Runtime, batch: MessageBatch<unknown>): Promise<void> {
  for (const message of batch.messages) {
    const parsed = RevocationSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error("revocation queue: dropping a malformed message", message.id);
      message.ack();
      continue;
    }
    const { accountId, platform } = parsed.data;
    let outcome: Awaited<ReturnType<typeof revokeCredentials>>;
    try {
      outcome = await revokeCredentials(rt, parsed.data);
    } catch (error) {
      console.error("revocation queue: revocation failed", platform, accountId, error);
      outcome = "failed";
    }
    const delay = REVOKE_RETRY_DELAYS_S[message.attempts - 1];
    if (outcome === "retry" && delay !== undefined) {
      message.retry({ delaySeconds: delay });
      continue;
    }
    console.log(JSON.stringify({ revocation: outcome === "retry" ? "gave_up" : outcome, platform, accountId }));
    message.ack();
  }
}
