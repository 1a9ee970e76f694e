import { z } from "@hono/zod-openapi";
import { credential, downloadMedia, failureOf, type HttpCall, MB, refuseUnless, send, waitFromIsoDate } from "./http";
import {
  type AdapterDeps,
  type CredentialConnection,
  type Metrics,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "./types";

const MEDIA_LIMIT = 40 * MB;
const MEDIA_POLLS = 15;

/** An https origin with a DNS name: not an address, not a local or internal name. */
const InstanceUrl = z
  .url({
    protocol: /^https$/,
    hostname: /^(?!localhost$)(?!.*\.(local|internal|localhost)$)[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i,
  })
  .max(200)
  .openapi({ example: "https://mastodon.social" });

const ConnectInput = z.object({
  instance_url: InstanceUrl,
  access_token: z
    .string()
    .min(1)
    .max(500)
    .openapi({ description: "A token with read and write scopes, from the instance's Development settings" }),
});

type MastodonCall = Omit<HttpCall, "url" | "safe"> & { path: string; missingIsNull?: boolean };

/** Mastodon's REST API on the account's own instance: statuses with media descriptions, visibility and content warnings. */
export class MastodonAdapter implements Platform {
  readonly connection: CredentialConnection;

  constructor(private readonly deps: AdapterDeps) {
    this.connection = {
      kind: "credentials",
      requiredEnv: [],
      input: ConnectInput,
      verify: async (input) => {
        const { instance_url, access_token } = ConnectInput.parse(input);
        const instanceUrl = new URL(instance_url).origin;
        const me = await this.api(instanceUrl, access_token, {
          method: "GET",
          path: "/api/v1/accounts/verify_credentials",
        });
        const instance = await this.api(instanceUrl, access_token, { method: "GET", path: "/api/v2/instance" });
        const host = new URL(instanceUrl).host;
        const limit = Number(instance?.configuration?.statuses?.max_characters);
        return {
          credentials: { instanceUrl, accessToken: access_token },
          identity: {
            platformUserId: `${me.id}@${host}`,
            name: me.display_name || `@${me.username}@${host}`,
            subscriptionTier: null,
            ...(Number.isInteger(limit) && limit > 0 ? { textLimit: limit } : {}),
          },
        };
      },
    };
  }

  /** One call to the instance; with `missingIsNull`, a 404 answers null. */
  private async api(instanceUrl: string, token: string, call: MastodonCall) {
    const full: HttpCall = {
      ...call,
      url: `${instanceUrl}${call.path}`,
      headers: { authorization: `Bearer ${token}` },
      safe: call.method === "GET" || call.path === "/api/v2/media",
    };
    const answer = await send(this.deps, full);
    if (answer.ok) return answer.data;
    if (answer.status === 404 && call.missingIsNull) return null;
    throw failureOf("Mastodon", full, answer, {
      message: typeof answer.data?.error === "string" ? answer.data.error : "",
      retryAfterMs: waitFromIsoDate(answer.headers.get("x-ratelimit-reset"), this.deps.now()),
    });
  }

  private call(account: PlatformAccount, call: MastodonCall) {
    return this.api(credential(account, "instanceUrl"), credential(account, "accessToken"), call);
  }

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    refuseUnless(request.media.length <= 4, "MEDIA_LIMIT", "Mastodon takes up to 4 media attachments per status");
    const mediaIds: string[] = [];
    for (const item of request.media) mediaIds.push(await this.upload(account, item));
    const { visibility, spoiler_text } = request.options;
    return this.createStatus(account, {
      status: request.text,
      ...(mediaIds.length > 0 ? { media_ids: mediaIds } : {}),
      ...(typeof visibility === "string" ? { visibility } : {}),
      ...(typeof spoiler_text === "string" && spoiler_text !== "" ? { spoiler_text } : {}),
    });
  }

  /** Uploads one attachment (with its description) and waits until the instance has processed it. */
  private async upload(account: PlatformAccount, item: PublishRequest["media"][number]): Promise<string> {
    const file = await downloadMedia(this.deps, item, MEDIA_LIMIT);
    const form = new FormData();
    form.append("file", new Blob([file.bytes], { type: file.type }), file.filename);
    if (item.altText) form.append("description", item.altText);
    const media = await this.call(account, { method: "POST", path: "/api/v2/media", form });
    const id = String(media.id);
    // 202: accepted, still processing (url null); GET answers 206 until it is done.
    for (let poll = 0, ready = media.url != null; !ready; poll++) {
      if (poll === MEDIA_POLLS) throw new PlatformError("transient", "Mastodon is still processing the media");
      await this.deps.sleep(1000);
      const processed = await this.call(account, { method: "GET", path: `/api/v1/media/${encodeURIComponent(id)}` });
      ready = processed?.url != null;
    }
    return id;
  }

  private async createStatus(account: PlatformAccount, body: Record<string, unknown>): Promise<PublishResult> {
    const status = await this.call(account, { method: "POST", path: "/api/v1/statuses", json: body });
    return { platformPostId: String(status.id), url: status.url ?? undefined };
  }

  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    return this.createStatus(account, { status: text, in_reply_to_id: platformPostId });
  }

  async repost(account: PlatformAccount, platformPostId: string): Promise<PublishResult> {
    const status = await this.call(account, {
      method: "POST",
      path: `/api/v1/statuses/${encodeURIComponent(platformPostId)}/reblog`,
    });
    return { platformPostId: String(status.id), url: status.reblog?.url ?? undefined };
  }

  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const result = new Map<string, Metrics | null>();
    for (const id of platformPostIds) {
      const path = `/api/v1/statuses/${encodeURIComponent(id)}`;
      const status = await this.call(account, { method: "GET", path, missingIsNull: true });
      result.set(
        id,
        status && {
          likes: status.favourites_count ?? 0,
          comments: status.replies_count ?? 0,
          reposts: status.reblogs_count ?? 0,
          views: 0,
        },
      );
    }
    return result;
  }

  async readProfile() {
    return { subscriptionTier: null };
  }

  async listDestinations() {
    return [];
  }
}
