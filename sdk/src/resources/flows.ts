import type { Http } from "../http.ts";
import { eachPage } from "../paging.ts";
import type { Body, Query } from "../types.ts";

type ListQuery = Query<"/api/v1/flows", "get">;
const one = "/api/v1/flows/{id}";
const node = "/api/v1/flows/{id}/nodes/{nodeId}";
const automation = "/api/v1/posts/{id}/automation";
const executions = "/api/v1/flows/{id}/executions";
type ExecutionsQuery = Query<typeof executions, "get">;

/**
 * Automation flows on Instagram, Facebook and WhatsApp accounts: build one from a description (`generate`, 15 AI
 * credits), read it with its `problems`, edit drafts step by step (each edit saves a revision first), turn it on.
 */
export const flows = (http: Http) => {
  const page = (query: ListQuery = {}) => http.call("get", "/api/v1/flows", { query });
  const executionsPage = (id: string, query: ExecutionsQuery = {}) =>
    http.call("get", executions, { params: { id }, query });
  return {
    /** One page, newest first (`account_id`, `status` filter). */
    list: async (query?: ListQuery) => (await page(query)).data,
    /** One page with its `next_cursor` (null on the last page). */
    page,
    /** Every flow matching `query`, page after page. */
    each: (query: ListQuery = {}) => eachPage(page, query),
    /** An empty draft: `{ name, account_id }` (an account id or handle). */
    create: (body: Body<"/api/v1/flows", "post">) => http.data("post", "/api/v1/flows", { body }),
    /** Builds a whole flow from `{ description, account_id, platform_user_id?, iterate_on_flow_id? }`. */
    generate: (body: Body<"/api/v1/flows/generate", "post">) => http.data("post", "/api/v1/flows/generate", { body }),
    /** AI credits used this month (UTC) against the plan's allowance. */
    credits: () => http.data("get", "/api/v1/ai-credits"),
    /** Steps (summaries), connections and problems; `nodeId` (a step id or name) adds that step in full as `node`. */
    get: (id: string, options: { nodeId?: string } = {}) =>
      http.data("get", one, { params: { id }, query: { node_id: options.nodeId } }),
    rename: (id: string, name: string) => http.data("patch", one, { params: { id }, body: { name } }),
    delete: (id: string) => http.data("delete", one, { params: { id } }),
    /** Merges into one step: top-level data keys set, blocks by id, a trigger's config by key. */
    updateNode: (id: string, nodeId: string, body: Body<typeof node, "patch">) =>
      http.data("patch", node, { params: { id, nodeId }, body }),
    addNode: (id: string, body: Body<"/api/v1/flows/{id}/nodes", "post">) =>
      http.data("post", "/api/v1/flows/{id}/nodes", { params: { id }, body }),
    deleteNode: (id: string, nodeId: string) => http.data("delete", node, { params: { id, nodeId } }),
    /** `{ from, to, handle? }`: handle is a postback button's id, `true`/`false`, `valid`/`invalid`, or none. */
    addEdge: (id: string, body: Body<"/api/v1/flows/{id}/edges", "post">) =>
      http.data("post", "/api/v1/flows/{id}/edges", { params: { id }, body }),
    deleteEdge: (id: string, edgeId: string) =>
      http.data("delete", "/api/v1/flows/{id}/edges/{edgeId}", { params: { id, edgeId } }),
    /** Saved versions, newest first (one page). */
    revisions: async (id: string, query: Query<"/api/v1/flows/{id}/revisions", "get"> = {}) =>
      (await http.call("get", "/api/v1/flows/{id}/revisions", { params: { id }, query })).data,
    revert: (id: string, revisionId: string) =>
      http.data("post", "/api/v1/flows/{id}/revert", { params: { id }, body: { revision_id: revisionId } }),
    /** A draft copy with new ids, listening on no post. */
    duplicate: (id: string) => http.data("post", "/api/v1/flows/{id}/duplicate", { params: { id } }),
    /** Only with no problems; the content is pinned as the version that runs. */
    activate: (id: string) => http.data("post", "/api/v1/flows/{id}/activate", { params: { id } }),
    /** Turns it off: its executions under way stop before their next step. */
    deactivate: (id: string) => http.data("post", "/api/v1/flows/{id}/deactivate", { params: { id } }),
    /** Its executions (one per person it started for), newest first, one page (`status` filter). */
    executions: async (id: string, query?: ExecutionsQuery) => (await executionsPage(id, query)).data,
    /** One page of executions with its `next_cursor` (null on the last page). */
    executionsPage,
    /** Every execution matching `query`, page after page. */
    eachExecution: (id: string, query: ExecutionsQuery = {}) => eachPage((q) => executionsPage(id, q), query),
    /** Stops an execution under way before its next step; one already ended is `state_error`. */
    stopExecution: (id: string, executionId: string) =>
      http.data("post", "/api/v1/flows/{id}/executions/{executionId}/stop", { params: { id, executionId } }),
    /**
     * A contact of an account (their platform-scoped id): `{ opted_out }` opts them out (every run of theirs stops)
     * or back in; `{ human_takeover_minutes }` hands them to a person for a while (0 ends it).
     */
    updateContact: (
      accountId: string,
      contactId: string,
      body: Body<"/api/v1/accounts/{accountId}/contacts/{contactId}", "patch">,
    ) =>
      http.data("patch", "/api/v1/accounts/{accountId}/contacts/{contactId}", {
        params: { accountId, contactId },
        body,
      }),
    /** What a flow collected: counts per field and the latest items (no preview of emails or phone numbers). */
    collectedData: (id: string) => http.data("get", "/api/v1/flows/{id}/collected-data/summary", { params: { id } }),
    /**
     * Collected items newest first, `{ items, nextCursor, total }`; pass `nextCursor` as `cursor` for the next page.
     * Rolled out to admin accounts first (403 `not_enabled` until then).
     */
    exportCollectedData: (query: Query<"/api/v1/collected-data", "get"> = {}) =>
      http.data("get", "/api/v1/collected-data", { query }),
    /** Deletes one collected answer (an item's `id`): `{ id, deleted: true }`. */
    deleteCollectedItem: (id: string) => http.data("delete", "/api/v1/collected-data/{id}", { params: { id } }),
    /** Deletes every answer a flow collected (the flow stays): `{ flowId, deletedItems }`. */
    deleteCollectedData: (id: string) => http.data("delete", "/api/v1/flows/{id}/collected-data", { params: { id } }),
    /** A scheduled post's automation: the flow that listens for comments on it (the owner's to set). */
    automation: {
      get: (postId: string) => http.data("get", automation, { params: { id: postId } }),
      attach: (postId: string, body: Body<typeof automation, "put">) =>
        http.data("put", automation, { params: { id: postId }, body }),
      /** `true` turns it on with the post (at once if the post is live); `false` does not (turns a live one off). */
      arm: (postId: string, armed: boolean) =>
        http.data("patch", automation, { params: { id: postId }, body: { armed } }),
      detach: (postId: string) => http.data("delete", automation, { params: { id: postId } }),
    },
  };
};

export type Flows = ReturnType<typeof flows>;
