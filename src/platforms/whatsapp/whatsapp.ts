// The WhatsApp adapter (Cloud API): one phone number's messages and templates, for flows only.
import type {
  CloudAPIErrorResponse,
  CloudAPIMarkMessageReadRequest,
  CloudAPIMarkReadResponse,
  CloudAPIMediaUploadResponse,
  CloudAPIResponse,
  CloudAPISendImageMessageRequest,
  CloudAPISendInteractiveButtonsMessageRequest,
  CloudAPISendTemplateMessageRequest,
  CloudAPISendTextMessageRequest,
  CloudAPISendVideoMessageRequest,
  CloudAPITemplateComponent,
} from "@whatsapp-cloudapi/types/cloudapi";
import { accessToken, type CallKind, exchange, type HttpDeps, readJson } from "../http";
import { downloadMedia, MB } from "../media";
import { GraphClient, META_GRAPH_VERSION } from "../meta/meta-graph";
import {
  type MessageTemplate,
  type Messaging,
  type OAuthConnection,
  type OutgoingMessage,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishResult,
  type SentMessage,
  type TemplateStatus,
} from "../types";
import { whatsAppConnection } from "./whatsapp-connect";
import { whatsAppFailure } from "./whatsapp-errors";

/**
 * WhatsApp Business through Meta's Cloud API. The account is one phone number: `platformUserId` is its phone-number
 * id (messages are sent from it and webhooks name it), `credentials.wabaId` its WhatsApp Business Account (templates,
 * and the template status webhooks, which name the WABA: also kept as the account's `businessAccountId`), and
 * `credentials.accessToken` a business token with `whatsapp_business_messaging` and `whatsapp_business_management`.
 * WhatsApp has no feed: it runs automation flows only (messages, templates, read receipts).
 *
 * Request and answer shapes are `@whatsapp-cloudapi/types`' (type-only); the message template list (below) and the
 * phone number list (whatsapp-connect.ts), which it does not describe, are typed from Meta's reference pages.
 */

interface WhatsAppDeps extends HttpDeps {
  graphVersion?: string;
}

const TEMPLATES_PER_PAGE = 100;
/** WhatsApp Business accounts hold at most 6,000 templates (250 on unverified businesses). */
const MAX_PAGES = 60;
/** The Cloud API's media limits: images 5 MB, videos 16 MB. */
const MEDIA_LIMIT = { image: 5 * MB, video: 16 * MB } as const;

/** Meta's template status (`status` of a template, `event` of a status webhook) in Herald's words. */
const STATUS_OF: Record<string, TemplateStatus> = {
  APPROVED: "approved",
  REINSTATED: "approved",
  PENDING: "pending",
  IN_APPEAL: "pending",
  REJECTED: "rejected",
  PAUSED: "paused",
  DISABLED: "disabled",
};

/** Any other state Meta names (PENDING_DELETION, DELETED, ARCHIVED, LIMIT_EXCEEDED…) cannot be sent: disabled. */
const statusOf = (meta: unknown): TemplateStatus => STATUS_OF[String(meta).toUpperCase()] ?? "disabled";

/** Meta says `NONE` when there is no reason (an approval). */
const reasonOf = (meta: unknown): string | null =>
  typeof meta === "string" && meta.trim() !== "" && meta.toUpperCase() !== "NONE" ? meta : null;

/**
 * A page of `GET /{waba-id}/message_templates`, the fields Herald reads (`@whatsapp-cloudapi/types` does not describe
 * it). From developers.facebook.com/docs/graph-api/reference/whats-app-business-account/message_templates (read
 * 2026-11-27).
 */
export interface MessageTemplatesPage {
  data?: {
    id?: string;
    name?: string;
    language?: string;
    status?: string;
    rejected_reason?: string;
    /** HEADER, BODY, FOOTER, BUTTONS; the BODY's `text` holds its variables, `{{1}}` or named `{{first_name}}`. */
    components?: { type?: string; format?: string; text?: string }[];
  }[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

/** How many distinct variables (`{{1}}`, `{{2}}`…, or named) the template's body has; null when it gives no body. */
function bodyParametersOf(components: NonNullable<MessageTemplatesPage["data"]>[number]["components"]) {
  if (!Array.isArray(components)) return null;
  const body = components.find((c) => String(c?.type).toUpperCase() === "BODY");
  if (typeof body?.text !== "string") return null;
  return new Set(body.text.match(/\{\{\s*[A-Za-z0-9_]+\s*\}\}/g)?.map((v) => v.replace(/\s/g, ""))).size;
}

/** A message as the Cloud API's `POST /{phone-number-id}/messages` takes it. */
type CloudMessage =
  | CloudAPISendTextMessageRequest
  | CloudAPISendTemplateMessageRequest
  | CloudAPISendInteractiveButtonsMessageRequest
  | CloudAPISendImageMessageRequest
  | CloudAPISendVideoMessageRequest;

/** The message's text with its link and any link buttons (WhatsApp's reply buttons cannot open a link). */
function bodyOf(message: OutgoingMessage): string {
  const links = message.buttons.filter((b) => b.type === "url").map((b) => `${b.label}: ${b.url}`);
  return [message.text, ...links, message.link ?? ""].filter((part) => part.trim() !== "").join("\n\n");
}

/**
 * The Cloud API message for Herald's: a template (name, language and its body variables' values, in order); reply
 * buttons (3 at most, titles of 20 characters) as an interactive message, with the media as its header; media with
 * the text as caption; else text, with a link preview when there is a link.
 */
export function cloudMessage(to: string, message: OutgoingMessage, mediaId?: string): CloudMessage {
  const base = { messaging_product: "whatsapp", recipient_type: "individual", to } as const;
  if (message.template) {
    const { name, language, parameters = [] } = message.template;
    const components: CloudAPITemplateComponent[] =
      parameters.length > 0 ? [{ type: "body", parameters: parameters.map((text) => ({ type: "text", text })) }] : [];
    return {
      ...base,
      type: "template",
      template: { name, language: { code: language }, ...(components.length > 0 ? { components } : {}) },
    };
  }
  const body = bodyOf(message);
  const replies = message.buttons.filter((b) => b.type === "postback");
  const media = message.media;
  if (replies.length > 0) {
    const header = media && mediaId ? headerOf(media.type, mediaId) : {};
    return {
      ...base,
      type: "interactive",
      interactive: {
        type: "button",
        ...header,
        body: { text: body },
        action: {
          buttons: replies.map((b) => ({
            type: "reply",
            reply: { id: b.id, title: [...b.label].slice(0, 20).join("") },
          })),
        },
      },
    };
  }
  if (media && mediaId) {
    const caption = body === "" ? {} : { caption: body };
    return media.type === "image"
      ? { ...base, type: "image", image: { id: mediaId, ...caption } }
      : { ...base, type: "video", video: { id: mediaId, ...caption } };
  }
  return { ...base, type: "text", text: { body, ...(message.link ? { preview_url: true } : {}) } };
}

const headerOf = (type: "image" | "video", id: string) =>
  type === "image"
    ? { header: { type: "image" as const, image: { id } } }
    : { header: { type: "video" as const, video: { id } } };

export class WhatsAppAdapter implements Platform {
  private readonly version: string;
  /** Embedded Signup (or Facebook Login for Business), or a system user's token and the WABA's phone number. */
  readonly connection: OAuthConnection;
  readonly messaging: Messaging;

  constructor(private readonly deps: WhatsAppDeps) {
    this.version = deps.graphVersion ?? META_GRAPH_VERSION;
    this.connection = whatsAppConnection(deps, {
      graph: (token) => this.graph(token),
      post: (token, label, path, body) => this.call(token, { label, creates: false }, path, body),
    });
    this.messaging = {
      privateReply: async () => {
        throw new PlatformError("refused", "WhatsApp has no comments to reply to privately", "NOT_SUPPORTED");
      },
      sendMessage: (account, recipientId, message) => this.send(account, recipientId, message),
      markRead: (account, messageId) => this.markRead(account, messageId),
    };
  }

  private graph(token: string) {
    return new GraphClient(this.deps, {
      base: `https://graph.facebook.com/${this.version}`,
      token,
      platform: "WhatsApp",
    });
  }

  /** A Cloud API call: JSON (or a multipart upload) with the account's token; Meta's errors in Herald's terms. */
  private async call<T>(token: string, call: CallKind, path: string, body: unknown): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    const form = body instanceof FormData;
    if (!form) headers["content-type"] = "application/json";
    const response = await exchange(this.deps, call, `https://graph.facebook.com/${this.version}/${path}`, {
      method: "POST",
      headers,
      body: form ? body : JSON.stringify(body),
    });
    const answer = await readJson(response);
    if (response.ok && answer && !answer.error) return answer as T;
    throw whatsAppFailure(call, response, (answer as CloudAPIErrorResponse | undefined)?.error, this.deps.now());
  }

  /** The phone-number id messages go out from. */
  private phoneOf = (account: PlatformAccount) => encodeURIComponent(account.platformUserId);

  /** A message to the person (their WhatsApp id), its media uploaded first. */
  private async send(account: PlatformAccount, to: string, message: OutgoingMessage): Promise<SentMessage> {
    const mediaId = message.media && !message.template ? await this.upload(account, message.media) : undefined;
    const label = message.template ? "WhatsApp template message" : "WhatsApp message";
    const answer = await this.call<CloudAPIResponse>(
      accessToken("WhatsApp", account.credentials),
      { label, creates: true },
      `${this.phoneOf(account)}/messages`,
      cloudMessage(to, message, mediaId),
    );
    const id = answer.messages?.[0]?.id;
    if (typeof id !== "string") throw new PlatformError("no_answer", `${label}: WhatsApp did not say which it sent`);
    return { messageId: id };
  }

  /** `POST /{phone-number-id}/media`: the file, fetched from its public URL, becomes a media id for 30 days. */
  private async upload(account: PlatformAccount, media: NonNullable<OutgoingMessage["media"]>): Promise<string> {
    const file = await downloadMedia(this.deps, { type: media.type, url: media.url }, MEDIA_LIMIT[media.type]);
    const form = new FormData();
    form.append("messaging_product", "whatsapp");
    form.append("type", file.type);
    form.append("file", new Blob([file.bytes], { type: file.type }), file.filename);
    const answer = await this.call<CloudAPIMediaUploadResponse>(
      accessToken("WhatsApp", account.credentials),
      { label: "WhatsApp media upload", creates: false },
      `${this.phoneOf(account)}/media`,
      form,
    );
    return answer.id;
  }

  /** Marks the person's message read (two blue ticks): Herald has taken it. */
  private async markRead(account: PlatformAccount, messageId: string): Promise<void> {
    const request: CloudAPIMarkMessageReadRequest = {
      messaging_product: "whatsapp",
      status: "read",
      message_id: messageId,
    };
    await this.call<CloudAPIMarkReadResponse>(
      accessToken("WhatsApp", account.credentials),
      // Marking twice changes nothing.
      { label: "WhatsApp mark read", creates: false },
      `${this.phoneOf(account)}/messages`,
      request,
    );
  }

  /** `GET /{waba-id}/message_templates`, every page (Meta's `after` cursor while `paging.next` is given). */
  async listMessageTemplates(account: PlatformAccount): Promise<MessageTemplate[]> {
    const graph = this.graph(accessToken("WhatsApp", account.credentials));
    const wabaId =
      typeof account.credentials?.wabaId === "string" ? account.credentials.wabaId : account.platformUserId;
    const templates: MessageTemplate[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = await graph.get<MessageTemplatesPage>(
        `${encodeURIComponent(wabaId)}/message_templates`,
        { fields: "name,language,status,rejected_reason,components", limit: TEMPLATES_PER_PAGE, after },
        "message templates",
      );
      for (const t of Array.isArray(body?.data) ? body.data : []) {
        if (typeof t?.name !== "string" || typeof t?.language !== "string") continue;
        templates.push({
          name: t.name,
          language: t.language,
          status: statusOf(t.status),
          reason: reasonOf(t.rejected_reason),
          bodyParameters: bodyParametersOf(t.components),
        });
      }
      after = body?.paging?.next ? body?.paging?.cursors?.after : undefined;
      if (!after) break;
    }
    return templates;
  }

  async publish(): Promise<PublishResult> {
    throw new PlatformError("refused", "WhatsApp Business accounts have no feed to post to", "NOT_SUPPORTED");
  }
}

/**
 * Meta's `message_template_status_update` webhook, the fields Herald reads; `@whatsapp-cloudapi/types` describes only
 * the `messages` field. From developers.facebook.com/docs/whatsapp/business-management-api/webhooks/components
 * (read 2026-11-27).
 */
export interface TemplateStatusWebhook {
  object: "whatsapp_business_account";
  entry: {
    /** The WhatsApp Business Account id. */
    id: string;
    time?: number;
    changes: {
      field: "message_template_status_update";
      value: {
        event: string;
        message_template_id?: number;
        message_template_name: string;
        message_template_language: string;
        reason?: string | null;
      };
    }[];
  }[];
}

/** The events of a template status change Herald acts on (SPEC: approved, rejected, paused, disabled). */
export const TEMPLATE_EVENTS = ["approved", "rejected", "paused", "disabled"] as const;
export type TemplateEvent = (typeof TEMPLATE_EVENTS)[number];

export interface TemplateStatusChange {
  name: string;
  language: string;
  event: TemplateEvent;
  reason: string | null;
}

/**
 * The `value` of a `message_template_status_update` change in Meta's WhatsApp Business Account webhook
 * (`entry[].changes[]` with `field: "message_template_status_update"`; the entry's `id` is the WABA id) as the
 * change Herald applies, or null for what it does not act on (a malformed value, or events such as
 * PENDING_DELETION, FLAGGED or ARCHIVED). REINSTATED brings a paused template back: approved.
 */
export function parseTemplateStatusChange(value: unknown): TemplateStatusChange | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const name = v.message_template_name;
  const language = v.message_template_language;
  if (typeof name !== "string" || name === "" || typeof language !== "string" || language === "") return null;
  const event = STATUS_OF[String(v.event).toUpperCase()];
  if (!event || !(TEMPLATE_EVENTS as readonly string[]).includes(event)) return null;
  return { name, language, event: event as TemplateEvent, reason: reasonOf(v.reason) };
}
