// The adapter contract: `Platform`, what it is sent and answers, connections, and `PlatformError`.
import type { z } from "@hono/zod-openapi";
import type { TEMPLATE_STATUSES } from "../db/schema/flow-runs";
import type { OutcomeCode } from "../lib/error-codes";
import type { PlatformKey } from "./catalog";

/** The facts about a connected account that an adapter needs to speak for it. */
export interface PlatformAccount {
  id: string;
  platform: PlatformKey;
  platformUserId: string;
  subscriptionTier: string | null;
  destinations: Destination[];
  /** Decrypted tokens or keys for the platform (empty for sandbox accounts). Never logged, never returned. */
  credentials?: PlatformCredentials;
}

export interface PlatformCredentials {
  accessToken?: string;
  refreshToken?: string;
  /** ms since the epoch */
  expiresAt?: number;
  /** Platform-specific extras: a Mastodon instance URL, a Bluesky handle and app password, a bot token… */
  [extra: string]: unknown;
}

export interface Destination {
  id: string;
  label: string;
  /** What the platform says a post there must be, where it says (a subreddit's post kinds and flair). */
  rules?: DestinationRules;
}

/** A destination's own rules, as its platform states them; checked when a post to it is scheduled. */
export interface DestinationRules {
  /** The post kinds it takes (a subreddit's `self`, `link`, `image`, `video`). */
  post_kinds?: string[];
  /** A post there must carry one of its flairs. */
  flair_required?: boolean;
  flairs?: { id: string; text: string }[];
  /** The longest title it takes, where shorter than the platform's. */
  title_max?: number;
  /** A text post there must have a body. */
  text_required?: boolean;
}

/**
 * One media item as the platform receives it: only the fields the platform takes are present. A library item also
 * carries what Herald read from its bytes (the copy made to fit the platform, when one was: `variantOf` names the
 * original), so an adapter can announce its size and type without fetching it first.
 */
export interface OutgoingMedia {
  type: "image" | "video" | "document";
  url: string;
  altText?: string;
  coverUrl?: string;
  coverTimeMs?: number;
  /** A document's title (LinkedIn document posts). */
  title?: string;
  mediaId?: string;
  variantOf?: string;
  contentType?: string;
  size?: number;
  width?: number;
  height?: number;
  durationMs?: number;
}

export interface OutgoingArticle {
  title?: string;
  body?: string;
  canonicalUrl?: string;
  coverImage?: string;
  tags?: string[];
}

/** A follow-up segment of a thread as its platform receives it. */
export interface OutgoingSegment {
  text: string;
  media: OutgoingMedia[];
}

/**
 * What a reply in a chain answers: the segment before it (`parent`) and the chain's first post (`root`), each as
 * its platform answered when it was published (Bluesky's replies name both, with their content ids).
 */
export interface ReplyTo {
  parent: PublishResult;
  root: PublishResult;
}

export interface PublishRequest {
  text: string;
  media: OutgoingMedia[];
  destinationId?: string;
  /** Platform options from the target's metadata (everything but `destination_id`). */
  options: Record<string, unknown>;
  article?: OutgoingArticle;
  /** A target's follow-up segments, each posted as a reply to the one before (platforms with reply chains). */
  thread?: OutgoingSegment[];
  /** Posted under the published post, once the whole chain is out (platforms that take comments). */
  firstComment?: string;
  /** A call for a follow-up segment: the post this one replies to. */
  replyTo?: ReplyTo;
  /** A native poll: its choices, and how long it stays open. */
  poll?: OutgoingPoll;
}

/** An account as its platform describes it (`readProfile`). */
export interface Profile {
  subscriptionTier: string | null;
  /** Followers (subscribers, page likes) where the platform reports them (`PLATFORMS[key].reportsFollowers`). */
  followers?: number;
}

export interface OutgoingPoll {
  options: string[];
  durationMinutes: number;
}

export interface PublishResult {
  platformPostId: string;
  url?: string;
  /** Bluesky: the record's content id, which a reply to it must name beside its URI (the platform post id). */
  cid?: string;
}

export interface Metrics {
  likes: number;
  comments: number;
  reposts: number;
  views: number;
}

/** A WhatsApp Business account's message template, as the platform reports it. */
export interface MessageTemplate {
  name: string;
  /** Meta's language and locale code (`en_US`, `pt_BR`, `de`). */
  language: string;
  status: TemplateStatus;
  /** Why it was rejected, paused or disabled, when the platform says. */
  reason: string | null;
  /** How many variables its body has ({{1}}, {{2}}…), when the platform says. */
  bodyParameters: number | null;
}

/** A template's review state: only an `approved` one can be sent. */
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** A button of an outgoing message: `url` opens a link, `postback` answers with its `id` when tapped. */
export interface OutgoingButton {
  id: string;
  label: string;
  type: "url" | "postback";
  url?: string;
}

/**
 * One message an automation sends a person: text, up to 3 buttons, and an optional link; on WhatsApp, an image or
 * video, or instead an approved message template (sent as it was approved, whatever the text).
 */
export interface OutgoingMessage {
  text: string;
  buttons: OutgoingButton[];
  link?: string;
  media?: { type: "image" | "video"; url: string };
  /** `parameters`: the values of its body variables, in order. */
  template?: { name: string; language: string; parameters?: string[] };
}

export interface SentMessage {
  messageId: string;
}

/**
 * Messaging a person on the account's behalf (Instagram and Facebook through Meta's Send API, WhatsApp through the
 * Cloud API). Whether a send is allowed (the 24-hour window, one private reply per comment) is decided before the
 * call, by the flow runner; the adapter only speaks the platform's API.
 */
export interface Messaging {
  /** The one private reply to a comment: it lands in the commenter's inbox. */
  privateReply(account: PlatformAccount, commentId: string, message: OutgoingMessage): Promise<SentMessage>;
  /** A message to a person who wrote to the account (their platform-scoped id). */
  sendMessage(account: PlatformAccount, recipientId: string, message: OutgoingMessage): Promise<SentMessage>;
  /** Marks the person's message read, where the platform shows it (WhatsApp's blue ticks). */
  markRead?(account: PlatformAccount, messageId: string): Promise<void>;
}

/**
 * What the inbox does to a comment on the platform, where its API lets it: a public reply under it (absent where a
 * reply is a comment on the comment's id, which `Platform.comment` makes), hiding it from the public or showing it
 * again, and deleting a comment the account wrote.
 */
export interface CommentActions {
  reply?(account: PlatformAccount, commentId: string, text: string): Promise<SentMessage>;
  hide?(account: PlatformAccount, commentId: string, hidden: boolean): Promise<void>;
  delete?(account: PlatformAccount, commentId: string): Promise<void>;
}

/** A comment or message a poll found, as the inbound queue carries it (less the account and when Herald took it). */
export interface PolledItem {
  kind: "comment" | "message";
  /** The platform's id of the comment or message: each lands once by it. */
  id: string;
  senderId: string;
  text: string;
  /** The post a comment answers (the platform's id). */
  mediaId?: string;
  sentAt?: number;
  sender?: { name?: string; handle?: string; avatarUrl?: string };
}

/**
 * The inbox's intake on a platform without webhooks for it: one page of what came in after `cursor` (the platform's
 * position, as the last page answered it; null: the newest page), oldest first, and the cursor after it (the same when
 * nothing came).
 */
export interface InboxPolling {
  poll(account: PlatformAccount, cursor: string | null): Promise<{ items: PolledItem[]; cursor: string | null }>;
}

/** What a platform can do. Each real adapter speaks its platform's API; `sandbox.ts` serves every key. */
export interface Platform {
  publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult>;
  /** Metrics per platform post id; a post that no longer exists maps to null. Absent where the platform counts nothing. */
  readMetrics?(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>>;
  /**
   * Which of `readMetrics`' counts the platform really gives (the others are always 0): what a plug can watch.
   * `test/node/plug-support.test.ts` keeps `PLUG_SUPPORT` equal to what the adapters read and do.
   */
  readonly countsRead?: readonly (keyof Metrics)[];
  /**
   * What a platform cannot do, it does not have: no stub that refuses. A plug's action (`repost`, `comment`), where
   * the platform's API offers it; `listDestinations` where an account posts into places it lists (boards,
   * channels, categories); `readProfile` where Herald reads the account again (its tier, its followers).
   */
  repost?(account: PlatformAccount, platformPostId: string): Promise<PublishResult>;
  comment?(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult>;
  listDestinations?(account: PlatformAccount): Promise<Destination[]>;
  /**
   * Whether the account can post to what the user typed (a Telegram `@channel`): the destination as the
   * platform names it, or `refused`. Platforms whose `destinationMode` is `manual` have it.
   */
  checkDestination?(account: PlatformAccount, input: string): Promise<Destination>;
  /** The account as the platform describes it now: its subscription tier and follower count, where it has them. */
  readProfile?(account: PlatformAccount): Promise<Profile>;
  /** WhatsApp Business: the account's message templates (name, language, status). */
  listMessageTemplates?(account: PlatformAccount): Promise<MessageTemplate[]>;
  /** Messaging people (automation flows, the inbox); platforms flows run on have it. */
  readonly messaging?: Messaging;
  /** The inbox's replies to comments, hiding and deleting, where the platform's API has them. */
  readonly comments?: CommentActions;
  /** Polling the account's comments and messages, where the platform sends no webhook for them. */
  readonly inbox?: InboxPolling;
  /** How an account of this platform is connected; real adapters have one, the sandbox has none. */
  readonly connection?: Connection;
  /**
   * Refusals that mean Herald's record of the account is stale: after one, the account's profile (tier, text limit)
   * is read again once the outcome is written. X refuses a long post from an account that lost its paid tier.
   */
  readonly rereadProfileAfter?: readonly OutcomeCode[];
}

/** What a real adapter is built with: injected so tests can record every request it sends. */
export interface AdapterDeps {
  fetch: typeof fetch;
  /** ms since the epoch (the service clock). */
  now: () => number;
  /** The deployment's platform app credentials (wrangler secrets and vars such as `X_CLIENT_ID`). */
  env: Readonly<Record<string, string | undefined>>;
  /** Waits between polls (media processing); tests pass one that does not wait. */
  sleep: (ms: number) => Promise<void>;
  /** Sandbox mode: the SSRF guard lets `http://localhost:<port>` through (a local Mastodon, WordPress or Lemmy). */
  sandbox?: boolean;
  /**
   * Herald's own media (`<public base>/media/<key>`: the library, its copies, AI images) read straight from R2, as a
   * response with its type and length; null for any other address, which is fetched from its public host.
   */
  storedMedia?: (url: string) => Promise<Response | null>;
}

export type AdapterFactory = (deps: AdapterDeps) => Platform;

/** Who a set of credentials speaks for, as the platform says. */
export interface ConnectedIdentity {
  platformUserId: string;
  name: string;
  subscriptionTier: string | null;
  /** The text limit the platform states for this account (a Mastodon instance's), where it states one. */
  textLimit?: number;
  destinations?: Destination[];
  /** Keep destinations found at earlier connections (a Telegram bot is connected one channel at a time). */
  addsDestinations?: boolean;
  /** The business account it belongs to, where the platform's webhooks name that (a WhatsApp number's WABA id). */
  businessAccountId?: string;
}

interface ConnectionBase {
  /** App credentials the deployment must configure before anyone can connect (else `platform_not_configured`). */
  requiredEnv: readonly string[];
  /** New credentials before the old expire; throws `auth_expired` when the platform refuses. */
  refresh?(credentials: PlatformCredentials): Promise<PlatformCredentials>;
  /**
   * Asks the platform to invalidate the credentials (the account was disconnected); throws a `PlatformError`.
   * Answers false when there is nothing Herald can revoke (a token issued to someone else's app).
   */
  revoke?(credentials: PlatformCredentials): Promise<boolean>;
}

/** Herald's OAuth client on one server of a federated platform (a Mastodon instance). */
export interface OAuthApp {
  /** The server's origin. */
  serverUrl: string;
  clientId: string;
  clientSecret: string;
}

/** One account a connection brings: who it is, and the credentials it speaks with. */
export interface ConnectedAccount {
  identity: ConnectedIdentity;
  credentials: PlatformCredentials;
}

/** The user consents on the platform's own page and comes back with a code. */
interface OAuthConnectionBase extends ConnectionBase {
  kind: "oauth";
  /** `app`: Herald's app on the user's server, on platforms with `perServer`. */
  authorizationUrl(request: { state: string; codeChallenge: string; redirectUri: string; app?: OAuthApp }): string;
  exchangeCode(request: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
    app?: OAuthApp;
  }): Promise<PlatformCredentials>;
  /**
   * Federated platforms: the user names their server in the body field `field` of `POST /api/v1/connect/{platform}`;
   * Herald registers an app there the first time, keeps it, and passes it to the methods above.
   */
  perServer?: {
    field: string;
    registerApp(request: { serverUrl: string; redirectUri: string; website: string }): Promise<OAuthApp>;
  };
  /** Credentials a user may paste instead of consenting (a Mastodon access token, for self-hosters). */
  pasted?: Pick<CredentialConnection, "input" | "verify">;
}

/** The consent speaks for one account: the one the credentials belong to. */
interface SingleAccountOAuth extends OAuthConnectionBase {
  identify(credentials: PlatformCredentials): Promise<ConnectedIdentity>;
  accounts?: undefined;
}

/**
 * One consent brings several accounts, each with the credentials it speaks with: the Pages a Facebook user
 * granted (each with its Page token), a LinkedIn member and the organizations they administer.
 */
interface ManyAccountOAuth extends OAuthConnectionBase {
  accounts(credentials: PlatformCredentials): Promise<ConnectedAccount[]>;
  identify?: undefined;
}

export type OAuthConnection = SingleAccountOAuth | ManyAccountOAuth;

/** The user gives tokens or keys; they are checked against the platform before anything is saved. */
export interface CredentialConnection extends ConnectionBase {
  kind: "credentials";
  /** The body `POST /api/v1/connect/{platform}` takes. */
  input: z.ZodObject;
  verify(input: Record<string, unknown>): Promise<ConnectedAccount>;
}

type Connection = OAuthConnection | CredentialConnection;

/**
 * How a platform call failed, in Herald's terms:
 * - `transient`: nothing was accepted (5xx before acceptance, connection refused); safe to retry.
 * - `rate_limited`: the platform asked us to wait `retryAfterMs`; safe to retry.
 * - `no_answer`: the request was sent and no answer came; it may have gone through, never retry blindly.
 * - `refused`: the platform refused the content; retrying will not help.
 * - `auth_expired`: the account must be reconnected.
 */
type PlatformFailure = "transient" | "rate_limited" | "no_answer" | "refused" | "auth_expired";

/** The code a failure records when its adapter names none. */
const FAILURE_CODES = {
  transient: "TRANSIENT",
  rate_limited: "PLATFORM_RATE_LIMITED",
  no_answer: "NO_ANSWER",
  refused: "REFUSED",
  auth_expired: "AUTH_EXPIRED",
} as const satisfies Record<PlatformFailure, OutcomeCode>;

/** The longest message a platform failure carries. */
export const MESSAGE_LIMIT = 500;

export class PlatformError extends Error {
  constructor(
    readonly failure: PlatformFailure,
    message: string,
    /** The code recorded on the target (from the catalog's outcome codes), such as `X_LONG_POST_REFUSED`. */
    readonly code: OutcomeCode = FAILURE_CODES[failure],
    readonly retryAfterMs?: number,
  ) {
    // Platforms' own words end up in Herald's answers: a sane length, whatever the platform sent.
    super(message.length > MESSAGE_LIMIT ? `${message.slice(0, MESSAGE_LIMIT - 1)}…` : message);
    this.name = "PlatformError";
  }

  get retryable(): boolean {
    return this.failure === "transient" || this.failure === "rate_limited";
  }
}
