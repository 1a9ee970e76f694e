// Sending to a contact: the messaging window, private replies and templates, and why a run may not go on.
import { eq } from "drizzle-orm";
import { accounts } from "../../../db/schema";
import type { StopReason } from "../../../db/schema/flow-runs";
import { OUTCOME } from "../../../lib/error-codes";
import { AppError } from "../../../lib/errors";
import { log } from "../../../lib/log";
import { getPlatform } from "../../../platforms";
import type { PlatformKey } from "../../../platforms/catalog";
import { type OutgoingMessage, PlatformError, type SentMessage } from "../../../platforms/types";
import type { InboundEvent } from "../../../queues/inbound";
import { withCredentials } from "../../accounts/credentials";
import { recordFlowMessage } from "../../inbox/flow-messages";
import type { Runtime } from "../../runtime";
import { storedTemplates } from "../../whatsapp-templates";
import { StepFailure } from "./record";
import type { ContactState, Execution } from "./state";

/** Meta's standard messaging window: 24 hours from the person's last message. */
export const WINDOW_MS = 24 * 3_600_000;
/** A comment's one private reply may be sent within 7 days of the comment. */
export const PRIVATE_REPLY_MS = 7 * 24 * 3_600_000;

/**
 * Thrown when an execution may not go on: the contact asked not to be messaged or a person took over, the owner
 * stopped it, or its flow no longer runs its version. It ends quietly, stopped (the row says why).
 */
export class Halted extends Error {
  constructor(readonly reason: StopReason) {
    super(reason);
  }
}

/**
 * The platform rules for one message of an execution, checked now: the first message after a comment is that
 * comment's one private reply (within 7 days; noted used in `state` here); a WhatsApp template only once approved,
 * and then also outside the window; every other message only inside the 24-hour window the person's own last message
 * opened. Answers the platform call to make (the caller notes the send first, so a step run again does not resend);
 * once made, the message is on the contact's inbox conversation.
 */
export async function platformSend(
  rt: Runtime,
  state: ContactState,
  exec: Execution,
  message: OutgoingMessage,
): Promise<() => Promise<void>> {
  const now = rt.clock.now();
  const comment = exec.privateReplyDue ? exec.comment : undefined;
  if (comment) {
    if (state.privateReplies[comment.id] !== undefined) {
      throw new StepFailure("private_reply_used", "This comment already had its one private reply (Meta allows one)");
    }
    if (now - comment.at > PRIVATE_REPLY_MS) {
      throw new StepFailure(
        "private_reply_expired",
        "The private reply to the comment is more than 7 days after it: Meta allows none then",
      );
    }
    state.privateReplies[comment.id] = comment.at;
    exec.privateReplyDue = false;
  } else if (message.template) {
    await requireApprovedTemplate(rt, exec.accountId, message.template);
  } else if (state.windowUntil === null || now > state.windowUntil) {
    throw new StepFailure(
      "outside_messaging_window",
      state.windowUntil === null
        ? "The person has not messaged the account, so no message may be sent (a comment allows only its one private reply)"
        : `The 24-hour messaging window closed at ${new Date(state.windowUntil).toISOString()}: no message may be sent until the person writes again`,
    );
  }
  return async () => {
    const { messageId } = await callPlatform(rt, exec, (messaging, account) =>
      comment
        ? messaging.privateReply(account, comment.id, message)
        : messaging.sendMessage(account, exec.contactId, message),
    );
    await recordFlowMessage(rt, {
      execution: exec,
      text: message.template ? message.text || `Template ${message.template.name}` : message.text,
      media: message.media,
      privateReplyTo: comment?.id,
      platformMessageId: messageId,
    });
  };
}

/** Only a template Meta approved may be sent (as Herald last read it, or Meta's status webhook told). */
async function requireApprovedTemplate(rt: Runtime, accountId: string, wanted: { name: string; language: string }) {
  const known = await storedTemplates(rt, accountId);
  const template = known.find((t) => t.name === wanted.name && t.language === wanted.language);
  if (template?.status !== "approved") {
    throw new StepFailure(
      "template_not_approved",
      `Template ${wanted.name} (${wanted.language}) ${template ? `is ${template.status}` : "is not one of the account's"}: only an approved template can be sent`,
    );
  }
}

/**
 * Marks the person's message read where the platform shows it (WhatsApp): Herald has taken it. A failure is only
 * logged: it never holds up the flow.
 */
export async function markInboundRead(rt: Runtime, event: InboundEvent): Promise<void> {
  if (event.kind !== "message") return;
  try {
    const [row] = await rt.db.select().from(accounts).where(eq(accounts.id, event.accountId));
    if (!row || row.status === "disconnected") return;
    const platform = getPlatform(rt, row.platform as PlatformKey);
    const markRead = platform.messaging?.markRead;
    if (!markRead) return;
    await withCredentials(rt, row, platform, (account) => markRead(account, event.id));
  } catch (error) {
    log.warn("inbound.mark_read_failed", { account_id: event.accountId, event_id: event.id, error });
  }
}

type Messaging = NonNullable<ReturnType<typeof getPlatform>["messaging"]>;

async function callPlatform(
  rt: Runtime,
  exec: Execution,
  call: (messaging: Messaging, account: Parameters<Messaging["sendMessage"]>[0]) => Promise<SentMessage>,
): Promise<SentMessage> {
  const [row] = await rt.db.select().from(accounts).where(eq(accounts.id, exec.accountId));
  if (!row || row.status === "disconnected") {
    throw new StepFailure("account_disconnected", "The flow's account is disconnected: reconnect it");
  }
  try {
    const platform = getPlatform(rt, row.platform as PlatformKey);
    const messaging = platform.messaging;
    if (!messaging) throw new StepFailure("messaging_not_supported", `Herald cannot message people on ${row.platform}`);
    return await withCredentials(rt, row, platform, (account) => call(messaging, account));
  } catch (error) {
    if (error instanceof StepFailure) throw error;
    if (error instanceof PlatformError && error.code === OUTCOME.REENGAGEMENT_REQUIRED) {
      throw new StepFailure(
        "outside_messaging_window",
        `The platform refused outside the 24-hour window: ${error.message}`,
      );
    }
    if (error instanceof PlatformError || error instanceof AppError) {
      throw new StepFailure("send_failed", `The platform did not take the message: ${error.message}`);
    }
    throw error;
  }
}
