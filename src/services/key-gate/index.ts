// The API-key gate, its Worker side: API keys made, proved, counted and revoked through their gate.

import { and, eq, isNull, sql } from "drizzle-orm";
import { apiKeys, members } from "../../db/schema";
import { constantTimeEqual, hmacSha256Hex, sha256Hex } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { randomToken } from "../../lib/ids";
import { apiKeyRateKey, type Principal, SCOPES, userRateKey } from "../auth/auth";
import { onPrimary, type Runtime } from "../runtime";
import { configuredEncryptionKey } from "../secrets";
import { activityIsStale } from "../teams/activity";
import { findKeyHolder, recordLastUse } from "./holders";
import { dropLeases, gateCall, isolateId, keepLease, leasesEnded, spendLease } from "./leases";
import type { KeyHolder, RateDecision } from "./terms";

/**
 * The API-key gate: API keys, how a request proves one, and how often it may. Its files, bottom up, each importing
 * only those before it: `terms.ts` (what crosses a call to the gate), `holders.ts` (who holds a key, from D1),
 * `rate-limiter.ts` (the gate: the `RateLimiter` Durable Object, one per key), `leases.ts` (this isolate's share of a
 * key's window) and this file, the Worker side, which reaches the gate through `env.RATE_LIMITER`.
 *
 * What it promises, and where each promise is kept:
 * - counting: all isolates together admit at most the key's limit in each window. The gate alone counts
 *   (`RateLimiter.hit`); a lease's units are counted when the gate grants them (`lend`), and those left unspent are
 *   handed back with the isolate's next call (`gateCall`, `takeBack`).
 * - revocation: a request made after `revokeApiKey` answered is refused, on every isolate. `revokeAtGate` tells the
 *   gate first (`revokeKey`: refused from then on, whatever D1 says), drops this isolate's lease, and the caller waits
 *   until every other isolate's lease has ended (`leasesEnded`).
 * - plan changes: a request made after the change answered counts under the new plan. `forgetRememberedPlans` makes
 *   the user's gates read the holder again (`forgetHolder`) and waits out the leases granted on the old plan; a gate
 *   also reads again at least every `HOLDER_FRESH_MS`.
 *
 * A key is `sk_<32 random characters>_<tag>`, the tag an HMAC of the random part under the deployment's secret. A
 * request's key is checked in three steps, and the first two cost no round trip to D1:
 * 1. the tag, in the Worker: a key Herald never made is refused (401) before anything is asked of anyone;
 * 2. the key's gate, the Durable Object that counts the key's requests (`RateLimiter`, one per key): it remembers
 *    the key's holder (user, plan) after reading it once, so one call both authenticates and counts. The gate also
 *    leases the isolate a share of the key's window (`leases.ts`): the key's next requests here, for up to two
 *    seconds, cost no round trip at all.
 * 3. keys made before tags existed (`sk_` and 40 characters), and every key on a deployment that has lost its secret
 *    (its tags cannot be checked), are found in D1 as before: one read, then the count.
 */

const RANDOM_LENGTH = 32;
const TAG_LENGTH = 16;
const TAGGED_KEY = new RegExp(`^sk_([0-9A-Za-z]{${RANDOM_LENGTH}})_([0-9a-f]{${TAG_LENGTH}})$`);

export const hashApiKey = sha256Hex;

const tagOf = async (secret: string, random: string) =>
  (await hmacSha256Hex(secret, `herald-api-key:${random}`)).slice(0, TAG_LENGTH);

/** A new key: tagged when the deployment has its secret, else as keys were before tags. */
export async function mintApiKey(rt: Runtime): Promise<string> {
  const secret = configuredEncryptionKey(rt);
  if (!secret) return `sk_${randomToken(40)}`;
  const random = randomToken(RANDOM_LENGTH);
  return `sk_${random}_${await tagOf(secret, random)}`;
}

/** The random part and the tag of a tagged key; null for a key made before tags (or not Herald's at all). */
const taggedParts = (key: string) => TAGGED_KEY.exec(key);

/**
 * Tagged keys this isolate has checked, with their hashes: a key's next requests skip the HMAC and the SHA-256 (a
 * few percent of an authenticated read's CPU). Only keys whose tag holds are kept, so made-up keys cannot fill it;
 * whether a key is live is still its gate's answer on every request.
 */
const provenKeys = new Map<string, { secret: string; hash: string }>();
const MOST_PROVEN_KEYS = 1_000;

/** The hash of a tagged key whose tag holds under `secret`; 401 when it does not. */
async function provenHash(secret: string, key: string, [, random, tag]: RegExpExecArray): Promise<string> {
  const proven = provenKeys.get(key);
  if (proven?.secret === secret) return proven.hash;
  if (!constantTimeEqual(await tagOf(secret, random!), tag!)) throw invalidKey();
  const hash = await hashApiKey(key);
  if (provenKeys.size >= MOST_PROVEN_KEYS) provenKeys.delete(provenKeys.keys().next().value!);
  provenKeys.set(key, { secret, hash });
  return hash;
}

/** The gate of the key with this hash: the Durable Object that counts its requests. */
export const keyGate = (env: Env, hash: string) =>
  env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(apiKeyRateKey(hash)));

/** The bucket a user's OAuth tokens count in, which also remembers the user's plan (`RateLimiter.admitUser`). */
export const userGate = (env: Env, userId: string) =>
  env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(userRateKey(userId)));

const invalidKey = () => new AppError("invalid_api_key", "The API key is not valid or has been revoked");

const principalOf = (holder: KeyHolder, hash: string): Principal => ({
  userId: holder.userId,
  member: holder.member,
  plan: holder.plan,
  scopes: SCOPES,
  rateKey: apiKeyRateKey(hash),
  via: "api_key",
});

/**
 * Authenticates an `X-API-Key` and counts the request against its hourly limit: the principal (an API key holds
 * every scope of its user) and the rate decision. An unknown key is a 401 and is never counted; a forged tag never
 * reaches a Durable Object.
 */
export async function admitApiKey(
  rt: Runtime,
  key: string,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<{ principal: Principal; decision: RateDecision }> {
  const limit = rt.config.rate_limit_per_hour;
  const now = rt.clock.now();
  const tagged = taggedParts(key);
  const secret = configuredEncryptionKey(rt);
  if (tagged && secret) {
    const hash = await provenHash(secret, key, tagged);
    const leased = spendLease(hash, limit, now);
    if (leased) return { principal: principalOf(leased.holder, hash), decision: leased.decision };
    const call = gateCall(hash, now);
    const admitted = await keyGate(rt.env, hash).admitKey(hash, limit, now, {
      isolate: isolateId(),
      giveBack: call.giveBack,
    });
    if (!admitted) throw invalidKey();
    if (admitted.lease) keepLease(hash, call, admitted.lease, admitted.holder, admitted.decision);
    return { principal: principalOf(admitted.holder, hash), decision: admitted.decision };
  }
  const hash = await hashApiKey(key);
  const holder = await findKeyHolder(onPrimary(rt).db, hash);
  if (!holder) throw invalidKey();
  if (activityIsStale(holder.lastUsedAt, now)) waitUntil(recordLastUse(rt.db, holder, now));
  return { principal: principalOf(holder, hash), decision: await keyGate(rt.env, hash).hit(limit, now) };
}

/**
 * Revokes the key at its gate: refused from this moment on everywhere, once every other isolate's lease on it has
 * ended (how long they still run is the answer: the caller waits it out with `leasesEnded` before answering).
 */
export async function revokeAtGate(env: Env, hash: string): Promise<number> {
  dropLeases(hash); // no request here is admitted on this isolate's lease from now on,
  const othersEndIn = await keyGate(env, hash).revokeKey(isolateId());
  dropLeases(hash); // nor on one the gate granted before it heard, whose answer may still be on its way
  return othersEndIn;
}

/** A member whose credentials' gates must read again: their person, and the member row's id (its grants' user). */
export interface ForgottenMember {
  personId: string;
  memberId: string;
}

/**
 * Makes the gates of the workspace's credentials read their holder again, and answers once no isolate holds a lease
 * granted on what they read before: the workspace's plan changed (every member's live keys, and the buckets of their
 * OAuth tokens), or, with `member`, that member's role or membership (theirs only; given, not read, so a member row
 * already deleted is still named).
 */
export async function forgetRememberedPlans(rt: Runtime, userId: string, member?: ForgottenMember): Promise<void> {
  const [live, people] = await Promise.all([
    rt.db
      .select({ hash: apiKeys.hash })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.userId, userId),
          isNull(apiKeys.revokedAt),
          member === undefined ? undefined : sql`coalesce(${apiKeys.personId}, ${apiKeys.userId}) = ${member.personId}`,
        ),
      ),
    member === undefined
      ? rt.db
          .select({ id: members.id, personId: members.personId })
          .from(members)
          .where(eq(members.workspaceId, userId))
      : [{ id: member.memberId, personId: member.personId }],
  ]);
  // The bucket of a member's OAuth tokens is named after the user their grants are filed under (`grantUserOf`).
  const grantUsers = people.map((m) => (m.personId === userId ? userId : m.id));
  if (member === undefined && !grantUsers.includes(userId)) grantUsers.push(userId);
  for (const { hash } of live) dropLeases(hash);
  const leasesEndIn = await Promise.all([
    ...live.map(({ hash }) => keyGate(rt.env, hash).forgetHolder(isolateId())),
    ...grantUsers.map((grantUser) => userGate(rt.env, grantUser).forgetHolder()),
  ]);
  for (const { hash } of live) dropLeases(hash); // as in `revokeAtGate`
  await leasesEnded(Math.max(0, ...leasesEndIn));
}
