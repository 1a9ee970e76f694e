// The Graph API shapes Herald sends and reads for Facebook Pages, Instagram and Threads.
import type { IGMedia, IGUser, Page, PagePost, ShadowIGMediaBuilder } from "facebook-nodejs-business-sdk";

/**
 * The Graph API shapes Herald sends and reads for Facebook Pages, Instagram and Threads. Node fields are held to the
 * Meta Business SDK's own node classes (`@types/facebook-nodejs-business-sdk`, generated from Meta's API specs): a
 * shape may only name a field or edge the SDK declares for its node. The SDK types no edge parameters and no Threads
 * nodes, so those are written here, the ones Herald uses only, from Meta's reference pages (read 2026-11-27):
 * https://developers.facebook.com/docs/graph-api/reference/page/feed, …/page/photos, …/page/videos,
 * …/object/comments, https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media,
 * …/ig-user/media_publish, …/ig-container, https://developers.facebook.com/docs/threads/reference/publishing,
 * …/threads/insights, https://developers.facebook.com/docs/messenger-platform/reference/send-api.
 */

/** A Business SDK node class: its static `Fields` and its edges (`getComments` is the `comments` edge). */
interface NodeClass {
  readonly Fields: object;
  prototype: object;
}
type EdgeNames<Instance> = {
  [K in keyof Instance]-?: K extends `get${infer Edge}` ? Uncapitalize<Edge> : never;
}[keyof Instance];
/** The names a node answers to: its fields and its edges (read inline, `reactions.limit(0).summary(true)`). */
export type GraphNames<Node extends NodeClass> = Extract<keyof Node["Fields"], string> | EdgeNames<Node["prototype"]>;
/** A node as Herald reads it: each key of `Shape` must be a field or edge of `Node`, else the typecheck fails. */
export type GraphNode<
  Node extends NodeClass,
  Shape extends { [K in keyof Shape]: K extends GraphNames<Node> ? unknown : never },
> = Shape;
/** The `fields` parameter of a read, named from the shape that reads the answer. */
export const graphFields = <Shape>(...names: (keyof Shape & string)[]) => names.join(",");

/** Meta's error answer (https://developers.facebook.com/docs/graph-api/guides/error-handling). */
export type GraphError = {
  error: {
    message: string;
    type?: string;
    code: number;
    error_subcode?: number;
    is_transient?: boolean;
    error_user_title?: string;
    error_user_msg?: string;
    fbtrace_id?: string;
  };
};

/** What a write answers: the id of what it made. */
export type GraphCreated = { id: string };
/** An edge read as `edge.limit(0).summary(true)`: no items, and its summary (the count Herald reads). */
type Summary = {
  data?: unknown[];
  summary?: { total_count?: number; viewer_reaction?: string; order?: string; can_comment?: boolean };
};

// --- Facebook Pages ------------------------------------------------------------------------------

/** `POST /{page-id}/feed`. */
export type PageFeedParams = { message?: string; link?: string; attached_media?: string; place?: string };
/** `POST /{page-id}/photos` (`published: false` keeps it unpublished, to attach to a feed post). */
export type PagePhotoParams = {
  url: string;
  message?: string;
  alt_text_custom?: string;
  published?: boolean;
  place?: string;
};
/** `POST /{page-id}/photos` answers the photo, and the feed post it made when published. */
export type PagePhotoCreated = { id: string; post_id?: string };
/** `POST /{page-id}/videos` on graph-video.facebook.com. */
export type PageVideoParams = { file_url: string; description?: string };
/** `POST /{object-id}/comments` (Facebook and Instagram alike). */
export type CommentParams = { message: string };
/** A feed post's counts. A video's node has the same `reactions` and `comments` edges (the SDK types none for it). */
export type PagePostCounts = GraphNode<
  typeof PagePost,
  { id?: string; reactions?: Summary; comments?: Summary; shares?: { count?: number } }
>;
export type PageProfile = GraphNode<typeof Page, { id: string; name?: string; followers_count?: number }>;

// --- Instagram -----------------------------------------------------------------------------------

/** `POST /{ig-user-id}/media`: a container (an image, a reel, a story, a carousel or one of its items). */
export type IgContainerParams = {
  media_type?: "REELS" | "STORIES" | "CAROUSEL" | "VIDEO";
  image_url?: string;
  video_url?: string;
  caption?: string;
  alt_text?: string;
  cover_url?: string;
  thumb_offset?: number;
  is_carousel_item?: boolean;
  /** The children's container ids, comma-separated. */
  children?: string;
  /** Up to 3 usernames, as a JSON array. */
  collaborators?: string;
  /** `[{ username, x, y }]` as JSON: an image's (or a carousel image's) tagged people. */
  user_tags?: string;
  location_id?: string;
  /** Reels only. */
  share_to_feed?: boolean;
};
/** `POST /{ig-user-id}/media_publish` and `POST /{threads-user-id}/threads_publish`. */
export type PublishParams = { creation_id: string };
export type IgContainer = GraphNode<
  typeof ShadowIGMediaBuilder,
  { id?: string; status_code?: "EXPIRED" | "ERROR" | "FINISHED" | "IN_PROGRESS" | "PUBLISHED"; status?: string }
>;
export type IgMediaCounts = GraphNode<typeof IGMedia, { id?: string; like_count?: number; comments_count?: number }>;
export type IgPermalink = GraphNode<typeof IGMedia, { id?: string; permalink?: string }>;
export type IgAccount = GraphNode<typeof IGUser, { id: string; username?: string; followers_count?: number }>;

// --- Threads -------------------------------------------------------------------------------------

/** `POST /{threads-user-id}/threads`: a container (text, image, video, carousel or item, reply). */
export type ThreadsContainerParams = {
  media_type: "TEXT" | "IMAGE" | "VIDEO" | "CAROUSEL";
  text?: string;
  image_url?: string;
  video_url?: string;
  alt_text?: string;
  is_carousel_item?: boolean;
  children?: string;
  reply_control?: string;
  /** One topic (1–50 characters, no periods or ampersands). */
  topic_tag?: string;
  reply_to_id?: string;
};
/** A Threads container's state (`GET /{container-id}?fields=status,error_message`). */
export type ThreadsContainer = {
  id?: string;
  status?: "EXPIRED" | "ERROR" | "FINISHED" | "IN_PROGRESS" | "PUBLISHED";
  error_message?: string;
};
/** `GET /{media-id}/insights?metric=…`: one entry per metric, its value in `values` or `total_value`. */
export type ThreadsInsights = {
  data?: {
    name: string;
    period?: string;
    values?: { value: number }[];
    total_value?: { value: number };
    title?: string;
    id?: string;
  }[];
};
export type ThreadsPermalink = { id?: string; permalink?: string };

// --- Send API (Messenger and Instagram messaging) ------------------------------------------------

/** `recipient`: a person who wrote, or the comment the one private reply answers. */
export type SendRecipient = { id: string } | { comment_id: string };
export type SendButton =
  | { type: "web_url"; url: string; title: string }
  | { type: "postback"; title: string; payload: string };
/** `message`: text, or a button template (at most 3 buttons). */
export type SendMessage =
  | { text: string }
  | { attachment: { type: "template"; payload: { template_type: "button"; text: string; buttons: SendButton[] } } };
/** `POST /{page-or-ig-id}/messages`: `recipient` and `message` go as JSON in form fields. */
export type SendParams = { recipient: string; message: string; messaging_type: "RESPONSE" | "UPDATE" | "MESSAGE_TAG" };
export type SendAnswer = { recipient_id?: string; message_id: string };
