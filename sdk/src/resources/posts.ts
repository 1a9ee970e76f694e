import type { Http } from "../http.ts";
import { eachPage } from "../paging.ts";
import type { Body, Query } from "../types.ts";

type Create = Body<"/api/v1/posts", "post">;
type ListQuery = Query<"/api/v1/posts", "get">;
interface WriteOptions {
  /** Retry safely: the same key and body within 24 hours answer with the first answer, creating nothing. */
  idempotencyKey?: string;
}

const idempotency = (options: WriteOptions) =>
  options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : undefined;

export const posts = (http: Http) => {
  const page = (query: ListQuery = {}) => http.call("get", "/api/v1/posts", { query });
  return {
    /** Creates a draft (no `schedule_type`), a scheduled post or an immediate one. */
    create: (body: Create, options: WriteOptions = {}) =>
      http.data<"/api/v1/posts", "post", 201>("post", "/api/v1/posts", { body, headers: idempotency(options) }),

    /** Checks a post as `create` would and answers what each platform would receive; saves nothing. */
    dryRun: (body: Create) =>
      http.data<"/api/v1/posts", "post", 200>("post", "/api/v1/posts", { body, query: { dry_run: "true" } }),

    /** Up to 100 posts, all or none. */
    bulk: (rows: Create[], options: WriteOptions = {}) =>
      http.data("post", "/api/v1/posts/bulk", { body: rows, headers: idempotency(options) }),

    /** One page, newest first. */
    list: async (query?: ListQuery) => (await page(query)).data,

    /** One page with its `next_cursor` (null on the last page). */
    page,

    /** Every post matching `query`, page after page. */
    each: (query: ListQuery = {}) => eachPage(page, query),

    get: (id: string) => http.data("get", "/api/v1/posts/{id}", { params: { id } }),

    /** Fields given replace the post's; a platform's override is replaced whole. */
    update: (id: string, body: Body<"/api/v1/posts/{id}", "patch">) =>
      http.data("patch", "/api/v1/posts/{id}", { params: { id }, body }),

    /**
     * Sends a draft (with a time) or scheduled post for approval: it waits, keeping its time and posting slot,
     * until it is approved (then scheduled, or published at once if its time has passed).
     */
    requestApproval: (id: string) => http.data("post", "/api/v1/posts/{id}/request-approval", { params: { id } }),

    /** Moves a scheduled post back to draft, keeping its content and time. */
    unschedule: (id: string) => http.data("post", "/api/v1/posts/{id}/unschedule", { params: { id } }),

    delete: (id: string) => http.data("delete", "/api/v1/posts/{id}", { params: { id } }),

    /** The UTM parameters posts without their own `utm` get on their links (`{ utm }`, null when none). */
    defaultUtm: () => http.data("get", "/api/v1/settings/utm"),

    /** Sets (or with null, removes) the default UTM parameters; `{platform}` and `{account}` are filled per target. */
    setDefaultUtm: (utm: Body<"/api/v1/settings/utm", "put">["utm"]) =>
      http.data("put", "/api/v1/settings/utm", { body: { utm } }),
  };
};

export type Posts = ReturnType<typeof posts>;
