// Scopes and who is calling: the scope list in words, the principal and its role, its rate buckets.
import type { Role } from "../../db/schema/teams";

export const SCOPES = [
  "accounts:read",
  "accounts:write",
  "posts:read",
  "posts:write",
  "flows:read",
  "flows:write",
  "webhooks:read",
  "webhooks:write",
  "inbox:read",
  "inbox:write",
  "agent:execute",
  "agent:destructive",
  "workspace:read",
  "workspace:write",
] as const;
export type Scope = (typeof SCOPES)[number];

/** What each scope lets a credential do, in the words the consent and settings pages use. */
const SCOPE_WORDS: Record<Scope, string> = {
  "accounts:read": "See your connected accounts and client invites",
  "accounts:write": "Connect and disconnect accounts, manage API keys and client invites",
  "posts:read": "See your posts, posting slots, plugs and feeds",
  "posts:write": "Create, schedule, change and delete posts, posting slots, plugs and feeds",
  "flows:read": "See your automation flows and the data they collected",
  "flows:write": "Build and change your automation flows",
  "webhooks:read": "See your webhooks and their deliveries",
  "webhooks:write": "Add, change and remove webhooks",
  "inbox:read": "Read the comments and direct messages in your inbox",
  "inbox:write": "Answer, assign, label, close and hide comments and messages in your inbox",
  "agent:execute": "Use Herald's agent tools for you",
  "agent:destructive": "Let agent tools delete things",
  "workspace:read": "See the workspace's settings and its members",
  "workspace:write": "Invite, change and remove members, and change the workspace's settings",
};

export const describeScope = (scope: string) => SCOPE_WORDS[scope as Scope] ?? scope;

export const isWriteScope = (scope: string) => scope.endsWith(":write") || scope === "agent:destructive";

/** The member of the workspace a credential acts for. */
export interface Acting {
  /** The member (`mem_…`). */
  id: string;
  /** The person's login. */
  personId: string;
  role: Role;
}

/** Who is calling: the workspace (`userId`), its plan, the member acting, and what the credential may do. */
export interface Principal {
  /** The workspace acted in (the id of the login that founded it: every `user_id` column holds it). */
  userId: string;
  /** The member acting; absent for Herald itself (a job acting for the workspace), which acts as its owner. */
  member?: Acting;
  plan: string;
  scopes: readonly Scope[];
  /** The rate-limit bucket: one per API key (per user for OAuth tokens). */
  rateKey: string;
  /**
   * The credential behind the call: an API key, an app's OAuth token, the signed-in person's session, or Herald
   * itself (a cron or queue job acting for the user).
   */
  via: "api_key" | "oauth" | "session" | "system";
}

/** The rate bucket of an API key (its gate, `services/key-gate/`), known from its hash alone. */
export const apiKeyRateKey = (hash: string) => `key:${hash}`;

/** The rate bucket of everything a user does without an API key (OAuth tokens, the signed-in pages). */
export const userRateKey = (userId: string) => `user:${userId}`;

/** The role a principal acts with: its member's, or the owner's for Herald itself. */
export const roleOf = (principal: Principal): Role => principal.member?.role ?? "owner";
