// The shapes of Meta's event webhooks (Messenger, Instagram, Pages, WhatsApp) as Herald parses them.
import type { WebhookPayload } from "@whatsapp-cloudapi/types/webhook";

/**
 * The shapes of Meta's event webhooks as Herald parses them (src/services/flows/run/meta-webhook.ts). WhatsApp's
 * messages are `@whatsapp-cloudapi/types`' (the Cloud API's webhook payload); Messenger, Instagram and the template
 * status update are written here, the fields Herald reads only, from Meta's reference pages (read 2026-11-27):
 * https://developers.facebook.com/docs/messenger-platform/webhooks and …/reference/webhook-events/messages,
 * …/messaging_postbacks; https://developers.facebook.com/docs/instagram-platform/webhooks (comments, live_comments,
 * messages, story replies and mentions); https://developers.facebook.com/docs/graph-api/webhooks/reference/page/#feed;
 * https://developers.facebook.com/docs/whatsapp/business-management-api/webhooks/components
 * (message_template_status_update). Types only: nothing here runs.
 */

/** A message a person sent (or, with `is_echo`, the account itself). */
export interface MessagingMessage {
  mid: string;
  text?: string;
  is_echo?: boolean;
  quick_reply?: { payload: string };
  /** A reply to a message, or (Instagram) to the account's story. */
  reply_to?: { mid?: string; story?: { id: string; url: string } };
  attachments?: {
    type: "image" | "video" | "audio" | "file" | "story_mention" | "share" | string;
    payload?: { url?: string };
  }[];
}

/** A tapped postback button. */
export interface MessagingPostback {
  mid: string;
  title?: string;
  payload?: string;
}

/** One `messaging` item of an entry (Messenger and Instagram messaging). */
export interface MessagingEvent {
  sender: { id: string };
  recipient: { id: string };
  timestamp: number;
  message?: MessagingMessage;
  postback?: MessagingPostback;
}

/** Instagram's `comments` and `live_comments` changes. */
export interface InstagramCommentChange {
  field: "comments" | "live_comments";
  value: {
    id: string;
    text?: string;
    from: { id: string; username?: string };
    media?: { id: string; media_product_type?: string };
    parent_id?: string;
  };
}

/** A Page's `feed` change: Herald reads the comments added. */
export interface PageFeedChange {
  field: "feed";
  value: {
    item: "comment" | "post" | "reaction" | "status" | "photo" | "video" | "share" | string;
    verb: "add" | "edited" | "remove" | "hide" | "unhide" | string;
    from?: { id: string; name?: string };
    comment_id?: string;
    post_id?: string;
    parent_id?: string;
    message?: string;
    created_time?: number;
  };
}

/** A Page's or an Instagram account's webhook (`object` `page` or `instagram`). */
export interface MetaWebhookPayload {
  object: "page" | "instagram";
  entry: {
    id: string;
    time: number;
    changes?: (InstagramCommentChange | PageFeedChange)[];
    messaging?: MessagingEvent[];
  }[];
}

/** WhatsApp Business Account `message_template_status_update`. */
export interface TemplateStatusChange {
  field: "message_template_status_update";
  value: {
    event:
      | "APPROVED"
      | "REJECTED"
      | "PENDING"
      | "PAUSED"
      | "DISABLED"
      | "FLAGGED"
      | "IN_APPEAL"
      | "PENDING_DELETION"
      | "REINSTATED"
      | string;
    message_template_id: number;
    message_template_name: string;
    message_template_language: string;
    reason?: string | null;
  };
}

/** A WhatsApp Business Account webhook: messages (the Cloud API types) and template status updates. */
export type WhatsAppWebhookPayload = Omit<WebhookPayload, "entry"> & {
  entry: {
    id: string;
    changes: (WebhookPayload["entry"][number]["changes"][number] | TemplateStatusChange)[];
  }[];
};
