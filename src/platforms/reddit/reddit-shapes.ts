// Reddit's request and answer shapes, only the fields Herald sends or reads.

/*
 * Written from Reddit's API reference (https://www.reddit.com/dev/api, sections account, links & comments,
 * subreddits, flair, misc), its OAuth2 guide (https://github.com/reddit-archive/reddit/wiki/OAuth2) and its API
 * rules (https://support.reddithelp.com/hc/en-us/articles/16160319875092-Reddit-Data-API-Wiki), read 2026-12-02.
 * No maintained package types the wire: snoowrap (1.23.0) and Reddit's own old `@r/api-client` type their client
 * objects, not the requests and answers.
 */

/** GET /api/v1/me (scope `identity`). */
export interface RedditMe {
  /** The account's id without its `t2_` prefix. */
  id: string;
  name: string;
}

/** A thing in a listing or an answer: its kind prefix (`t3` a post, `t5` a subreddit) and its data. */
export interface RedditThing<Kind extends string, Data> {
  kind: Kind;
  data: Data;
}

/** GET /r/{subreddit}/about: the fields Herald decides with. */
export interface RedditSubreddit {
  display_name: string;
  display_name_prefixed: string;
  title: string;
  subreddit_type: "public" | "restricted" | "private" | "archived" | "employees_only" | "gold_restricted" | "user";
  /** Which of link and text posts the subreddit takes. */
  submission_type: "any" | "link" | "self";
  allow_images: boolean;
  allow_videos: boolean;
  user_is_banned: boolean | null;
  user_is_contributor: boolean | null;
  user_is_moderator: boolean | null;
  over18: boolean;
}

/** GET /api/v1/{subreddit}/post_requirements: what a post there must be. */
export interface RedditPostRequirements {
  is_flair_required: boolean;
  title_text_max_length: number | null;
  title_text_min_length: number | null;
  body_restriction_policy: "required" | "notAllowed" | "none";
}

/** One entry of GET /r/{subreddit}/api/link_flair_v2 (scope `flair`). */
export interface RedditLinkFlair {
  id: string;
  text: string;
  text_editable: boolean;
}

/** A refusal of a subreddit read: `reason` says why (`banned`, `private`, `quarantined`). */
export interface RedditErrorAnswer {
  message: string;
  error: number;
  reason?: string;
}

/** POST /api/submit (scope `submit`), form-encoded. */
export interface RedditSubmit {
  api_type: "json";
  sr: string;
  kind: "self" | "link" | "image" | "video";
  title: string;
  /** A text post's Markdown. */
  text?: string;
  /** A link post's URL, or an uploaded image's or video's. */
  url?: string;
  /** A video's poster image (uploaded like the video). */
  video_poster_url?: string;
  flair_id?: string;
  nsfw?: "true" | "false";
  spoiler?: "true" | "false";
  sendreplies: "true";
  /** Post a link submitted before too. */
  resubmit: "true";
}

/** POST /api/comment (scope `submit`), form-encoded. */
export interface RedditComment {
  api_type: "json";
  thing_id: string;
  text: string;
}

/** `[code, message, field]`, as every `api_type=json` answer lists its refusals. */
export type RedditJsonError = [code: string, message: string, field: string];

/**
 * The `json` envelope of POST /api/submit and /api/comment. `ratelimit` is the seconds to wait when the account is
 * posting too fast; an image or video post answers only `user_submitted_page` and a `websocket_url`, not the post.
 */
export interface RedditJsonAnswer<Data> {
  json: { errors: RedditJsonError[]; ratelimit?: number; data?: Data };
}

/** POST /api/submit's data for a text or link post. */
export interface RedditSubmitted {
  id: string;
  name: string;
  url: string;
}

/** POST /api/submit's data for an image or video post. */
export interface RedditMediaSubmitted {
  user_submitted_page: string;
  websocket_url: string;
}

/** POST /api/comment's data. */
export interface RedditCommented {
  things: RedditThing<"t1", { id: string; name: string; permalink: string }>[];
}

/** A post as a listing shows it (GET /api/info, GET /user/{name}/submitted). */
export interface RedditPost {
  id: string;
  name: string;
  title: string;
  permalink: string;
  score: number;
  num_comments: number;
  num_crossposts: number;
  created_utc: number;
  removed_by_category: string | null;
}

/** A listing of things. */
export interface RedditListing<T> {
  kind: "Listing";
  data: { children: T[]; after: string | null };
}

/** POST /api/media/asset.json (form `filepath`, `mimetype`): where to upload the file and under which fields. */
export interface RedditMediaAssetRequest {
  filepath: string;
  mimetype: string;
}
export interface RedditMediaAsset {
  args: { action: string; fields: { name: string; value: string }[] };
  asset: { asset_id: string; websocket_url?: string };
}
