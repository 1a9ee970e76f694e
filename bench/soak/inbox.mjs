// The inbox as its owner uses it during the soak: a reply, through the REST API with an idempotency key, in one of the
// conversations the flows' inbound comments and messages opened; and the check that each reached the platform once.
import { countBy, group } from "./plan.mjs";

/** A reply's text names its tag, so the sandbox's records say which reply each call was. */
export const replyText = (tag) => `Reply ${tag}: thanks for writing.`;
const REPLY_TAG = /Reply (s\d+r\d+):/;

/**
 * Replies in one of a flow owner's conversations (`choice` in [0, 1) picks it, drawn before any wait so the seed alone
 * decides); answers what was asked and how Herald answered, or null when there is no conversation yet.
 */
export async function replyInInbox({ api, flow, choice, tag }) {
  const list = await api.as(flow.key).persist("GET", `/api/v1/inbox?account_id=${flow.accountId}&limit=20`);
  if (list.data.length === 0) return null;
  const conversation = list.data[Math.floor(choice * list.data.length)];
  const reply = { tag, conversationId: conversation.id, key: flow.key, kind: conversation.kind };
  try {
    const answer = await api
      .as(flow.key)
      .persist(
        "POST",
        `/api/v1/inbox/${conversation.id}/replies`,
        { text: replyText(tag) },
        { idempotencyKey: `reply-${tag}` },
      );
    return { ...reply, messageId: answer.data.id };
  } catch (error) {
    if (!error.code) throw error;
    return { ...reply, refused: error.code };
  }
}

/**
 * Each reply asked for, as its conversation shows it: none left pending once the run settled, each one `sent` called
 * once (its platform id the call's), each one failed never called unless it says it may have gone out; and no call
 * for a reply the inbox does not show. A create retried after a kill may have written a second message for a tag (its
 * Idempotency-Key's claim lapsed with the process): each is checked on its own. Answers the broken ids and the counts.
 */
export async function checkReplies({ api, replies, calls }) {
  const callsOf = group(calls, (call) => JSON.stringify(call).match(REPLY_TAG)?.[1]);
  const messages = [];
  for (const list of group(replies, (r) => `${r.key} ${r.conversationId}`).values()) {
    for await (const page of api.as(list[0].key).pages(`/api/v1/inbox/${list[0].conversationId}?limit=100`)) {
      messages.push(...page.messages.filter((m) => m.direction === "out" && REPLY_TAG.test(m.text)));
    }
  }
  const messagesOf = group(messages, (m) => m.text.match(REPLY_TAG)[1]);
  const broken = [];
  for (const tag of new Set([...callsOf.keys(), ...messagesOf.keys()])) {
    const made = callsOf.get(tag) ?? [];
    const shown = messagesOf.get(tag) ?? [];
    const called = new Set(made.map((c) => c.platform_post_id));
    const sent = shown.filter((m) => m.status === "sent");
    const mayHaveGone = shown.filter((m) => m.status === "failed" && m.error?.ambiguous);
    if (shown.length === 0) broken.push(`${tag} sent but the inbox shows no such reply`);
    if (shown.some((m) => m.status === "pending")) broken.push(`${tag} pending at the end`);
    if (sent.some((m) => !called.has(m.platform_message_id))) broken.push(`${tag} sent but never called`);
    if (made.length > sent.length + mayHaveGone.length) broken.push(`${tag} called ×${made.length}`);
  }
  const asked = replies.filter((r) => r.messageId);
  const missing = asked.filter((r) => !messages.some((m) => m.id === r.messageId)).map((r) => `${r.tag} missing`);
  return {
    broken: [...broken, ...missing],
    detail: {
      replies: replies.length,
      accepted: asked.length,
      refused: countBy(
        replies.filter((r) => r.refused),
        (r) => r.refused,
      ),
      messages: messages.length,
      by_status: countBy(messages, (m) => m.status),
    },
  };
}
