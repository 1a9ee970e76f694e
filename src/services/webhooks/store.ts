// Webhooks as stored: listed, created, changed, deleted, with their sealed signing secrets rotated.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { deliveryAttempts, events, webhookDeliveries, webhooks } from "../../db/schema";
import { insertUnderLimits, type RowOf } from "../../db/under-limit";
import { iso, isoOrNull } from "../../lib/clock";
import { AppError, featureDisabled, notFound } from "../../lib/errors";
import { newId, randomToken } from "../../lib/ids";
import { assertPublicUrl } from "../../lib/ssrf";
import type { WebhookCreateInput, WebhookUpdateInput } from "../../schemas/webhooks";
import { requireOwnedAccounts } from "../accounts/accounts";
import type { Principal } from "../auth/auth";
import { planOf } from "../plans";
import type { Runtime } from "../runtime";
import { openSecret, sealSecret } from "../secrets";
import { COUNTED_TYPES, checkEvents, INTEGRATIONS_PER_USER, type IntegrationType, UNCOUNTED_TYPES } from "./catalog";
import type { Endpoint, SignatureFormat } from "./send";

export type WebhookRow = typeof webhooks.$inferSelect;

const SECRET_PURPOSE = "webhook-signing-secret";

export const presentWebhook = (row: WebhookRow) => ({
  id: row.id,
  target_url: row.targetUrl,
  events: row.events,
  integration_type: row.integrationType as IntegrationType,
  account_ids: row.accountIds,
  signature_format: row.signatureFormat as SignatureFormat,
  active: row.active,
  consecutive_failures: row.consecutiveFailures,
  switched_off_at: isoOrNull(row.switchedOffAt),
  last_delivery_at: isoOrNull(row.lastDeliveryAt),
  last_status: row.lastStatus,
  last_error: row.lastError,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

/** `whsec_` and 40 base62 characters: read as base64 they are 30 bytes, so the one secret serves both signature formats. */
const newSigningSecret = () => `whsec_${randomToken(40)}`;

/** The newest outbox position: a webhook switched on now receives only events after it. */
const outboxHead = sql`(SELECT coalesce(max(${events.seq}), 0) FROM ${events})`;

export async function listWebhooks(rt: Runtime, userId: string): Promise<WebhookRow[]> {
  return rt.db
    .select()
    .from(webhooks)
    .where(eq(webhooks.userId, userId))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

/** The user's webhook, or 404: another user's id is indistinguishable from an unknown one. */
export async function getOwnedWebhook(rt: Runtime, userId: string, id: string): Promise<WebhookRow> {
  const [row] = await rt.db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
  if (!row) throw notFound("Webhook");
  return row;
}

export const signingSecretOf = (rt: Runtime, row: WebhookRow) =>
  openSecret(rt, SECRET_PURPOSE, row.id, row.secretSealed);

/** Where the webhook's requests go and how they are signed (its secret opened). */
export const endpointOf = async (rt: Runtime, row: WebhookRow): Promise<Endpoint> => ({
  url: row.targetUrl,
  secret: await signingSecretOf(rt, row),
  format: row.signatureFormat as SignatureFormat,
});

/** The account filter: the user's accounts, each once. */
async function checkAccounts(rt: Runtime, userId: string, accountIds: string[]): Promise<string[]> {
  return [...(await requireOwnedAccounts(rt, userId, accountIds, "account_ids")).keys()];
}

const targetUrl = (rt: Runtime, raw: string) => assertPublicUrl(raw, { sandbox: rt.sandbox, field: "target_url" }).href;

const urlTaken = (url: string) =>
  new AppError("webhook_exists", `A webhook to ${withoutQuery(url)} exists already; change or delete that one`, {
    target_url: url,
  });

/** A URL without its query and fragment: two webhooks differing only there would send every event twice to one place. */
const withoutQuery = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

/** The user's webhook at the same endpoint as `url`, if any (a user holds at most 75 webhooks: read them all). */
async function findByEndpoint(rt: Runtime, userId: string, url: string) {
  const rows = await rt.db
    .select({ id: webhooks.id, targetUrl: webhooks.targetUrl })
    .from(webhooks)
    .where(eq(webhooks.userId, userId));
  return rows.find((row) => withoutQuery(row.targetUrl) === withoutQuery(url));
}

/**
 * Creates a webhook and answers with its signing secret (shown this once). The plan's count covers
 * `webhook`, `custom` and `n8n`; the insert itself checks the count, so two requests at once cannot
 * both take the last place.
 */
export async function createWebhook(rt: Runtime, principal: Principal, input: WebhookCreateInput) {
  const url = targetUrl(rt, input.target_url);
  checkEvents(principal.plan, input.events);
  const accountIds = await checkAccounts(rt, principal.userId, input.account_ids ?? []);
  const type = input.integration_type ?? "webhook";
  const counted = COUNTED_TYPES.includes(type);
  const limit = counted ? planOf(principal.plan).webhooks : INTEGRATIONS_PER_USER;
  if (counted && limit === 0) {
    throw new AppError("feature_disabled", `Webhooks: not included in the ${principal.plan} plan`);
  }
  if (await findByEndpoint(rt, principal.userId, url)) throw urlTaken(url);

  const id = newId("wh");
  const secret = newSigningSecret();
  const now = rt.clock.now();
  const row: RowOf<typeof webhooks> = {
    id,
    userId: principal.userId,
    targetUrl: url,
    events: [...new Set(input.events)],
    integrationType: type,
    accountIds,
    active: true,
    secretSealed: await sealSecret(rt, SECRET_PURPOSE, id, secret),
    signatureFormat: input.signature_format ?? "service",
    consecutiveFailures: 0,
    startSeq: outboxHead,
    switchedOffAt: null,
    lastDeliveryAt: null,
    lastStatus: null,
    lastError: null,
    createdAt: now,
    updatedAt: now,
  };
  const counts = and(
    eq(webhooks.userId, principal.userId),
    inArray(webhooks.integrationType, counted ? [...COUNTED_TYPES] : UNCOUNTED_TYPES),
  );
  const created = await insertUnderLimits(rt.db, webhooks, row, [{ table: webhooks, where: counts, max: limit }]);
  if (!created) {
    if (await findByEndpoint(rt, principal.userId, url)) throw urlTaken(url);
    if (!counted) throw featureDisabled(`Zapier and Make webhooks: at most ${limit} per user`);
    throw featureDisabled(`The ${principal.plan} plan allows ${limit} webhooks (webhook, custom and n8n types)`);
  }
  return { ...presentWebhook(created), signing_secret: secret };
}

/**
 * Changes a webhook. `active: true` switches it on with the failure count at zero (and, when it was off,
 * it receives only events from now on); `active: false` switches it off by hand. A new `signature_format` signs
 * every request from now on (retries of earlier events included) with the same secret.
 */
export async function updateWebhook(rt: Runtime, principal: Principal, id: string, patch: WebhookUpdateInput) {
  const current = await getOwnedWebhook(rt, principal.userId, id);
  const set: Partial<Record<keyof WebhookRow, unknown>> = { updatedAt: rt.clock.now() };
  if (patch.target_url !== undefined) {
    set.targetUrl = targetUrl(rt, patch.target_url);
    const other = await findByEndpoint(rt, principal.userId, set.targetUrl as string);
    if (other && other.id !== id) throw urlTaken(set.targetUrl as string);
  }
  if (patch.events !== undefined) {
    checkEvents(principal.plan, patch.events);
    set.events = [...new Set(patch.events)];
  }
  if (patch.account_ids !== undefined) set.accountIds = await checkAccounts(rt, principal.userId, patch.account_ids);
  if (patch.signature_format !== undefined) set.signatureFormat = patch.signature_format;
  if (patch.active === true) {
    Object.assign(set, { active: true, consecutiveFailures: 0, switchedOffAt: null });
    if (!current.active) set.startSeq = outboxHead;
  }
  if (patch.active === false) set.active = false;
  const [row] = await rt.db
    .update(webhooks)
    .set(set as Partial<WebhookRow>)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, principal.userId)))
    .returning()
    .catch((error: unknown) => {
      if (String(error).includes("UNIQUE")) throw urlTaken(set.targetUrl as string);
      throw error;
    });
  if (!row) throw notFound("Webhook");
  return presentWebhook(row);
}

/** Deletes a webhook with its delivery history; the same URL can be added again. */
export async function deleteWebhook(rt: Runtime, userId: string, id: string) {
  await getOwnedWebhook(rt, userId, id);
  await rt.db.batch([
    rt.db.delete(deliveryAttempts).where(eq(deliveryAttempts.webhookId, id)),
    rt.db.delete(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id)),
    rt.db.delete(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, userId))),
  ]);
  return { id, deleted: true as const };
}

/** Replaces the signing secret at once (the old one stops verifying) and shows the new one once. */
export async function rotateSigningSecret(rt: Runtime, userId: string, id: string) {
  await getOwnedWebhook(rt, userId, id);
  const secret = newSigningSecret();
  const [row] = await rt.db
    .update(webhooks)
    .set({ secretSealed: await sealSecret(rt, SECRET_PURPOSE, id, secret), updatedAt: rt.clock.now() })
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning();
  if (!row) throw notFound("Webhook");
  return { ...presentWebhook(row), signing_secret: secret };
}
