// The Lemmy adapter (API v3 on the user's instance): posts to communities, comments, scores.
import { z } from "@hono/zod-openapi";
import type {
  CommentResponse,
  CreateComment,
  CreatePost,
  GetPostResponse,
  LemmyErrorType,
  ListCommunities,
  ListCommunitiesResponse,
  PostResponse,
  UploadImageResponse,
} from "lemmy-js-client";
import { credential, failureOf, type HttpCall, refuseUnless, send, waitFromRetryAfter } from "../http";
import { downloadMedia, MB } from "../media";
import { countsPerPost } from "../metrics";
import { serverBase, storedServer } from "../server-url";
import {
  type AdapterDeps,
  type CredentialConnection,
  type Destination,
  type Metrics,
  type OutgoingMedia,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "../types";

/**
 * API v3: what Lemmy 0.19 serves and what Lemmy 1.0 keeps serving for login, posts, comments and listings
 * while clients move to v4.
 */
const API = "/api/v3";
const TITLE_LIMIT = 200;
const IMAGE_LIMIT = 20 * MB;
const COMMUNITIES_LIMIT = 50;

type LemmyError = LemmyErrorType["error"];
/** Lemmy `error` values meaning the login no longer works. */
const AUTH_ERRORS = new Set<LemmyError>(["not_logged_in", "incorrect_login", "deleted", "banned"]);
const RATE_LIMITED: LemmyError = "rate_limit_error";

const ConnectInput = z.object({
  instance_url: z.string().max(300).openapi({ example: "https://lemmy.world" }),
  username_or_email: z.string().min(1).max(255),
  password: z
    .string()
    .min(1)
    .max(200)
    .openapi({ description: "Used once to sign in; Herald keeps the session token it gets, not the password" }),
  totp_2fa_token: z
    .string()
    .regex(/^\d{6}$/)
    .optional()
    .openapi({ description: "The current 2FA code, if the account has 2FA" }),
});

type LemmyCall = Omit<HttpCall, "url" | "headers"> & { path: string };

/** A title from the text's first line when the target sets none (Lemmy requires one). */
const firstLine = (text: string) => [...(text.trim().split("\n")[0] ?? "")].slice(0, TITLE_LIMIT).join("").trim();

/**
 * Lemmy on the user's instance: posts to communities (the communities the account subscribes to are its
 * destinations), with a title, a Markdown body and one image uploaded to the instance's pict-rs; comments;
 * score and comment counts. Connecting signs in once with the user's login and keeps only the session token
 * (Lemmy tokens do not expire; a signed-out token makes the account `reauth_required`). The instance URL passes
 * the SSRF guard at connect and before every call.
 */
export class LemmyAdapter implements Platform {
  readonly countsRead = ["likes", "comments"] as const;
  readonly connection: CredentialConnection;

  constructor(private readonly deps: AdapterDeps) {
    this.connection = {
      kind: "credentials",
      requiredEnv: [],
      input: ConnectInput,
      verify: async (input) => {
        const { instance_url, username_or_email, password, totp_2fa_token } = ConnectInput.parse(input);
        const instanceUrl = serverBase(this.deps, instance_url, "instance_url");
        const login = await this.api(instanceUrl, undefined, {
          method: "POST",
          path: "/user/login",
          json: { username_or_email, password, ...(totp_2fa_token ? { totp_2fa_token } : {}) },
          safe: true,
        });
        if (typeof login?.jwt !== "string") {
          // No token: the instance wants the email verified or the registration approved first.
          throw new PlatformError("refused", "Lemmy gave no session token: verify the email or wait for approval");
        }
        const site = await this.api(instanceUrl, login.jwt, { method: "GET", path: "/site", safe: true });
        const person = site?.my_user?.local_user_view?.person;
        if (!person) throw new PlatformError("refused", "Lemmy did not say who the login belongs to");
        return {
          credentials: { instanceUrl, accessToken: login.jwt },
          identity: {
            platformUserId: String(person.actor_id ?? `${person.id}@${new URL(instanceUrl).host}`),
            name: person.display_name || `@${person.name}@${new URL(instanceUrl).host}`,
            subscriptionTier: null,
            destinations: await this.communities(instanceUrl, login.jwt),
          },
        };
      },
    };
  }

  /** One call to the instance, as the account when `token` is given. Lemmy answers failures as `{ error }`. */
  private async api(instanceUrl: string, token: string | undefined, call: LemmyCall) {
    const full: HttpCall = {
      ...call,
      url: `${instanceUrl}${call.path.startsWith("/pictrs") ? "" : API}${call.path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      safe: call.safe ?? call.method === "GET",
    };
    const answer = await send(this.deps, full);
    if (answer.ok) return answer.data;
    const refusal: (LemmyErrorType & { message?: string }) | string | null = answer.data;
    const error = typeof refusal === "object" && typeof refusal?.error === "string" ? refusal.error : undefined;
    const said = typeof refusal === "object" ? refusal?.message : undefined;
    const message = [error, said].filter(Boolean).join(": ") || messageOfText(refusal);
    if (token && error && AUTH_ERRORS.has(error)) {
      throw new PlatformError("auth_expired", `Lemmy no longer accepts the session: ${message}`);
    }
    if (answer.status === 404 || /^couldnt_find_/.test(error ?? "")) {
      throw new PlatformError("refused", `Lemmy: ${message}`, "NOT_ON_PLATFORM");
    }
    // Lemmy's rate limiter answers 429 or `{ error: "rate_limit_error" }`.
    const limited = error === RATE_LIMITED ? { ...answer, status: 429 } : answer;
    throw failureOf("Lemmy", full, limited, {
      message,
      retryAfterMs: waitFromRetryAfter(answer.headers.get("retry-after"), this.deps.now()),
    });
  }

  private call(account: PlatformAccount, call: LemmyCall) {
    return this.api(storedServer(this.deps, account, "instanceUrl"), credential(account, "accessToken"), call);
  }

  /** The communities the account subscribes to, as `!name@host` labels. */
  private async communities(instanceUrl: string, token: string): Promise<Destination[]> {
    const query = { type_: "Subscribed", sort: "Active", limit: COMMUNITIES_LIMIT } satisfies ListCommunities;
    const path = `/community/list?${new URLSearchParams({ ...query, limit: String(query.limit) })}`;
    const { communities }: ListCommunitiesResponse = await this.api(instanceUrl, token, { method: "GET", path });
    return communities.map(({ community }) => ({
      id: String(community.id),
      label: `${community.title} (!${community.name}@${hostOf(community.actor_id, instanceUrl)})`,
    }));
  }

  /** Uploads one image to the instance's pict-rs (not attached yet: safe to repeat) and answers its URL. */
  private async uploadImage(account: PlatformAccount, media: OutgoingMedia): Promise<string> {
    const instanceUrl = storedServer(this.deps, account, "instanceUrl");
    const file = await downloadMedia(this.deps, media, IMAGE_LIMIT);
    // The form field lemmy-js-client's `uploadImage` sends (its `UploadImage` type names the client's argument).
    const form = new FormData();
    form.append("images[]", new Blob([file.bytes], { type: file.type }), file.filename);
    const uploaded: UploadImageResponse | null = await this.call(account, {
      method: "POST",
      path: "/pictrs/image",
      form,
      safe: true,
    });
    const name = uploaded?.files?.[0]?.file;
    if (uploaded?.msg !== "ok" || typeof name !== "string") {
      throw new PlatformError("refused", `Lemmy refused the image: ${uploaded?.msg ?? "no file"}`, "MEDIA_REFUSED");
    }
    return `${instanceUrl}/pictrs/image/${encodeURIComponent(name)}`;
  }

  /** `POST /post` to the community: `metadata.title` (else the text's first line), the text as body, one image as its URL. */
  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    refuseUnless(
      Boolean(request.destinationId),
      "DESTINATION_REQUIRED",
      "A Lemmy post goes to a community: set metadata.destination_id",
    );
    refuseUnless(
      request.media.length <= 1 && request.media.every((m) => m.type === "image"),
      "MEDIA_NOT_SUPPORTED",
      "A Lemmy post takes one image",
    );
    const title = typeof request.options.title === "string" ? request.options.title : firstLine(request.text);
    refuseUnless(title !== "", "TITLE_REQUIRED", "A Lemmy post needs a title: set metadata.title");
    const post: CreatePost = {
      name: title,
      community_id: Number(request.destinationId),
      body: request.text.trim() !== "" ? request.text : undefined,
      url: request.media[0] ? await this.uploadImage(account, request.media[0]) : undefined,
    };
    const { post_view }: PostResponse = await this.call(account, { method: "POST", path: "/post", json: post });
    return { platformPostId: String(post_view.post.id), url: post_view.post.ap_id };
  }

  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    const comment: CreateComment = { content: text, post_id: Number(platformPostId) };
    const { comment_view }: CommentResponse = await this.call(account, {
      method: "POST",
      path: "/comment",
      json: comment,
    });
    return { platformPostId: String(comment_view.comment.id), url: comment_view.comment.ap_id };
  }

  /** Score as likes, comments; a deleted or removed post is null. */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    return countsPerPost(platformPostIds, async (id) => {
      const path = `/post?id=${encodeURIComponent(id)}`;
      const { post_view }: GetPostResponse = await this.call(account, { method: "GET", path });
      if (post_view.post.deleted || post_view.post.removed) {
        throw new PlatformError("refused", `Lemmy post ${id} was deleted`, "NOT_ON_PLATFORM");
      }
      return { likes: post_view.counts.score, comments: post_view.counts.comments, reposts: 0, views: 0 };
    });
  }

  async listDestinations(account: PlatformAccount): Promise<Destination[]> {
    return this.communities(storedServer(this.deps, account, "instanceUrl"), credential(account, "accessToken"));
  }
}

const messageOfText = (data: unknown) => (typeof data === "string" ? data.slice(0, 300) : "");

const hostOf = (actorId: string, fallback: string) => {
  try {
    return new URL(actorId).host;
  } catch {
    return new URL(fallback).host;
  }
};
