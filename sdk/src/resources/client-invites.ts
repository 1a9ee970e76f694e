import type { Http } from "../http.ts";
import type { Body } from "../types.ts";

const path = "/api/v1/client-invites";

/** Links a client opens to connect their own accounts into one of your groups (Studio, Pro, Agency). */
export const clientInvites = (http: Http) => ({
  /** `{ group_id, platforms, max_accounts? }`; the answer's `url` is shown only this once. */
  create: (body: Body<typeof path, "post">) => http.data("post", path, { body }),
  /** Invites, newest first, with `state` and the accounts each added; one group's with `groupId`. */
  list: (query: { groupId?: string } = {}) => http.data("get", path, { query: { group_id: query.groupId } }),
  /** Turns an active invite off; the accounts it added stay connected. */
  revoke: (inviteId: string) => http.data("delete", path, { query: { invite_id: inviteId } }),
});

export type ClientInvites = ReturnType<typeof clientInvites>;
