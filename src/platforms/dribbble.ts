// The Dribbble adapter (API v2): a shot with one image, a title, a description and tags.
import { imageSize } from "../lib/image-size";
import {
  credential,
  type HttpAnswer,
  type HttpCall,
  type HttpDeps,
  onlyMedia,
  refuseUnless,
  sendWithToken,
  waitFromEpochSeconds,
} from "./http";
import { downloadMedia, MB } from "./media";
import { OAUTH_CONNECTIONS } from "./oauth-connections";
import { declaredConnection } from "./platform-oauth";
import {
  type OAuthConnection,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "./types";

const API = "https://api.dribbble.com/v2";
/** Dribbble's shot image: exactly 400×300 or 800×600, at most 8 MB, GIF, JPEG or PNG. */
export const DRIBBBLE_IMAGE_LIMIT = 8 * MB;
export const DRIBBBLE_SIZES = ["400x300", "800x600"];
const DRIBBBLE_TYPES = ["image/gif", "image/jpeg", "image/png"];
export const DRIBBBLE_TAGS_MAX = 12;
const TITLE_LIMIT = 100;

/*
 * Dribbble's request and answer shapes, only the fields Herald sends or reads, from the API v2 reference
 * (https://developer.dribbble.com/v2/shots/#create-a-shot, /v2/user/, /v2/#client-errors and #rate-limiting), read
 * 2026-11-27. No type package describes them.
 */

/** GET /v2/user */
export interface DribbbleUser {
  id: number;
  name?: string;
  login: string;
}

/** POST /v2/shots, as multipart form fields (a list goes as `name[]`, one part per item). */
export interface DribbbleShotCreate {
  image: Blob;
  title: string;
  description?: string;
  tags?: string[];
}

/** A failed answer: `{ message }`, or a validation failure's `{ errors: [{ attribute, message }] }`. */
export interface DribbbleError {
  message?: string;
  errors?: { attribute?: string; message: string }[];
}

/**
 * Dribbble through API v2: a shot with one image, a title (the option, else the text's first line), the
 * text as its description and tags. Dribbble tokens do not expire (no refresh). `platformUserId` is the
 * Dribbble user id.
 */
export class DribbbleAdapter implements Platform {
  readonly connection: OAuthConnection;

  constructor(private readonly deps: HttpDeps) {
    this.connection = declaredConnection(deps, OAUTH_CONNECTIONS.dribbble, {
      identify: async (credentials) => {
        const me = await this.me(String(credentials.accessToken));
        return { platformUserId: String(me.id), name: me.name || me.login, subscriptionTier: null };
      },
    });
  }

  private call(token: string, call: HttpCall): Promise<HttpAnswer> {
    return sendWithToken(this.deps, "Dribbble", token, call, (headers, now) =>
      waitFromEpochSeconds(headers.get("x-ratelimit-reset"), now),
    );
  }

  private async me(token: string): Promise<DribbbleUser> {
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
    const image = onlyMedia(request, "image", "A Dribbble shot takes exactly one image");
    const token = credential(account, "accessToken");
    const file = await downloadMedia(this.deps, image, DRIBBBLE_IMAGE_LIMIT);
    const size = imageSize(file.bytes);
    refuseUnless(
      size !== null && DRIBBBLE_TYPES.includes(size.type),
      "MEDIA_NOT_SUPPORTED",
      "A Dribbble shot is a GIF, JPEG or PNG image",
    );
    refuseUnless(
      DRIBBBLE_SIZES.includes(`${size.width}x${size.height}`),
      "MEDIA_NOT_SUPPORTED",
      `A Dribbble shot is exactly 400×300 or 800×600 pixels; this image is ${size.width}×${size.height}`,
    );
    const tags = Array.isArray(request.options.tags) ? request.options.tags : [];
    const shot: DribbbleShotCreate = {
      image: new Blob([file.bytes], { type: size.type }),
      title: titleOf(request),
      description: request.text,
      tags: tags.slice(0, DRIBBBLE_TAGS_MAX).map(String),
    };
    const answer = await this.call(token, { method: "POST", url: `${API}/shots`, form: shotForm(shot, file.filename) });
    const id = answer.headers.get("location")?.match(/\/shots\/(\d+)/)?.[1];
    if (!id) throw new PlatformError("no_answer", "Dribbble accepted the shot but did not say where it is");
    return { platformPostId: id, url: `https://dribbble.com/shots/${id}` };
  }
}

const titleOf = (request: PublishRequest) => {
  const given = typeof request.options.title === "string" ? request.options.title : request.text.split("\n")[0];
  return [...(given ?? "").trim()].slice(0, TITLE_LIMIT).join("") || "Shot";
};

/** The shot as Dribbble's multipart form: the image as a file, each list item as its own `name[]` part. */
function shotForm({ image, ...fields }: DribbbleShotCreate, filename: string): FormData {
  const form = new FormData();
  form.append("image", image, filename);
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(`${name}[]`, item);
    else if (value !== undefined) form.append(name, value);
  }
  return form;
}
