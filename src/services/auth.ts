import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { apiKeys, users } from "../db/schema";
import { sha256Hex } from "../lib/crypto";
import { AppError } from "../lib/errors";
import { onPrimary, type Runtime } from "./runtime";

export const SCOPES = [
  "accounts:read",
  "accounts:write",
  "posts:read",
  "posts:write",
  "flows:read",
  "flows:write",
  "webhooks:read",
  "webhooks:write",
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

const LAST_USED_RESOLUTION_MS = 60_000;

export const hashApiKey = sha256Hex;

/** The read that finds an API key (not revoked) and its user's plan by the key's hash. */
export const apiKeyLookup = (db: Db, hash: string) =>
  db
    .select({ keyId: apiKeys.id, userId: apiKeys.userId, lastUsedAt: apiKeys.lastUsedAt, plan: users.plan })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)));

/**
 * Resolves an `X-API-Key` from its hash; an API key holds every scope of its user. `found` is the
 * lookup's answer when it was already read (alongside the sandbox runtime's own read). The lookup reads the
 * primary, never a replica, so a revoked key is refused on its very next request whatever bookmark it sends.
 */
export async function authenticateApiKey(
  rt: Runtime,
  hash: string,
  waitUntil: (p: Promise<unknown>) => void,
  found?: Awaited<ReturnType<typeof apiKeyLookup>>,
): Promise<Principal> {
  const [row] = found ?? (await apiKeyLookup(onPrimary(rt).db, hash));
  if (!row) throw new AppError("invalid_api_key", "The API key is not valid or has been revoked");

  const now = rt.clock.now();
  if (row.lastUsedAt == null || now - row.lastUsedAt > LAST_USED_RESOLUTION_MS) {
    // Recorded to the minute, off the request path, so a busy key costs no write per request.
    waitUntil(
      rt.db
        .update(apiKeys)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(apiKeys.id, row.keyId),
            or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, now - LAST_USED_RESOLUTION_MS)),
          ),
        ),
    );
  }
  return { userId: row.userId, plan: row.plan, scopes: SCOPES, rateKey: apiKeyRateKey(hash), via: "api_key" };
}

/** The rate bucket of an API key, known from its hash alone so counting can run beside the key lookup. */
export const apiKeyRateKey = (hash: string) => `key:${hash}`;

/** The rate bucket of everything a user does without an API key (OAuth tokens, the signed-in pages). */
export const userRateKey = (userId: string) => `user:${userId}`;

export function requireScopeOf(principal: Principal, scope: Scope): void {
  if (!principal.scopes.includes(scope)) {
    throw new AppError("insufficient_scope", `This credential lacks the ${scope} scope`, { scope });
  }
}
