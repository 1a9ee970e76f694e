import type { Http } from "../http.ts";
import type { Body } from "../types.ts";

/** Named sets of accounts (a client's, a brand's); an account sits in at most one. */
export const accountGroups = (http: Http) => ({
  list: () => http.data("get", "/api/v1/account-groups"),
  get: (id: string) => http.data("get", "/api/v1/account-groups/{id}", { params: { id } }),
  /** `{ name, account_ids? }`: `name` is unique among your groups. */
  create: (body: Body<"/api/v1/account-groups", "post">) => http.data("post", "/api/v1/account-groups", { body }),
  /** With `account_ids`, exactly those accounts are in the group afterwards. */
  update: (id: string, body: Body<"/api/v1/account-groups/{id}", "patch">) =>
    http.data("patch", "/api/v1/account-groups/{id}", { params: { id }, body }),
  /** The accounts stay connected, ungrouped; the group's active invites are turned off. */
  delete: (id: string) => http.data("delete", "/api/v1/account-groups/{id}", { params: { id } }),
  /** Moves an account into a group, or out of its group with `null`. */
  moveAccount: (accountId: string, groupId: string | null) =>
    http.data("patch", "/api/v1/connected-accounts/{id}", { params: { id: accountId }, body: { group_id: groupId } }),
});

export type AccountGroups = ReturnType<typeof accountGroups>;
