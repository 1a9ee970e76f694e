import { accessToken, type HttpDeps } from "./http";
import { GraphClient, META_GRAPH_VERSION } from "./meta-graph";
import type { MessageTemplate, PlatformAccount, TemplateStatus } from "./types";

/**
 * WhatsApp Business through Meta's Graph API, as far as flows need it now: reading the account's message templates.
 * The account is a WhatsApp Business Account (WABA): `credentials.wabaId` (else `platformUserId`) is its id and
 * `credentials.accessToken` a token with `whatsapp_business_management`.
 *
 * Not registered in `ADAPTERS` yet: WhatsApp accounts cannot be connected outside the sandbox until a connection
 * (and the messaging half) lands; the template read is ready for it.
 */

interface WhatsAppDeps extends HttpDeps {
  appSecret?: string;
  graphVersion?: string;
}

const TEMPLATES_PER_PAGE = 100;
/** WhatsApp Business accounts hold at most 6,000 templates (250 on unverified businesses). */
const MAX_PAGES = 60;

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

export class WhatsAppTemplates {
  private readonly version: string;

  constructor(private readonly deps: WhatsAppDeps) {
    this.version = deps.graphVersion ?? META_GRAPH_VERSION;
  }

  private graph(account: Pick<PlatformAccount, "credentials">) {
    return new GraphClient(this.deps, {
      base: `https://graph.facebook.com/${this.version}`,
      token: accessToken("WhatsApp", account.credentials),
      appSecret: this.deps.appSecret,
      platform: "WhatsApp",
    });
  }

  /** `GET /{waba-id}/message_templates`, every page (Meta's `after` cursor while `paging.next` is given). */
  async listMessageTemplates(account: PlatformAccount): Promise<MessageTemplate[]> {
    const graph = this.graph(account);
    const wabaId =
      typeof account.credentials?.wabaId === "string" ? account.credentials.wabaId : account.platformUserId;
    const templates: MessageTemplate[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = await graph.get(
        `${encodeURIComponent(wabaId)}/message_templates`,
        { fields: "name,language,status,rejected_reason", limit: TEMPLATES_PER_PAGE, after },
        "message templates",
      );
      for (const t of Array.isArray(body?.data) ? body.data : []) {
        if (typeof t?.name !== "string" || typeof t?.language !== "string") continue;
        templates.push({
          name: t.name,
          language: t.language,
          status: statusOf(t.status),
          reason: reasonOf(t.rejected_reason),
        });
      }
      after = body?.paging?.next ? body?.paging?.cursors?.after : undefined;
      if (!after) break;
    }
    return templates;
  }
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
