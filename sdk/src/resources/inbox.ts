import type { Http } from "../http.ts";
import { eachPage } from "../paging.ts";
import type { Body, Query } from "../types.ts";

type ListQuery = Query<"/api/v1/inbox", "get">;
const one = "/api/v1/inbox/{conversationId}";
const replies = "/api/v1/inbox/{conversationId}/replies";
type ReadQuery = Query<typeof one, "get">;
interface WriteOptions {
  /** Retry safely: the same key and body within 24 hours answer with the first answer, sending nothing. */
  idempotencyKey?: string;
}

/**
 * The inbox: every comment and direct message of the connected accounts, one conversation per commenter per post
 * and per contact per account; read, assign, label, close, and reply (sent once, through Herald's queue).
 */
export const inbox = (http: Http) => {
  const page = (query: ListQuery = {}) => http.call("get", "/api/v1/inbox", { query });
  return {
    /** One page of conversations, newest activity first (`status`, `kind`, `account_id`, `assignee_id`, `q`, …). */
    list: async (query?: ListQuery) => (await page(query)).data,
    /** One page with its `next_cursor` (null on the last page). */
    page,
    /** Every conversation matching `query`, page after page. */
    each: (query: ListQuery = {}) => eachPage(page, query),
    /** A conversation with its messages oldest first (a page; `next_cursor` for later ones); marks it read. */
    get: (conversationId: string, query: ReadQuery = {}) =>
      http.call("get", one, { params: { conversationId }, query }),
    /** Changes `status` (`open`, `done`), `assignee_id` (a member; null unassigns) or `labels`. */
    update: (conversationId: string, body: Body<typeof one, "patch">) =>
      http.data("patch", one, { params: { conversationId }, body }),
    /**
     * Replies: under the comment, privately to the commenter (`private: true`, Meta), or as a direct message. Answers
     * the pending message; `inbox.reply_sent` or `inbox.reply_failed` tells the outcome.
     */
    reply: (conversationId: string, body: Body<typeof replies, "post">, options: WriteOptions = {}) =>
      http.data<typeof replies, "post", 202>("post", replies, {
        params: { conversationId },
        body,
        headers: options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : undefined,
      }),
    /** Hides the comment `message_id` (else every one of the person's comments) on the platform; answers those changed. */
    hide: (conversationId: string, body: { message_id?: string } = {}) =>
      http.data("post", "/api/v1/inbox/{conversationId}/hide", { params: { conversationId }, body }),
    /** Shows hidden comments again, as `hide` hides them. */
    unhide: (conversationId: string, body: { message_id?: string } = {}) =>
      http.data("post", "/api/v1/inbox/{conversationId}/unhide", { params: { conversationId }, body }),
    /** Deletes on the platform a comment Herald's account wrote (a sent public reply), once; answers it `deleted`. */
    deleteComment: (conversationId: string, messageId: string) =>
      http.data("delete", "/api/v1/inbox/{conversationId}/messages/{messageId}", {
        params: { conversationId, messageId },
      }),
  };
};

export type Inbox = ReturnType<typeof inbox>;
