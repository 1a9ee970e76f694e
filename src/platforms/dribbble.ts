import { imageSize } from "../lib/image-size";
import {
  answerMessage,
  credential,
  failureOf,
  type HttpAnswer,
  type HttpCall,
  type HttpDeps,
  refuseUnless,
  send,
  waitFromEpochSeconds,
} from "./http";
import { downloadMedia, MB } from "./media";
import { appCredentials, consentUrl, tokenRequest } from "./platform-oauth";
import {
  type OAuthConnection,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "./types";

const OAUTH = "https://dribbble.com/oauth";
const API = "https://api.dribbble.com/v2";
/** Read the profile (`public`) and publish shots (`upload`). */
export const DRIBBBLE_SCOPES = ["public", "upload"];
/** Dribbble's shot image: exactly 400×300 or 800×600, at most 8 MB, GIF, JPEG or PNG. */
export const DRIBBBLE_IMAGE_LIMIT = 8 * MB;
export const DRIBBBLE_SIZES = ["400x300", "800x600"];
export const DRIBBBLE_TAGS_MAX = 12;
const TITLE_LIMIT = 100;

/**
 * Dribbble through API v2: a shot with one image, a title (the option, else the text's first line), the
 * text as its description and tags. Dribbble tokens do not expire (no refresh). `platformUserId` is the
 * Dribbble user id.
 */
export class DribbbleAdapter implements Platform {
  readonly connection: OAuthConnection;

  constructor(private readonly deps: HttpDeps) {
    const app = () => {
      const { clientId, clientSecret } = appCredentials(deps, "DRIBBBLE_CLIENT_ID", "DRIBBBLE_CLIENT_SECRET");
      return { client_id: clientId, client_secret: clientSecret };
    };
    this.connection = {
      kind: "oauth",
      requiredEnv: ["DRIBBBLE_CLIENT_ID", "DRIBBBLE_CLIENT_SECRET"],
      // Dribbble's OAuth has no PKCE: the app proves itself with its secret.
      authorizationUrl: ({ state, redirectUri }) =>
        consentUrl(`${OAUTH}/authorize`, {
          client_id: app().client_id,
          redirect_uri: redirectUri,
          scope: DRIBBBLE_SCOPES.join(" "),
          state,
        }),
      exchangeCode: ({ code, redirectUri }) =>
        tokenRequest(deps, "Dribbble", { url: `${OAUTH}/token`, form: { ...app(), code, redirect_uri: redirectUri } }),
      identify: async (credentials) => {
        const me = await this.me(String(credentials.accessToken));
        return { platformUserId: String(me.id), name: me.name || me.login, subscriptionTier: null };
      },
    };
  }

  private async call(token: string, call: HttpCall): Promise<HttpAnswer> {
    const answer = await send(this.deps, { ...call, headers: { ...call.headers, authorization: `Bearer ${token}` } });
    if (answer.ok) return answer;
    throw failureOf("Dribbble", call, answer, {
      message: answerMessage(answer.data) || dribbbleErrors(answer.data),
      retryAfterMs: waitFromEpochSeconds(answer.headers.get("x-ratelimit-reset"), this.deps.now()),
      code: answer.status === 403 ? "PERMISSION_DENIED" : undefined,
    });
  }

  private async me(token: string): Promise<{ id: number; name?: string; login: string }> {
    return (await this.call(token, { method: "GET", url: `${API}/user`, safe: true })).data;
  }

  async readProfile(account: PlatformAccount) {
    await this.me(credential(account, "accessToken"));
    return { subscriptionTier: null };
  }

  /**
   * The image is fetched and checked (format, size, dimensions) before anything is sent; Dribbble makes the
   * shot asynchronously and answers 202 with its location.
   */
  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const [image] = request.media;
    refuseUnless(
      request.media.length === 1 && image?.type === "image",
      "MEDIA_NOT_SUPPORTED",
      "A Dribbble shot takes exactly one image",
    );
    const token = credential(account, "accessToken");
    const file = await downloadMedia(this.deps, image, DRIBBBLE_IMAGE_LIMIT);
    const size = imageSize(file.bytes);
    refuseUnless(size !== null, "MEDIA_NOT_SUPPORTED", "A Dribbble shot is a GIF, JPEG or PNG image");
    refuseUnless(
      DRIBBBLE_SIZES.includes(`${size.width}x${size.height}`),
      "MEDIA_NOT_SUPPORTED",
      `A Dribbble shot is exactly 400×300 or 800×600 pixels; this image is ${size.width}×${size.height}`,
    );
    const form = new FormData();
    form.append("image", new Blob([file.bytes], { type: size.type }), file.filename);
    form.append("title", titleOf(request));
    form.append("description", request.text);
    const tags = Array.isArray(request.options.tags) ? request.options.tags : [];
    for (const tag of tags.slice(0, DRIBBBLE_TAGS_MAX)) form.append("tags[]", String(tag));
    const answer = await this.call(token, { method: "POST", url: `${API}/shots`, form });
    const id = answer.headers.get("location")?.match(/\/shots\/(\d+)/)?.[1];
    if (!id) throw new PlatformError("no_answer", "Dribbble accepted the shot but did not say where it is");
    return { platformPostId: id, url: `https://dribbble.com/shots/${id}` };
  }

  async readMetrics(): Promise<never> {
    throw new PlatformError("refused", "Dribbble's API v2 reports no counts for shots", "NOT_SUPPORTED");
  }

  async comment(): Promise<PublishResult> {
    throw new PlatformError("refused", "Dribbble's API v2 does not post comments", "NOT_SUPPORTED");
  }

  async repost(): Promise<PublishResult> {
    throw new PlatformError("refused", "Dribbble has no reposts", "NOT_SUPPORTED");
  }

  async listDestinations() {
    return [];
  }
}

const titleOf = (request: PublishRequest) => {
  const given = typeof request.options.title === "string" ? request.options.title : request.text.split("\n")[0];
  return [...(given ?? "").trim()].slice(0, TITLE_LIMIT).join("") || "Shot";
};

/** Dribbble's validation answer: `{ errors: [{ attribute, message }] }`. */
const dribbbleErrors = (data: any): string =>
  Array.isArray(data?.errors)
    ? data.errors.map((e: any) => [e?.attribute, e?.message].filter(Boolean).join(" ")).join("; ")
    : "";
