import type { Http } from "../http.ts";
import type { Body } from "../types.ts";

const path = "/api/v1/posts/{id}/review-links";

/** Client review links: a page where a client approves a post, asks for changes or comments (Studio plans and up). */
export const reviewLinks = (http: Http) => ({
  /** `{ reviewer_name?, expires_in_days? (1–30, default 7), allow_comments? }`; the answer's `url` is shown this once. */
  create: (postId: string, body: Body<typeof path, "post"> = {}) =>
    http.data("post", path, { params: { id: postId }, body }),
  /** The post's links, newest first, each with its decisions. */
  list: (postId: string) => http.data("get", path, { params: { id: postId } }),
  /** Turns a link off at once; its decisions are kept. */
  revoke: (postId: string, linkId: string) =>
    http.data("delete", "/api/v1/posts/{id}/review-links/{linkId}", { params: { id: postId, linkId } }),
});

export type ReviewLinks = ReturnType<typeof reviewLinks>;
