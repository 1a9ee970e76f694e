// Meta's Send API for Instagram and Facebook Pages: private replies and messages, with buttons.

import type { Messaging, OutgoingMessage, PlatformAccount, SentMessage } from "../types";
import type { GraphClient } from "./meta-graph";
import type { SendAnswer, SendButton, SendMessage, SendParams, SendRecipient } from "./meta-shapes";

/**
 * Meta's Send API, the same for Instagram and Facebook Pages: `POST /{account-id}/messages` with `recipient`
 * (`{ comment_id }` for the one private reply to a comment, `{ id }` for a person who wrote) and `message`, as JSON
 * values of form parameters. The answer is `{ recipient_id, message_id }`.
 */

/** Meta's button template when there are buttons (3 at most, titles of 20 characters), else plain text. */
export function metaMessage(message: OutgoingMessage): SendMessage {
  const text = message.link ? `${message.text}\n\n${message.link}`.trim() : message.text;
  if (message.buttons.length === 0) return { text };
  return {
    attachment: {
      type: "template",
      payload: {
        template_type: "button",
        text,
        buttons: message.buttons.map(
          (b): SendButton =>
            b.type === "url"
              ? { type: "web_url", url: b.url ?? "", title: b.label }
              : { type: "postback", title: b.label, payload: b.id },
        ),
      },
    },
  };
}

/** Messaging for an account whose Graph client `graph` gives; `platformUserId` is the IG account or Page id. */
export function metaMessaging(graph: (account: PlatformAccount) => GraphClient): Messaging {
  const send = async (
    account: PlatformAccount,
    recipient: SendRecipient,
    message: OutgoingMessage,
    label: string,
  ): Promise<SentMessage> => {
    const answer = await graph(account).post<SendAnswer>(
      `${account.platformUserId}/messages`,
      {
        recipient: JSON.stringify(recipient),
        message: JSON.stringify(metaMessage(message)),
        // Answers to what the person wrote (or commented); Herald sends no promotional messages.
        messaging_type: "RESPONSE",
      } satisfies SendParams,
      { label, creates: true, idField: "message_id" },
    );
    return { messageId: answer.message_id };
  };
  return {
    privateReply: (account, commentId, message) => send(account, { comment_id: commentId }, message, "private reply"),
    sendMessage: (account, recipientId, message) => send(account, { id: recipientId }, message, "message"),
  };
}
