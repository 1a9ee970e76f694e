// Meta's event webhooks: the handshake, the signature check, comments and messages as inbound events.
import { and, eq, inArray, ne } from "drizzle-orm";
import { accounts } from "../../../db/schema";
import { constantTimeEqual, hmacSha256HexOfBytes } from "../../../lib/crypto";
import { AppError } from "../../../lib/errors";
import { log } from "../../../lib/log";
import { parseTemplateStatusChange, type TemplateStatusChange } from "../../../platforms/whatsapp/whatsapp";
import type { InboundEvent } from "../../../queues/inbound";
import type { Runtime } from "../../runtime";
import { applyTemplateStatus } from "../../whatsapp-templates";
import { INBOUND_DEDUPE_MS, queueInbound } from "./inbound";

/**
 * Meta's event webhooks for Instagram, Facebook Pages and WhatsApp Business: the verification handshake, the
 * `X-Hub-Signature-256` check, and the comments and messages in them as normalized inbound events.
 */

export const WEBHOOK_PLATFORMS = ["instagram", "facebook", "whatsapp"] as const;
export type WebhookPlatform = (typeof WEBHOOK_PLATFORMS)[number];

/**
 * The app secrets a platform's webhooks may be signed with: Instagram's own product (Business Login for Instagram)
 * signs with its secret, a Facebook-login app with the Meta app's; Pages and WhatsApp with the Meta app's.
 */
function appSecrets(rt: Runtime, platform: WebhookPlatform): string[] {
  const env = rt.env;
  const secrets = platform === "instagram" ? [env.INSTAGRAM_APP_SECRET, env.META_APP_SECRET] : [env.META_APP_SECRET];
  return secrets.filter((s): s is string => typeof s === "string" && s !== "");
}

/** The GET handshake: `hub.mode=subscribe` and the configured verify token; answers `hub.challenge`. */
export function verifyHandshake(rt: Runtime, query: Record<string, string | undefined>): string {
  const expected = rt.env.META_WEBHOOK_VERIFY_TOKEN;
  const token = query["hub.verify_token"] ?? "";
  if (query["hub.mode"] !== "subscribe" || !expected || !constantTimeEqual(token, expected)) {
    throw new AppError("verify_token_mismatch", "The verify token does not match this deployment's");
  }
  return query["hub.challenge"] ?? "";
}

/** `sha256=<hex>` over the raw body with one of the platform's app secrets, compared in constant time. */
export async function verifySignature(
  rt: Runtime,
  platform: WebhookPlatform,
  body: Uint8Array,
  header: string | undefined,
): Promise<void> {
  const given = header?.startsWith("sha256=") ? header.slice("sha256=".length).toLowerCase() : "";
  for (const secret of appSecrets(rt, platform)) {
    if (given && constantTimeEqual(given, await hmacSha256HexOfBytes(secret, body))) return;
  }
  throw new AppError("invalid_signature", "X-Hub-Signature-256 is missing or does not match");
}

/**
 * An event as the webhook names it: the account by its platform id, not yet Herald's; `sentAt` is when the platform
 * says it happened (ms), when it says.
 */
export type RawInbound = Omit<InboundEvent, "accountId" | "platform" | "at"> & {
  platformAccountId: string;
};

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const obj = (v: unknown): Record<string, any> => (v && typeof v === "object" ? (v as Record<string, any>) : {});
const list = (v: unknown): any[] => (Array.isArray(v) ? v : []);

/**
 * A platform time in milliseconds: Messenger and Instagram messaging give milliseconds, comment changes and WhatsApp
 * seconds (WhatsApp as a string); a value below 10^11 is seconds (10^11 ms is 1973, 10^11 s the year 5138).
 */
function platformTime(...values: unknown[]): number | undefined {
  for (const v of values) {
    const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof n === "number" && Number.isFinite(n) && n > 0) return n < 1e11 ? n * 1000 : n;
  }
  return undefined;
}

/** `event` with the platform's time of it, when there is one. */
const sentAt = <T extends RawInbound>(event: T, ...times: unknown[]): T => {
  const at = platformTime(...times);
  return at === undefined ? event : { ...event, sentAt: at };
};

/** A message's attachments that carry a link (images, videos, audio, files), as Meta names them; at most ten. */
const attachmentsOf = (message: Record<string, any>) =>
  list(message.attachments)
    .flatMap((a) => {
      const [type, url] = [str(obj(a).type), str(obj(obj(a).payload).url)];
      return type && url && url.length <= 2000 && type.length <= 50 ? [{ type, url }] : [];
    })
    .slice(0, 10);

/** An Instagram or Messenger `messaging` item: a message, a story reply or mention, or a tapped button. */
function messagingEvent(accountPlatformId: string, item: Record<string, any>): RawInbound | null {
  const sender = str(obj(item.sender).id);
  if (!sender || sender === accountPlatformId) return null;
  const message = obj(item.message);
  const postback = obj(item.postback);
  if (message.is_echo === true) return null;
  const base = { platformAccountId: accountPlatformId, senderId: sender };
  const mid = str(message.mid);
  if (mid) {
    const story = obj(obj(message.reply_to).story);
    if (str(story.id) || str(story.url)) {
      return { ...base, kind: "story_reply", id: mid, text: str(message.text) ?? "", mediaId: str(story.id) };
    }
    if (list(message.attachments).some((a) => obj(a).type === "story_mention")) {
      return { ...base, kind: "story_mention", id: mid, text: str(message.text) ?? "" };
    }
    const quick = str(obj(message.quick_reply).payload);
    const media = attachmentsOf(message);
    return {
      ...base,
      kind: "message",
      id: mid,
      text: quick ?? str(message.text) ?? "",
      ...(media.length ? { media } : {}),
    };
  }
  const postbackId = str(postback.mid);
  if (postbackId) {
    return { ...base, kind: "message", id: postbackId, text: str(postback.payload) ?? str(postback.title) ?? "" };
  }
  return null;
}

/** A comment change: Instagram's `comments` field, or a Page feed's `comment` item being added. */
function commentEvent(accountPlatformId: string, field: string, value: Record<string, any>): RawInbound | null {
  const from = str(obj(value.from).id);
  if (!from || from === accountPlatformId) return null;
  const instagram = field === "comments" || field === "live_comments";
  const page = field === "feed" && value.item === "comment" && value.verb === "add";
  if (!instagram && !page) return null;
  const id = str(instagram ? value.id : value.comment_id);
  if (!id) return null;
  const name = str(instagram ? obj(value.from).username : obj(value.from).name);
  return {
    platformAccountId: accountPlatformId,
    kind: "comment",
    id,
    senderId: from,
    text: str(instagram ? value.text : value.message) ?? "",
    mediaId: instagram ? str(obj(value.media).id) : str(value.post_id),
    ...(name ? { sender: instagram ? { handle: name } : { name } } : {}),
  };
}

/** WhatsApp Cloud API `messages` changes: each incoming message (statuses of sent ones are not events). */
function whatsappEvents(value: Record<string, any>): RawInbound[] {
  const phoneNumberId = str(obj(value.metadata).phone_number_id);
  if (!phoneNumberId) return [];
  const names = new Map(list(value.contacts).map((c) => [str(obj(c).wa_id), str(obj(obj(c).profile).name)] as const));
  return list(value.messages).flatMap((m): RawInbound[] => {
    const id = str(m?.id);
    const from = str(m?.from);
    if (!id || !from) return [];
    const interactive = obj(m.interactive);
    const text =
      str(obj(m.text).body) ??
      str(obj(interactive.button_reply).id) ??
      str(obj(interactive.list_reply).id) ??
      str(obj(m.button).payload) ??
      str(obj(m.button).text) ??
      "";
    const name = names.get(from);
    const sender = { handle: `+${from}`, ...(name ? { name } : {}) };
    return [
      sentAt({ platformAccountId: phoneNumberId, kind: "message", id, senderId: from, text, sender }, m.timestamp),
    ];
  });
}

/**
 * The comments and messages in one webhook payload. Meta batches entries (one per account) and changes; anything
 * else (reactions, reads, deliveries, and `message_template_status_update`, which is not an inbound event) is
 * left out.
 */
export function parseMetaPayload(platform: WebhookPlatform, payload: unknown): RawInbound[] {
  const events: RawInbound[] = [];
  for (const entry of list(obj(payload).entry)) {
    const accountPlatformId = str(obj(entry).id);
    const entryTime = obj(entry).time;
    if (platform === "whatsapp") {
      for (const change of list(obj(entry).changes)) {
        if (obj(change).field === "messages") events.push(...whatsappEvents(obj(obj(change).value)));
      }
      continue;
    }
    if (!accountPlatformId) continue;
    for (const change of list(obj(entry).changes)) {
      const value = obj(obj(change).value);
      const event = commentEvent(accountPlatformId, str(obj(change).field) ?? "", value);
      if (event) events.push(sentAt(event, value.created_time, entryTime));
    }
    for (const item of list(obj(entry).messaging)) {
      const event = messagingEvent(accountPlatformId, obj(item));
      if (event) events.push(sentAt(event, obj(item).timestamp, entryTime));
    }
  }
  return events;
}

/** WhatsApp's template status changes in one payload, with the WhatsApp Business Account id of their entry. */
export function parseTemplateChanges(payload: unknown): { wabaId: string; change: TemplateStatusChange }[] {
  return list(obj(payload).entry).flatMap((entry) => {
    const wabaId = str(obj(entry).id);
    if (!wabaId) return [];
    return list(obj(entry).changes).flatMap((change) => {
      if (obj(change).field !== "message_template_status_update") return [];
      const parsed = parseTemplateStatusChange(obj(change).value);
      return parsed ? [{ wabaId, change: parsed }] : [];
    });
  });
}

/**
 * Template status changes take effect at once (they are few, and `applyTemplateStatus` writes its event in the
 * outbox): every WhatsApp account (phone number) of the entry's WABA is updated, since templates belong to the WABA;
 * changes for WABAs Herald does not hold are skipped.
 */
async function applyTemplateChanges(rt: Runtime, payload: unknown): Promise<void> {
  const changes = parseTemplateChanges(payload);
  if (changes.length === 0) return;
  const rows = await rt.db
    .select({ id: accounts.id, businessAccountId: accounts.businessAccountId })
    .from(accounts)
    .where(
      and(
        eq(accounts.platform, "whatsapp"),
        inArray(accounts.businessAccountId, [...new Set(changes.map((c) => c.wabaId))]),
        ne(accounts.status, "disconnected"),
      ),
    );
  for (const { wabaId, change } of changes) {
    for (const row of rows.filter((r) => r.businessAccountId === wabaId)) {
      await applyTemplateStatus(rt, { accountId: row.id, ...change });
    }
  }
}

/**
 * An event the platform says happened longer ago than Herald keeps its dedupe row (`INBOUND_DEDUPE_MS`, less five
 * minutes for the two clocks' difference) may have been handled before and forgotten since: a replay, never run.
 */
const STALE_AFTER_MS = INBOUND_DEDUPE_MS - 5 * 60_000;

/**
 * A verified webhook's events, queued for the contacts' runners under the accounts they name (accounts Herald does
 * not hold, or that are disconnected, are skipped, and so is an event older than the dedupe horizon: answered like
 * the rest, so the platform stops sending it, but never run). Answers how many were queued.
 */
export async function receiveMetaWebhook(
  rt: Runtime,
  platform: WebhookPlatform,
  body: Uint8Array,
  signature: string | undefined,
): Promise<number> {
  await verifySignature(rt, platform, body, signature);
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return 0;
  }
  if (platform === "whatsapp") await applyTemplateChanges(rt, payload);
  const at = rt.clock.now();
  const parsed = parseMetaPayload(platform, payload);
  const raw = parsed.filter((e) => e.sentAt === undefined || at - e.sentAt <= STALE_AFTER_MS);
  if (raw.length < parsed.length) {
    log.warn("inbound.stale_events_skipped", { platform, events: parsed.length - raw.length });
  }
  if (raw.length === 0) return 0;
  const rows = await rt.db
    .select({ id: accounts.id, platformUserId: accounts.platformUserId })
    .from(accounts)
    .where(
      and(
        eq(accounts.platform, platform),
        inArray(accounts.platformUserId, [...new Set(raw.map((e) => e.platformAccountId))]),
        ne(accounts.status, "disconnected"),
      ),
    );
  const byPlatformId = new Map(rows.map((r) => [r.platformUserId, r.id]));
  const events = raw.flatMap(({ platformAccountId, ...event }): InboundEvent[] => {
    const accountId = byPlatformId.get(platformAccountId);
    return accountId ? [{ ...event, accountId, platform, at }] : [];
  });
  await queueInbound(rt, events);
  return events.length;
}
