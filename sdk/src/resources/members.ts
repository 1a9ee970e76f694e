import type { Http } from "../http.ts";
import type { Body } from "../types.ts";

const one = "/api/v1/members/{id}";

/** The workspace's people and their roles (owner, admin, editor, viewer), and invitations to join it. */
export const members = (http: Http) => ({
  /** Members and open invitations, the owner first. Every role may read them. */
  list: () => http.data("get", "/api/v1/members"),
  /** Invites `email` as `role`: the answer's `invite_url` is shown this once (and mailed); it holds 7 days. */
  invite: (body: Body<"/api/v1/members", "post">) => http.data("post", "/api/v1/members", { body }),
  /** Changes a member's role; their keys, sessions and grants act with it from the answer on. */
  update: (id: string, body: Body<typeof one, "patch">) => http.data("patch", one, { params: { id }, body }),
  /** Removes a member (their keys, grants and sessions here stop at once), or revokes an invitation. */
  remove: (id: string) => http.data("delete", one, { params: { id } }),
  /** The owner makes an active member the owner, and becomes an admin. */
  transferOwnership: (id: string) => http.data("post", "/api/v1/members/{id}/transfer-ownership", { params: { id } }),
  /** Accepts an invitation as the person this client's credential belongs to (their email must be the invited one). */
  accept: (token: string) => http.data("post", "/api/v1/invitations/accept", { body: { token } }),
});

/** The workspace the credential acts in: its settings, seats and the caller's role; leaving it. */
export const workspace = (http: Http) => ({
  get: () => http.data("get", "/api/v1/workspace"),
  update: (body: Body<"/api/v1/workspace", "patch">) => http.data("patch", "/api/v1/workspace", { body }),
  /** This credential's member leaves (its keys here stop at once); the owner must transfer ownership first. */
  leave: () => http.data("post", "/api/v1/workspace/leave"),
});

export type Members = ReturnType<typeof members>;
export type WorkspaceResource = ReturnType<typeof workspace>;
