// Scopes and who is calling: the scope list in words, the principal, its rate buckets, the scope check.
import { AppError } from "../../lib/errors";

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
};

export const describeScope = (scope: string) => SCOPE_WORDS[scope as Scope] ?? scope;

export const isWriteScope = (scope: string) => scope.endsWith(":write") || scope === "agent:destructive";

/** Who is calling: the user, their plan, and what the credential may do. */
export interface Principal {
  userId: string;
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

export function requireScopeOf(principal: Principal, scope: Scope): void {
  if (!principal.scopes.includes(scope)) {
    throw new AppError("insufficient_scope", `This credential lacks the ${scope} scope`, { scope });
  }
}
