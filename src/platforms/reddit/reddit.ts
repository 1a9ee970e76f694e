// The Reddit adapter: posts to a subreddit (text, link, image, video), comments, scores, subreddits checked.
import { mapLimited } from "../../lib/map-limited";
import {
  answerMessage,
  type CallKind,
  credential,
  DEFAULT_RATE_LIMIT_WAIT_MS,
  exchange,
  failureOf,
  type HttpAnswer,
  type HttpCall,
  type HttpDeps,
  refuseUnless,
  send,
  sendWithToken,
  serverFailure,
  waitFromRetryAfter,
} from "../http";
import { downloadMedia, MB } from "../media";
import { OAUTH_CONNECTIONS } from "../oauth-connections";
import { declaredConnection, oauthTokenCall } from "../platform-oauth";
import {
  type Destination,
  type Metrics,
  type OAuthConnection,
  type OutgoingMedia,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "../types";
import { postKindOf } from "./reddit-rules";
import type {
  RedditComment,
  RedditCommented,
  RedditErrorAnswer,
  RedditJsonAnswer,
  RedditLinkFlair,
  RedditListing,
  RedditMe,
  RedditMediaAsset,
  RedditMediaAssetRequest,
  RedditMediaSubmitted,
  RedditPost,
  RedditPostRequirements,
  RedditSubmit,
  RedditSubmitted,
  RedditSubreddit,
  RedditThing,
} from "./reddit-shapes";

const API = "https://oauth.reddit.com";
const REVOKE_URL = "https://www.reddit.com/api/v1/revoke_token";
const IMAGE_LIMIT = 20 * MB;
/** Herald reads a video whole before sending it on: up to 100 MB (Reddit's own limit is 1 GB). */
const VIDEO_LIMIT = 100 * MB;
/** At most this many subreddits are checked again when the account's destinations are read. */
const CHECKED_AGAIN = 25;
/** How often to look for an image or video post that Reddit accepted without naming it. */
const FIND_TRIES = 4;
const FIND_INTERVAL_MS = 3_000;

/** A subreddit's name as Reddit allows it. */
const SUBREDDIT_NAME = /^[A-Za-z0-9_]{2,21}$/;

/** `r/name`, `/r/name`, `name` or a reddit.com URL of the subreddit: its bare name, or null. */
export function subredditName(input: string): string | null {
  const trimmed = input.trim().replace(/^https?:\/\/(www\.|old\.|new\.)?reddit\.com/i, "");
  const name = trimmed.replace(/^\/?r\//i, "").replace(/\/+$/, "");
  return SUBREDDIT_NAME.test(name) ? name : null;
}

/**
 * Reddit's API rules ask every client for a unique, descriptive User-Agent:
 * `<platform>:<app ID>:<version> (by /u/<username>)`, the username being the app's developer on Reddit.
 */
export function redditUserAgent(env: HttpDeps["env"]): string {
  const developer = env?.REDDIT_DEVELOPER_USERNAME;
  return `web:${env?.REDDIT_CLIENT_ID ?? "herald"}:0.1.0${developer ? ` (by /u/${developer})` : ""}`;
}

/** `X-Ratelimit-Reset`: the seconds until the account's window of calls starts again. */
const resetWait = (headers: Headers) => {
  const seconds = Number(headers.get("x-ratelimit-reset"));
  return headers.has("x-ratelimit-reset") && Number.isFinite(seconds) ? Math.max(0, seconds) * 1000 : undefined;
};

/** The post kinds a subreddit takes, from its settings. */
function postKinds(about: RedditSubreddit): string[] {
  const kinds =
    about.submission_type === "link" ? ["link"] : about.submission_type === "self" ? ["self"] : ["self", "link"];
  if (about.submission_type !== "self") {
    if (about.allow_images) kinds.push("image");
    if (about.allow_videos) kinds.push("video");
  }
  return kinds;
}

const truthy = (value: unknown) => (value === true ? "true" : "false");

/**
 * Reddit through its OAuth API (`oauth.reddit.com`): a post to a subreddit (the destination `r/<name>`) with
 * `metadata.title`, of kind `self` (the text as Markdown), `link` (`metadata.url`), `image` or `video` (the media,
 * uploaded to Reddit's media store), with `flair_id`, `nsfw`, `spoiler`; a comment replies to a post or comment;
 * metrics are the score as likes, comments and crossposts. Every call carries the descriptive User-Agent and waits as
 * Reddit's `X-Ratelimit-*` headers say. `platformUserId` is the account's id (without `t2_`).
 */
export class RedditAdapter implements Platform {
  readonly countsRead = ["likes", "comments", "reposts"] as const;
  readonly connection: OAuthConnection;
  private readonly userAgent: string;
  /** When the last answer said the window's calls are used up: no call is made before it ends. */
  private exhaustedUntil = 0;

  constructor(private readonly deps: HttpDeps) {
    this.userAgent = redditUserAgent(deps.env);
    this.connection = declaredConnection(deps, OAUTH_CONNECTIONS.reddit, {
      identify: async (credentials) => {
        const me = await this.me(String(credentials.accessToken));
        return { platformUserId: me.id, name: `u/${me.name}`, subscriptionTier: null };
      },
      tokenCall: oauthTokenCall(deps, "Reddit", { headers: { "user-agent": this.userAgent }, wait: resetWait }),
      /** The refresh token, which takes its access tokens with it. */
      revoke: async (credentials, app) => {
        const token = credentials.refreshToken ?? credentials.accessToken;
        if (typeof token !== "string") return false;
        await sendWithToken(this.deps, "Reddit", null, {
          method: "POST",
          url: REVOKE_URL,
          headers: { ...app.headers, "user-agent": this.userAgent },
          urlencoded: { token, token_type_hint: credentials.refreshToken ? "refresh_token" : "access_token" },
          safe: true,
        });
        return true;
      },
    });
  }

  /**
   * One call as the account, refused before it is sent while Reddit's window is used up; its failures in Herald's
   * terms (`failureOf`, waiting as `X-Ratelimit-Reset` says), except the statuses `answered` hands back.
   */
  private async call(token: string, call: HttpCall, answered: readonly number[] = []): Promise<HttpAnswer> {
    const now = this.deps.now();
    if (this.exhaustedUntil > now) {
      const wait = this.exhaustedUntil - now;
      const message = `Reddit's rate limit is used up for ${Math.ceil(wait / 1000)} s more`;
      throw new PlatformError("rate_limited", message, "PLATFORM_RATE_LIMITED", wait);
    }
    const headers = { ...call.headers, authorization: `Bearer ${token}`, "user-agent": this.userAgent };
    const answer = await send(this.deps, { ...call, headers });
    const wait = resetWait(answer.headers);
    if (answer.headers.has("x-ratelimit-remaining") && Number(answer.headers.get("x-ratelimit-remaining")) < 1) {
      this.exhaustedUntil = now + (wait ?? DEFAULT_RATE_LIMIT_WAIT_MS);
    }
    if (answer.ok || answered.includes(answer.status)) return answer;
    throw failureOf("Reddit", call, answer, {
      message: answerMessage(answer.data),
      retryAfterMs: wait ?? waitFromRetryAfter(answer.headers.get("retry-after"), now),
      code: answer.status === 403 ? "PERMISSION_DENIED" : answer.status === 404 ? "NOT_ON_PLATFORM" : undefined,
    });
  }

  private async me(token: string): Promise<RedditMe> {
    return (await this.call(token, { method: "GET", url: `${API}/api/v1/me`, safe: true })).data;
  }

  async readProfile(account: PlatformAccount) {
    await this.me(credential(account, "accessToken"));
    return { subscriptionTier: null };
  }

  // --- subreddits ---------------------------------------------------------------------------------

  /**
   * Whether the account can post to the subreddit: it exists and is not banned, the account is not banned there and
   * may post (a restricted or private subreddit only to its approved users), with the kinds it takes, whether it
   * requires flair, and its flair list. Refused with `INVALID_DESTINATION` otherwise.
   */
  async checkDestination(account: PlatformAccount, input: string): Promise<Destination> {
    const name = subredditName(input);
    refuseUnless(name !== null, "INVALID_DESTINATION", `${input} is not a subreddit name (r/<name>)`);
    const token = credential(account, "accessToken");
    const about = await this.subreddit(token, name);
    const where = about.display_name_prefixed;
    const approved = about.user_is_contributor === true || about.user_is_moderator === true;
    refuseUnless(about.user_is_banned !== true, "INVALID_DESTINATION", `The account is banned from ${where}`);
    refuseUnless(about.subreddit_type !== "archived", "INVALID_DESTINATION", `${where} is archived: nobody can post`);
    refuseUnless(
      about.subreddit_type === "public" || about.subreddit_type === "user" || approved,
      "INVALID_DESTINATION",
      `${where} is ${about.subreddit_type}: only its approved users may post`,
    );
    const [requirements, flairs] = await Promise.all([
      this.call(token, { method: "GET", url: `${API}/api/v1/${name}/post_requirements`, safe: true }),
      this.flairs(token, name),
    ]);
    const required: Partial<RedditPostRequirements> = requirements.data ?? {};
    return {
      id: where,
      label: about.title ? `${where} — ${about.title}` : where,
      rules: {
        post_kinds: postKinds(about),
        flair_required: required.is_flair_required === true,
        flairs: flairs.map((f) => ({ id: f.id, text: f.text })),
        ...(typeof required.title_text_max_length === "number" ? { title_max: required.title_text_max_length } : {}),
        ...(required.body_restriction_policy === "required" ? { text_required: true } : {}),
      },
    };
  }

  /** GET /r/{name}/about: a banned, missing or private subreddit is refused with Reddit's reason. */
  private async subreddit(token: string, name: string): Promise<RedditSubreddit> {
    const url = `${API}/r/${name}/about?raw_json=1`;
    const answer = await this.call(token, { method: "GET", url, safe: true }, [403, 404]);
    const thing = answer.data as RedditThing<string, RedditSubreddit> | null;
    if (answer.ok && thing?.kind === "t5") return thing.data;
    const reason = (answer.data as Partial<RedditErrorAnswer> | null)?.reason;
    const why =
      reason === "banned"
        ? `r/${name} was banned by Reddit`
        : reason === "private" || reason === "quarantined"
          ? `r/${name} is ${reason}`
          : answer.status === 403
            ? `The account may not see r/${name}`
            : `Reddit has no subreddit r/${name}`;
    throw new PlatformError("refused", why, "INVALID_DESTINATION");
  }

  /** The subreddit's link flair; none where it has flair off or the account may not read it. */
  private async flairs(token: string, name: string): Promise<RedditLinkFlair[]> {
    try {
      const answer = await this.call(token, { method: "GET", url: `${API}/r/${name}/api/link_flair_v2`, safe: true });
      return Array.isArray(answer.data) ? answer.data : [];
    } catch (error) {
      if (error instanceof PlatformError && error.code === "PERMISSION_DENIED") return [];
      throw error;
    }
  }

  /** The subreddits kept on the account, each checked again; one the account can no longer post to drops out. */
  async listDestinations(account: PlatformAccount): Promise<Destination[]> {
    const checked = await mapLimited(account.destinations.slice(0, CHECKED_AGAIN), 3, async (kept) => {
      try {
        return await this.checkDestination(account, kept.id);
      } catch (error) {
        if (error instanceof PlatformError && error.code === "INVALID_DESTINATION") return null;
        throw error;
      }
    });
    return checked.filter((d): d is Destination => d !== null);
  }

  // --- posting ------------------------------------------------------------------------------------

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const token = credential(account, "accessToken");
    const name = request.destinationId ? subredditName(request.destinationId) : null;
    refuseUnless(
      name !== null,
      "DESTINATION_REQUIRED",
      "A Reddit post goes to a subreddit: set metadata.destination_id",
    );
    const { options } = request;
    const title = typeof options.title === "string" ? options.title : "";
    refuseUnless(title !== "", "TITLE_REQUIRED", "A Reddit post needs metadata.title");
    const kind = postKindOf(request);
    const submit: RedditSubmit = {
      api_type: "json",
      sr: name,
      kind,
      title,
      ...(kind === "self" ? { text: request.text } : {}),
      ...(kind === "link" ? { url: String(options.url) } : {}),
      ...(typeof options.flair_id === "string" ? { flair_id: options.flair_id } : {}),
      ...(options.nsfw !== undefined ? { nsfw: truthy(options.nsfw) } : {}),
      ...(options.spoiler !== undefined ? { spoiler: truthy(options.spoiler) } : {}),
      sendreplies: "true",
      resubmit: "true",
    };
    if (kind === "image" || kind === "video") {
      const [item] = request.media;
      refuseUnless(
        item?.type === kind && request.media.length === 1,
        "MEDIA_NOT_SUPPORTED",
        `A Reddit ${kind} post takes one ${kind}`,
      );
      submit.url = await this.upload(token, item);
      if (kind === "video") {
        refuseUnless(
          item.coverUrl !== undefined,
          "MEDIA_NOT_SUPPORTED",
          "A Reddit video post needs a cover (cover_url)",
        );
        submit.video_poster_url = await this.upload(token, { type: "image", url: item.coverUrl });
      }
    }
    const sentAt = this.deps.now();
    const answer = await this.call(token, { method: "POST", url: `${API}/api/submit`, urlencoded: { ...submit } });
    const data = jsonData<RedditSubmitted & RedditMediaSubmitted>(answer, "the post");
    if (typeof data?.name === "string") return { platformPostId: data.name, url: data.url };
    if (typeof data?.user_submitted_page === "string") return this.findSubmitted(token, title, sentAt);
    throw new PlatformError("no_answer", "Reddit did not say which post it made");
  }

  /**
   * An image or video post is named by Reddit only on a websocket once its media is processed: Herald looks for it
   * among the account's newest submissions instead, by its title, made since the submit. Not found after a few
   * looks, it may still appear: never posted again.
   */
  private async findSubmitted(token: string, title: string, sentAt: number): Promise<PublishResult> {
    const me = await this.me(token);
    const sleep = this.deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    for (let look = 0; look < FIND_TRIES; look++) {
      if (look > 0) await sleep(FIND_INTERVAL_MS);
      const answer = await this.call(token, {
        method: "GET",
        url: `${API}/user/${encodeURIComponent(me.name)}/submitted?sort=new&limit=10&raw_json=1`,
        safe: true,
      });
      const listing = answer.data as RedditListing<RedditThing<"t3", RedditPost>> | null;
      const found = listing?.data.children.find(
        (c) => c.data.title === title && c.data.created_utc * 1000 >= sentAt - 60_000,
      );
      if (found) return { platformPostId: found.data.name, url: `https://www.reddit.com${found.data.permalink}` };
    }
    throw new PlatformError("no_answer", "Reddit accepted the post but has not shown it yet; check the subreddit");
  }

  /** Uploads a file to Reddit's media store (a lease, then the file to its bucket): the URL a submit names. */
  private async upload(token: string, item: Pick<OutgoingMedia, "type" | "url">): Promise<string> {
    const file = await downloadMedia(
      this.deps,
      item as OutgoingMedia,
      item.type === "video" ? VIDEO_LIMIT : IMAGE_LIMIT,
    );
    const lease: RedditMediaAssetRequest = { filepath: file.filename, mimetype: file.type };
    const answer = await this.call(token, {
      method: "POST",
      url: `${API}/api/media/asset.json`,
      urlencoded: { ...lease },
      safe: true,
    });
    const asset = answer.data as Partial<RedditMediaAsset> | null;
    const action = asset?.args?.action;
    const key = asset?.args?.fields.find((f) => f.name === "key")?.value;
    if (typeof action !== "string" || typeof key !== "string") {
      throw new PlatformError("transient", "Reddit's media lease named no upload address");
    }
    const bucket = action.startsWith("//") ? `https:${action}` : action;
    const form = new FormData();
    for (const { name, value } of asset!.args!.fields) form.append(name, value);
    form.append("file", new Blob([file.bytes], { type: file.type }), file.filename);
    const call: CallKind = { label: "Reddit media upload", creates: false };
    const res = await exchange(this.deps, call, bucket, { method: "POST", body: form });
    await res.body?.cancel();
    if (res.status >= 500) throw serverFailure(call, res.status);
    if (!res.ok)
      throw new PlatformError("refused", `Reddit's media store refused the file (${res.status})`, "MEDIA_REJECTED");
    return `${bucket}/${key}`;
  }

  /** A reply to a post (`t3_…`) or a comment (`t1_…`). */
  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    const comment: RedditComment = { api_type: "json", thing_id: platformPostId, text };
    const answer = await this.call(credential(account, "accessToken"), {
      method: "POST",
      url: `${API}/api/comment`,
      urlencoded: { ...comment },
    });
    const [made] = jsonData<RedditCommented>(answer, "the comment")?.things ?? [];
    if (!made) throw new PlatformError("no_answer", "Reddit did not say which comment it made");
    return { platformPostId: made.data.name, url: `https://www.reddit.com${made.data.permalink}` };
  }

  /** GET /api/info for up to 100 posts at once: score as likes, comments, crossposts as reposts; no views. */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const token = credential(account, "accessToken");
    const result = new Map<string, Metrics | null>(platformPostIds.map((id) => [id, null]));
    for (let at = 0; at < platformPostIds.length; at += 100) {
      const ids = platformPostIds.slice(at, at + 100);
      const answer = await this.call(token, {
        method: "GET",
        url: `${API}/api/info?id=${ids.map(encodeURIComponent).join(",")}&raw_json=1`,
        safe: true,
      });
      const listing = answer.data as RedditListing<RedditThing<"t3" | "t1", RedditPost>> | null;
      for (const { data: post } of listing?.data.children ?? []) {
        if (post.removed_by_category === "deleted") continue;
        result.set(post.name, {
          likes: post.score,
          comments: post.num_comments ?? 0,
          reposts: post.num_crossposts ?? 0,
          views: 0,
        });
      }
    }
    return result;
  }
}

/**
 * The `json.data` of an `api_type=json` answer, or its refusal: Reddit answers 200 with `json.errors` when it posts
 * nothing. `RATELIMIT` waits `json.ratelimit` seconds; a missing or forbidden subreddit and required flair keep
 * their own codes.
 */
function jsonData<T>(answer: HttpAnswer, what: string): Partial<T> | undefined {
  const body = (answer.data as RedditJsonAnswer<T> | null)?.json;
  const [first] = body?.errors ?? [];
  if (!first) return body?.data;
  const [code, message] = first;
  const said = `Reddit refused ${what}: ${message} (${code})`;
  if (code === "RATELIMIT") {
    const seconds = typeof body?.ratelimit === "number" ? body.ratelimit : 60;
    throw new PlatformError("rate_limited", said, "PLATFORM_RATE_LIMITED", Math.ceil(seconds * 1000));
  }
  if (code === "SUBREDDIT_NOEXIST" || code === "SUBREDDIT_NOTALLOWED" || code === "SUBREDDIT_REQUIRED") {
    throw new PlatformError("refused", said, "INVALID_DESTINATION");
  }
  if (code.includes("FLAIR_REQUIRED")) throw new PlatformError("refused", said, "FLAIR_REQUIRED");
  throw new PlatformError("refused", said, "PLATFORM_REFUSED");
}
