// The Mastodon adapter: statuses on the account's instance, connected by OAuth (an app per instance) or token.
import { z } from "@hono/zod-openapi";
import type { mastodon } from "masto";
import { htmlToText } from "../../lib/html-text";
import { type FormFields, formData } from "../form";
import { credential, failureOf, type HttpCall, refuseUnless, send, waitFromIsoDate } from "../http";
import { downloadMedia, MB } from "../media";
import { followersOf } from "../metrics";
import {
  type AdapterDeps,
  type ConnectedIdentity,
  type InboxPolling,
  type Metrics,
  type OAuthApp,
  type OAuthConnection,
  type Platform,
  type PlatformAccount,
  type PlatformCredentials,
  PlatformError,
  type PolledItem,
  type Profile,
  type PublishRequest,
  type PublishResult,
} from "../types";

const MEDIA_LIMIT = 40 * MB;
/** A status's audiences (`metadata.visibility`); the account's default when none is given. */
const VISIBILITIES: readonly mastodon.v1.StatusVisibility[] = ["public", "unlisted", "private", "direct"];
const MEDIA_POLLS = 15;
/** Post, upload and read: what Herald does for the account. */
const SCOPES = "read write";
const APP_NAME = "Herald";

/** The instance's URL passes Herald's SSRF guard in the connect service before this is used. */
const ConnectInput = z.object({
  instance_url: z.string().max(200).openapi({ example: "https://mastodon.social" }),
  access_token: z
    .string()
    .min(1)
    .max(500)
    .openapi({ description: "A token with read and write scopes, from the instance's Development settings" }),
});

type MastodonCall = Omit<HttpCall, "url"> & { path: string; missingIsNull?: boolean };

/** A field name as masto's serializer sends it: its camelCase in snake_case (change-case's `snakeCase`). */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;
/**
 * A masto type as the instance sends or reads it: masto names fields in camelCase and converts every key to and
 * from the API's snake_case, so this is Mastodon's own shape.
 */
export type Wire<T> = T extends string | number | boolean | bigint | symbol | null | undefined | Blob
  ? T
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : { [K in keyof T as K extends string ? SnakeCase<K> : K]: Wire<T[K]> };

type Status = Wire<mastodon.v1.Status>;
/** The Error entity, which masto does not type (https://docs.joinmastodon.org/entities/Error/, read 2026-11-27). */
export interface MastodonError {
  error: string;
  error_description?: string;
}
type MediaAttachment = Wire<mastodon.v1.MediaAttachment>;

const appOf = (app: OAuthApp | undefined): OAuthApp => {
  if (!app) throw new Error("Mastodon connects through Herald's app on the user's instance");
  return app;
};

/**
 * Mastodon's REST API on the account's own instance: statuses with media descriptions, visibility and content
 * warnings. Accounts connect through OAuth with Herald's app on their instance (registered once per instance), or
 * with an access token the user made in the instance's Development settings.
 */
export class MastodonAdapter implements Platform {
  readonly countsRead = ["likes", "comments", "reposts"] as const;
  readonly connection: OAuthConnection;

  constructor(private readonly deps: AdapterDeps) {
    this.connection = {
      kind: "oauth",
      requiredEnv: [],
      perServer: { field: "instance_url", registerApp: (r) => this.registerApp(r) },
      authorizationUrl: (r) => this.authorizationUrl(r),
      exchangeCode: (r) => this.exchangeCode(r),
      identify: (credentials) => this.identify(String(credentials.instanceUrl), String(credentials.accessToken)),
      revoke: (credentials) => this.revoke(credentials),
      pasted: {
        input: ConnectInput,
        verify: async (input) => {
          const { instance_url, access_token } = ConnectInput.parse(input);
          const instanceUrl = new URL(instance_url).origin;
          return {
            credentials: { instanceUrl, accessToken: access_token },
            identity: await this.identify(instanceUrl, access_token),
          };
        },
      },
    };
  }

  // --- connection -------------------------------------------------------------------------------

  /** `POST /api/v1/apps`: Herald as a confidential client of the instance. */
  private async registerApp({
    serverUrl,
    redirectUri,
    website,
  }: {
    serverUrl: string;
    redirectUri: string;
    website: string;
  }) {
    const app = await this.api(serverUrl, {
      method: "POST",
      path: "/api/v1/apps",
      json: { client_name: APP_NAME, redirect_uris: redirectUri, scopes: SCOPES, website },
      // Repeating it makes a second app and nothing else: safe to retry.
      safe: true,
    });
    return { serverUrl, clientId: String(app.client_id), clientSecret: String(app.client_secret) };
  }

  private authorizationUrl({
    state,
    codeChallenge,
    redirectUri,
    app,
  }: Parameters<OAuthConnection["authorizationUrl"]>[0]) {
    const query = new URLSearchParams({
      response_type: "code",
      client_id: appOf(app).clientId,
      redirect_uri: redirectUri,
      scope: SCOPES,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: "S256",
    });
    return `${appOf(app).serverUrl}/oauth/authorize?${query.toString().replaceAll("+", "%20")}`;
  }

  /**
   * `POST /oauth/token` with the code and PKCE verifier. The app's credentials are kept with the token: the
   * token can only be revoked by the app that holds it.
   */
  private async exchangeCode({ code, codeVerifier, redirectUri, app }: Parameters<OAuthConnection["exchangeCode"]>[0]) {
    const { serverUrl, clientId, clientSecret } = appOf(app);
    const token = await this.api(serverUrl, {
      method: "POST",
      path: "/oauth/token",
      urlencoded: {
        grant_type: "authorization_code",
        code,
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      },
      safe: true,
    });
    return {
      instanceUrl: serverUrl,
      accessToken: String(token.access_token),
      scope: token.scope,
      clientId,
      clientSecret,
    };
  }

  /** Who the token speaks for (`<id>@<host>`: ids are per instance) and the instance's character limit. */
  private async identify(instanceUrl: string, token: string): Promise<ConnectedIdentity> {
    const me = await this.api(instanceUrl, { token, method: "GET", path: "/api/v1/accounts/verify_credentials" });
    const instance = await this.api(instanceUrl, { token, method: "GET", path: "/api/v2/instance" });
    const host = new URL(instanceUrl).host;
    const limit = Number(instance?.configuration?.statuses?.max_characters);
    return {
      platformUserId: `${me.id}@${host}`,
      name: me.display_name || `@${me.username}@${host}`,
      subscriptionTier: null,
      ...(Number.isInteger(limit) && limit > 0 ? { textLimit: limit } : {}),
    };
  }

  /** `POST /oauth/revoke`. A pasted token belongs to the user's own app, whose secret Herald never had: nothing to do. */
  private async revoke(credentials: PlatformCredentials) {
    const { instanceUrl, accessToken, clientId, clientSecret } = credentials;
    if (typeof clientId !== "string" || typeof clientSecret !== "string") return false;
    await this.api(String(instanceUrl), {
      method: "POST",
      path: "/oauth/revoke",
      urlencoded: { client_id: clientId, client_secret: clientSecret, token: String(accessToken) },
      safe: true,
    });
    return true;
  }

  /** One call to an instance's API; `token` when it is made for an account (registering an app needs none). */
  private async api(instanceUrl: string, { token, ...call }: MastodonCall & { token?: string }) {
    const full: HttpCall = {
      ...call,
      url: `${instanceUrl}${call.path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      safe: call.safe ?? (call.method === "GET" || call.path === "/api/v2/media"),
    };
    const answer = await send(this.deps, full);
    if (answer.ok) return answer.data;
    if (answer.status === 404 && call.missingIsNull) return null;
    const refusal: MastodonError | string | null = answer.data;
    const said = typeof refusal === "object" ? (refusal?.error_description ?? refusal?.error) : undefined;
    throw failureOf("Mastodon", full, answer, {
      message: said ?? "",
      retryAfterMs: waitFromIsoDate(answer.headers.get("x-ratelimit-reset"), this.deps.now()),
    });
  }

  private call(account: PlatformAccount, call: MastodonCall) {
    return this.api(credential(account, "instanceUrl"), { ...call, token: credential(account, "accessToken") });
  }

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    refuseUnless(request.media.length <= 4, "MEDIA_LIMIT", "Mastodon takes up to 4 media attachments per status");
    const mediaIds: string[] = [];
    for (const item of request.media) mediaIds.push(await this.upload(account, item));
    const { visibility, spoiler_text } = request.options;
    const audience = {
      visibility: VISIBILITIES.find((v) => v === visibility),
      spoiler_text: typeof spoiler_text === "string" && spoiler_text !== "" ? spoiler_text : undefined,
    };
    if (request.poll) {
      // `poll[options][]` and `poll[expires_in]` (seconds), sent as JSON; a status has a poll or media, not both.
      const poll = { options: request.poll.options, expires_in: request.poll.durationMinutes * 60 };
      return this.createStatus(account, { status: request.text, poll, ...audience });
    }
    return this.createStatus(account, {
      status: request.text,
      media_ids: mediaIds.length > 0 ? mediaIds : undefined,
      ...audience,
      // A thread's follow-up segment answers the segment before it.
      in_reply_to_id: request.replyTo?.parent.platformPostId,
    });
  }

  /** Uploads one attachment (with its description) and waits until the instance has processed it. */
  private async upload(account: PlatformAccount, item: PublishRequest["media"][number]): Promise<string> {
    const file = await downloadMedia(this.deps, item, MEDIA_LIMIT);
    const fields: FormFields<Wire<mastodon.rest.v2.CreateMediaAttachmentParams>> = {
      file: { blob: new Blob([file.bytes], { type: file.type }), filename: file.filename },
      description: item.altText || undefined,
    };
    const form = formData(fields);
    const media: MediaAttachment = await this.call(account, { method: "POST", path: "/api/v2/media", form });
    const id = media.id;
    // 202: accepted, still processing (url null); GET answers 206 until it is done.
    for (let poll = 0, ready = media.url != null; !ready; poll++) {
      if (poll === MEDIA_POLLS) throw new PlatformError("transient", "Mastodon is still processing the media");
      await this.deps.sleep(1000);
      const path = `/api/v1/media/${encodeURIComponent(id)}`;
      const processed: MediaAttachment | null = await this.call(account, { method: "GET", path });
      ready = processed?.url != null;
    }
    return id;
  }

  private async createStatus(
    account: PlatformAccount,
    body: Wire<mastodon.rest.v1.CreateStatusParams>,
  ): Promise<PublishResult> {
    const status: Status = await this.call(account, { method: "POST", path: "/api/v1/statuses", json: body });
    return { platformPostId: status.id, url: status.url ?? undefined };
  }

  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    return this.createStatus(account, { status: text, in_reply_to_id: platformPostId });
  }

  async repost(account: PlatformAccount, platformPostId: string): Promise<PublishResult> {
    const status: Status = await this.call(account, {
      method: "POST",
      path: `/api/v1/statuses/${encodeURIComponent(platformPostId)}/reblog`,
    });
    return { platformPostId: status.id, url: status.reblog?.url ?? undefined };
  }

  /** The account's followers, from `verify_credentials` (the instance keeps the count). */
  async readProfile(account: PlatformAccount): Promise<Profile> {
    const me: Wire<mastodon.v1.CredentialAccount> = await this.call(account, {
      method: "GET",
      path: "/api/v1/accounts/verify_credentials",
    });
    return { subscriptionTier: null, ...followersOf(me.followers_count) };
  }

  /**
   * The inbox's poll: mentions (`GET /api/v1/notifications?types[]=mention`), which include every reply to the
   * account's statuses and direct messages. `min_id` walks forward from the newest one seen, so none is skipped
   * however many came; a direct-visibility status is a direct message, any other a comment on the status it answers.
   */
  readonly inbox: InboxPolling = {
    poll: async (account, cursor) => {
      const query = new URLSearchParams({ "types[]": "mention", limit: String(NOTIFICATIONS_PER_POLL) });
      if (cursor) query.set("min_id", cursor);
      const page: Wire<mastodon.v1.Notification>[] = await this.call(account, {
        method: "GET",
        path: `/api/v1/notifications?${query}`,
      });
      const mentions = page.filter((n) => n.type === "mention" && n.status).reverse();
      return { items: mentions.map(mentionItem), cursor: page[0]?.id ?? cursor };
    },
  };

  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const result = new Map<string, Metrics | null>();
    for (const id of platformPostIds) {
      const path = `/api/v1/statuses/${encodeURIComponent(id)}`;
      const status: Status | null = await this.call(account, { method: "GET", path, missingIsNull: true });
      result.set(
        id,
        status && {
          likes: status.favourites_count,
          comments: status.replies_count,
          reposts: status.reblogs_count,
          views: 0,
        },
      );
    }
    return result;
  }
}

/** Mastodon answers at most 40 notifications a page (https://docs.joinmastodon.org/methods/notifications/). */
const NOTIFICATIONS_PER_POLL = 40;

function mentionItem(notification: Wire<mastodon.v1.Notification>): PolledItem {
  const status = (notification as Wire<mastodon.v1.MentionNotification>).status;
  const sender = notification.account;
  const direct = status.visibility === "direct";
  return {
    kind: direct ? "message" : "comment",
    id: status.id,
    senderId: sender.id,
    text: htmlToText(status.content),
    ...(!direct && status.in_reply_to_id ? { mediaId: status.in_reply_to_id } : {}),
    sentAt: Date.parse(status.created_at),
    sender: { name: sender.display_name || undefined, handle: sender.acct, avatarUrl: sender.avatar || undefined },
  };
}
