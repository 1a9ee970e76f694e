// The error catalog: every API error code with its status, and the outcome codes written into records.
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * Every error code Herald answers an API call (or an agent tool call) with: its HTTP status and what it means.
 * `AppError` takes a code from here and its status with it; the OpenAPI document lists each route's codes from
 * here, and `docs/errors.md` is generated from here (`npm run docs:errors`). A new code is one line.
 */
export const API_ERRORS = {
  // Codes main added (#15 merge): invites, account groups, review links, flows, MCP rollout, consent.
  platform_not_offered: {
    status: 400,
    description: "The invite link does not offer this platform; nothing was connected.",
  },
  platform_user_id_required: {
    status: 400,
    description: "Several accounts answer for this platform; name one with `platform_user_id` (`error.accounts`).",
  },
  not_enabled: {
    status: 403,
    description: "The tool or feature is being rolled out gradually and is not enabled for this user yet.",
  },
  comments_disabled: { status: 403, description: "Comments are turned off for this review link." },
  csrf_failed: {
    status: 403,
    description: "The form has expired or did not come from Herald's page; open the page again.",
  },
  other_user_signed_in: {
    status: 403,
    description: "The connection was started by another Herald user than the one signed in; nothing was connected.",
  },
  wrong_browser: {
    status: 403,
    description:
      "The connection was started in another browser; nothing was connected. Start it again from the page given.",
  },
  group_name_taken: {
    status: 409,
    description: "The user already has an account group with this name (`error.name`).",
  },
  invite_full: {
    status: 409,
    description: "The consent brings more accounts than the invite link has room for; nothing was connected.",
  },
  invite_not_active: {
    status: 409,
    description: "The invite is not pending any more (`error.state`); nothing changed.",
  },
  limit_reached: { status: 409, description: "The user holds as many active API keys as allowed; revoke one first." },
  member_exists: {
    status: 409,
    description: "That email is already a member of the workspace or invited to it (`error.status`).",
  },
  invitation_expired: {
    status: 410,
    description: "The invitation link expired, was used or was revoked; ask for a new one.",
  },
  invite_gone: {
    status: 410,
    description: "The invite link expired, was used up or was revoked (`error.state`); nothing was connected.",
  },
  review_link_gone: { status: 410, description: "The review link expired or was revoked (`error.reason`)." },
  upstream_error: {
    status: 503,
    description: "An upstream service (the AI) gave an answer that could not be used; nothing was built or spent.",
  },
  validation_error: {
    status: 400,
    description:
      "Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.",
  },
  invalid_accounts: {
    status: 400,
    description: "Find-slot: no account ids, too many, or ids that are not the user's (`error.unknown`).",
  },
  plug_limit: {
    status: 400,
    description:
      "A plug limit is reached: 3 per account on a post, or 10 watching per user (`error.limit` says which).",
  },
  slot_limit: { status: 400, description: "The user has as many posting slots as allowed (`error.limit`)." },
  report_schedule_limit: {
    status: 400,
    description: "The workspace has as many report schedules as allowed (`error.limit`); delete one first.",
  },
  post_is_draft: { status: 400, description: "Plugs go on scheduled or live posts, not drafts." },
  target_not_live: {
    status: 400,
    description: "The post failed or was cancelled on that account; no plug can watch it.",
  },
  unsupported_platform: { status: 400, description: "The account's platform (or kind of account) takes no plugs." },
  unsupported_metric: { status: 400, description: "The platform's plugs cannot watch that metric." },
  unsupported_action: { status: 400, description: "The platform's plugs cannot take that action." },
  wrong_connect_method: {
    status: 400,
    description: "The platform connects the other way (consent page with GET, or credentials with POST).",
  },
  invalid_state: { status: 400, description: "The OAuth connection is unknown, used or expired; start it again." },
  connect_denied: { status: 400, description: "The user did not grant access on the platform's consent page." },
  connect_refused: { status: 400, description: "The platform refused the code or the credentials." },
  unauthorized: { status: 401, description: "No credential: send `X-API-Key` or `Authorization: Bearer`." },
  invalid_api_key: { status: 401, description: "The API key is unknown or revoked." },
  invalid_token: { status: 401, description: "The OAuth access token is invalid, expired or revoked." },
  invalid_credentials: { status: 401, description: "Sign-in: the email or password is not right." },
  invalid_signature: {
    status: 401,
    description: "A platform's webhook without a valid `X-Hub-Signature-256` (HMAC of the body with the app secret).",
  },
  insufficient_scope: { status: 403, description: "The credential lacks the route's scope (`error.scope`)." },
  no_workspace: { status: 403, description: "The person signing in is no longer a member of any workspace." },
  insufficient_role: {
    status: 403,
    description: "The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).",
  },
  seat_limit: {
    status: 403,
    description:
      "The workspace's plan has no free seat (`error.limit`: members and open invitations, the owner included).",
  },
  invitation_email_mismatch: {
    status: 403,
    description: "The invitation is for another email than the signed-in person's; nothing changed.",
  },
  last_owner: {
    status: 403,
    description: "The workspace's one owner cannot leave or step down: transfer ownership first.",
  },
  feature_disabled: { status: 403, description: "The user's plan does not include this." },
  verify_token_mismatch: {
    status: 403,
    description:
      "A platform's webhook verification handshake without `hub.mode=subscribe` and the configured verify token.",
  },
  PLATFORM_UNAVAILABLE: {
    status: 403,
    description:
      "A post target's platform is not available on the account: another platform, disconnected, or not in the plan (`error.targets`).",
  },
  not_found: { status: 404, description: "No such resource for this user (another user's id reads the same)." },
  no_slots: { status: 404, description: "None of the accounts has a posting slot." },
  no_free_slot: { status: 404, description: "Every posting slot of the accounts is taken for the days searched." },
  state_error: {
    status: 409,
    description: "The resource's state does not allow this now, or it changed meanwhile (`error.status`).",
  },
  not_enough_history: {
    status: 409,
    description:
      "Too few published posts with metrics to find best times from (`error.posts` of `error.minimum`); nothing was created.",
  },
  busy: { status: 409, description: "Another request is changing the same thing; retry (`error.retryable`)." },
  firing: { status: 409, description: "The plug's action is running; it cannot be removed now." },
  reauth_required: { status: 409, description: "The account must be connected again." },
  account_taken: { status: 409, description: "The platform identity is connected to another Herald user." },
  email_taken: { status: 409, description: "A user with this email exists already." },
  webhook_exists: { status: 409, description: "The user has a webhook for that URL already (`error.target_url`)." },
  idempotency_conflict: { status: 409, description: "The Idempotency-Key was used with a different request." },
  idempotency_in_progress: { status: 409, description: "A request with this Idempotency-Key is still being answered." },
  payload_too_large: {
    status: 413,
    description:
      "More rows, or more bytes, than one request takes (a media file over the plan's file size); nothing stored.",
  },
  storage_limit: {
    status: 413,
    description:
      "The media library would hold more than the plan's storage (the numbers are in the message); nothing stored.",
  },
  unsupported_media_type: {
    status: 415,
    description:
      "The file's bytes are not a type Herald takes (JPEG, PNG, WebP, GIF, MP4/MOV with H.264 or HEVC, PDF), or disagree with its declared type.",
  },
  media_in_use: {
    status: 409,
    description: "A scheduled, waiting or publishing post uses the media item (`error.used_by`); drafts let go of it.",
  },
  too_many_holds: {
    status: 429,
    description:
      "Find-slot: the user holds as many found slots as allowed (`error.limit`); schedule a post in one, or wait `Retry-After` seconds (`error.retry_after`), until the oldest lapses.",
  },
  rate_limited: {
    status: 429,
    description: "Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`).",
  },
  internal_error: { status: 500, description: "Something failed on Herald's side; it is logged, never explained." },
  platform_unreachable: { status: 502, description: "The platform could not be reached or failed; retry." },
  platform_read_refused: { status: 502, description: "The platform refused the read." },
  platform_not_configured: {
    status: 503,
    description:
      "Herald has no adapter for the platform, or the deployment lacks its app credentials (`error.missing`).",
  },
  reply_not_supported: {
    status: 400,
    description:
      "The platform's API cannot send this reply (a private reply, a direct message, media): nothing was sent.",
  },
  hide_not_supported: {
    status: 400,
    description:
      "The platform cannot hide this (a direct message, or a platform without hiding, or none from Herald's adapter yet); nothing changed.",
  },
  delete_not_supported: {
    status: 400,
    description:
      "Only a comment Herald's account wrote can be deleted (not the person's, a private reply or a direct message), on a platform where Herald's adapter deletes comments; nothing changed.",
  },
  outside_messaging_window: {
    status: 409,
    description:
      "The platform allows direct messages only within a window after the person's last message (Meta's 24 hours, WhatsApp's customer-service window: a template is needed), or a private reply within 7 days of the comment; nothing was sent.",
  },
  contact_opted_out: {
    status: 409,
    description: "The contact opted out of messages from the account; nothing was sent.",
  },
  private_reply_used: {
    status: 409,
    description:
      "The comment already had its one private reply (Meta allows one, a flow's included); nothing was sent.",
  },
  encryption_not_configured: {
    status: 503,
    description: "The deployment has no ENCRYPTION_KEY to store secrets with.",
  },
  mail_not_configured: {
    status: 503,
    description: "The deployment has no RESEND_API_KEY and MAIL_FROM to send mail with.",
  },
  mail_failed: { status: 502, description: "The mail provider refused the mail or could not be reached; retry." },
} as const satisfies Record<string, { status: ContentfulStatusCode; description: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/**
 * Codes written into records and events, never an HTTP answer: why a post target failed (`platforms[].error.code`,
 * the `post.failed` event), why a plug expired or failed (`error`), and how a platform refused (`PlatformError`).
 * A separate list, so that `AppError` cannot be thrown with one of them and they carry no status.
 * A record may also hold an API code (a target refused before any call: `platform_not_configured`).
 */
export const OUTCOME_CODES = {
  AMBIGUOUS_MAY_HAVE_POSTED:
    "The platform did not answer after the request was sent: it may have posted. Never retried.",
  account_disconnected: "The account was disconnected before the post went out.",
  NOT_REACHED: "Plug: the metric did not reach its goal within the check window.",
  POST_DELETED: "Plug: the post was deleted in Herald or is gone from the platform.",
  POST_UNSCHEDULED: "Plug: the post went back to draft.",
  TRANSIENT: "The platform failed before accepting anything; retried with growing delays.",
  PLATFORM_RATE_LIMITED: "The platform asked Herald to slow down; retried after the wait it named.",
  NO_ANSWER: "The platform did not answer.",
  REFUSED: "The platform refused.",
  AUTH_EXPIRED: "The platform no longer accepts the account's credentials; connect it again.",
  PLATFORM_REFUSED: "The platform refused the content; its message says why.",
  PERMISSION_DENIED: "The account lacks the platform permission this needs.",
  NOT_ON_PLATFORM: "The platform has no such post or object.",
  NOT_SUPPORTED: "The platform's API cannot do this.",
  REPOST_NOT_SUPPORTED: "The platform's API has no repost.",
  REMINDER_NOT_SUPPORTED: "The platform's API cannot make reminder posts.",
  MEDIA_NOT_SUPPORTED: "The platform does not take this media (kind or combination).",
  MEDIA_REQUIRED: "The platform needs an image or a video.",
  ARTICLE_TITLE_REQUIRED: "The platform publishes articles and needs a title (`article.title`).",
  TITLE_REQUIRED: "The platform needs a title for the post.",
  SUBJECT_REQUIRED: "The newsletter platform needs a subject.",
  MEDIA_REFUSED: "The platform refused the media.",
  SERVER_NOT_PUBLIC: "The account's server address is not a public host; Herald does not call it.",
  PRIVACY_LEVEL_UNAVAILABLE: "The account cannot post at the privacy level asked for.",
  NO_CHANNEL: "The account has no channel to post to.",
  MEDIA_LIMIT: "More media items than the platform takes in one post.",
  MEDIA_TOO_LARGE: "A media file is larger than the platform takes.",
  MEDIA_UNAVAILABLE: "A media URL could not be fetched from a public host.",
  MEDIA_REJECTED: "The platform refused the media file.",
  MEDIA_STILL_PROCESSING: "The platform had not finished processing the media in time.",
  PROCESSING_FAILED: "The platform could not process the media.",
  TEXT_TOO_LONG: "The text is longer than the platform takes.",
  X_LONG_POST_REFUSED: "X refused a long post: the account has no paid tier now (its tier and limit are read again).",
  DESTINATION_REQUIRED: "The platform needs a destination (channel) to post to.",
  INVALID_DESTINATION: "The destination is not one the platform accepts.",
  FLAIR_REQUIRED: "Reddit: the subreddit requires a flair on every post (`metadata.flair_id`).",
  LOCATION_NOT_VERIFIED: "Google Business Profile: the location is not verified, so it cannot publish posts yet.",
  NO_PAGES: "The consent granted no Facebook Page to connect.",
  REENGAGEMENT_REQUIRED:
    "WhatsApp: the customer last wrote more than 24 hours ago; only an approved template may be sent until they write again.",
  TEMPLATE_UNAVAILABLE: "WhatsApp: the message template does not exist in that language, or is paused or disabled.",
} as const satisfies Record<string, string>;

export type OutcomeCode = keyof typeof OUTCOME_CODES;

/** What a target's or a plug's `error` may hold. */
export type RecordedCode = OutcomeCode | ApiErrorCode;

/** The outcome codes by name (`OUTCOME.X_LONG_POST_REFUSED`), for code that writes or compares them. */
export const OUTCOME = Object.fromEntries(Object.keys(OUTCOME_CODES).map((code) => [code, code])) as {
  readonly [C in OutcomeCode]: C;
};
