import type { Http } from "../http.ts";
import type { Body } from "../types.ts";

const path = "/api/v1/posts/{id}/plugs";

/** One-time follow-ups on a post (a repost or a comment when a metric reaches a threshold). */
export const plugs = (http: Http) => ({
  /** `{ plugs, targets, limits }` of a post. */
  list: (postId: string) => http.data("get", path, { params: { id: postId } }),
  /** `{ account_id, trigger: { metric, threshold }, action: { kind, text? } }` */
  create: (postId: string, body: Body<typeof path, "post">) =>
    http.data("post", path, { params: { id: postId }, body }),
  delete: (postId: string, plugId: string) =>
    http.data("delete", path, { params: { id: postId }, query: { plug_id: plugId } }),
});

export type Plugs = ReturnType<typeof plugs>;
