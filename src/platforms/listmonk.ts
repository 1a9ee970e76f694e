// The listmonk adapter: a post is a Markdown campaign to one of a self-hosted instance's lists.
import { z } from "@hono/zod-openapi";
import { credential, failureOf, type HttpCall, refuseUnless, send, waitFromRetryAfter } from "./http";
import { serverBase, storedServer } from "./server-url";
import {
  type AdapterDeps,
  type CredentialConnection,
  type Destination,
  type Metrics,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "./types";

const SUBJECT_LIMIT = 200;

const ConnectInput = z.object({
  instance_url: z.string().max(300).openapi({ example: "https://lists.example.com" }),
  api_user: z.string().min(1).max(100).openapi({ description: "An API user made in Admin → Users" }),
  api_token: z.string().min(1).max(200).openapi({ description: "The API user's token" }),
});

/*
 * listmonk's request and answer shapes, only the fields Herald sends or reads, from its API reference
 * (https://listmonk.app/docs/apis/campaigns/ and /apis/lists/), read 2026-11-27. No type package describes them.
 */

/** Every successful answer wraps its value in `data`. */
export interface ListmonkAnswer<Data> {
  data: Data;
}

/** A list, as GET /api/lists?per_page=all pages them (`results`). */
export interface ListmonkList {
  id: number;
  name: string;
  type?: "public" | "private" | "temporary";
  subscriber_count?: number;
}
export interface ListmonkListPage {
  results: ListmonkList[];
  total?: number;
  per_page?: number;
  page?: number;
}

/** POST /api/campaigns */
export interface ListmonkCampaignCreate {
  name: string;
  subject: string;
  lists: number[];
  type: "regular" | "optin";
  content_type: "richtext" | "html" | "markdown" | "plain" | "visual";
  body: string;
  template_id?: number;
}

/** PUT /api/campaigns/{id}/status */
export interface ListmonkCampaignStatus {
  status: "scheduled" | "running" | "paused" | "cancelled";
}

/** A campaign (POST /api/campaigns, GET /api/campaigns/{id}). */
export interface ListmonkCampaign {
  id: number;
  status?: "draft" | "scheduled" | "running" | "paused" | "cancelled" | "finished";
  views?: number;
  clicks?: number;
  lists?: { id: number; name?: string }[];
}

/** A failed answer. */
export interface ListmonkError {
  message: string;
}

/** listmonk answers failures as `{ message }`. */
const messageOf = (data: Partial<ListmonkError> | string | null) =>
  typeof data === "string" ? data.slice(0, 300) : String(data?.message ?? "");

/** The first line of a text, as a subject when the target names none. */
const firstLine = (text: string) => [...(text.trim().split("\n")[0] ?? "")].slice(0, SUBJECT_LIMIT).join("").trim();

type ListmonkCall = Omit<HttpCall, "url" | "headers" | "safe"> & { path: string; safe?: boolean };

/**
 * A self-hosted listmonk with an API user: a post is a campaign in Markdown to one of the instance's lists
 * (its destinations), created and then started; `metadata.draft: true` leaves it a draft to send from
 * listmonk. The instance URL passes the SSRF guard at connect and before every call.
 */
export class ListmonkAdapter implements Platform {
  readonly connection: CredentialConnection;

  constructor(private readonly deps: AdapterDeps) {
    this.connection = {
      kind: "credentials",
      requiredEnv: [],
      input: ConnectInput,
      verify: async (input) => {
        const { instance_url, api_user, api_token } = ConnectInput.parse(input);
        const instanceUrl = serverBase(this.deps, instance_url, "instance_url");
        const credentials = { instanceUrl, apiUser: api_user, apiToken: api_token };
        const destinations = await this.lists(instanceUrl, credentials);
        return {
          credentials,
          identity: {
            platformUserId: `${api_user}@${new URL(instanceUrl).host}`,
            name: `${api_user} on ${new URL(instanceUrl).host}`,
            subscriptionTier: null,
            destinations,
          },
        };
      },
    };
  }

  private async api(instanceUrl: string, login: { apiUser: string; apiToken: string }, call: ListmonkCall) {
    const full: HttpCall = {
      ...call,
      url: `${instanceUrl}/api${call.path}`,
      headers: { authorization: `token ${login.apiUser}:${login.apiToken}` },
      safe: call.safe ?? call.method === "GET",
    };
    const answer = await send(this.deps, full);
    if (answer.ok) return answer.data?.data;
    const message = messageOf(answer.data);
    // listmonk answers 403 to credentials it does not accept ("session expired or invalid").
    if (answer.status === 403)
      throw new PlatformError("auth_expired", `listmonk no longer accepts the API user: ${message}`);
    if (answer.status === 404) throw new PlatformError("refused", `listmonk: ${message}`, "NOT_ON_PLATFORM");
    throw failureOf("listmonk", full, answer, {
      message,
      retryAfterMs: waitFromRetryAfter(answer.headers.get("retry-after"), this.deps.now()),
    });
  }

  private call(account: PlatformAccount, call: ListmonkCall) {
    const login = { apiUser: credential(account, "apiUser"), apiToken: credential(account, "apiToken") };
    return this.api(storedServer(this.deps, account, "instanceUrl"), login, call);
  }

  private async lists(instanceUrl: string, login: { apiUser: string; apiToken: string }): Promise<Destination[]> {
    const data: ListmonkListPage | ListmonkList[] | null = await this.api(instanceUrl, login, {
      method: "GET",
      path: "/lists?per_page=all",
    });
    const lists = Array.isArray(data) ? data : (data?.results ?? []);
    return lists.map((list) => ({ id: String(list.id), label: list.name }));
  }

  /**
   * `POST /api/campaigns` (a draft: nothing is sent, so it is safe to repeat), then `PUT …/status` `running`,
   * the call that sends. The text is the Markdown body; images follow it; the subject is `metadata.subject` or
   * the text's first line.
   */
  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    refuseUnless(
      Boolean(request.destinationId),
      "DESTINATION_REQUIRED",
      "A listmonk campaign goes to a list: set metadata.destination_id",
    );
    refuseUnless(
      request.media.every((m) => m.type === "image"),
      "MEDIA_NOT_SUPPORTED",
      "A listmonk campaign takes images only",
    );
    const subject = typeof request.options.subject === "string" ? request.options.subject : firstLine(request.text);
    refuseUnless(subject !== "", "SUBJECT_REQUIRED", "A listmonk campaign needs a subject: set metadata.subject");
    const images = request.media.map((m) => `![](${m.url})`);
    const body = [request.text, ...images].filter((part) => part !== "").join("\n\n");
    const created: ListmonkCampaignCreate = {
      name: subject,
      subject,
      lists: [Number(request.destinationId)],
      type: "regular",
      content_type: "markdown",
      body,
      ...(typeof request.options.template_id === "number" ? { template_id: request.options.template_id } : {}),
    };
    const campaign: ListmonkCampaign = await this.call(account, {
      method: "POST",
      path: "/campaigns",
      json: created,
      safe: true,
    });
    const id = String(campaign.id);
    if (request.options.draft !== true) {
      const running: ListmonkCampaignStatus = { status: "running" };
      await this.call(account, { method: "PUT", path: `/campaigns/${encodeURIComponent(id)}/status`, json: running });
    }
    return { platformPostId: id };
  }

  /** A campaign's views; a deleted campaign is null. */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const result = new Map<string, Metrics | null>();
    for (const id of platformPostIds) {
      try {
        const campaign: ListmonkCampaign | null = await this.call(account, {
          method: "GET",
          path: `/campaigns/${encodeURIComponent(id)}`,
        });
        result.set(id, { likes: 0, comments: 0, reposts: 0, views: campaign?.views ?? 0 });
      } catch (error) {
        if (!(error instanceof PlatformError && error.code === "NOT_ON_PLATFORM")) throw error;
        result.set(id, null);
      }
    }
    return result;
  }

  async listDestinations(account: PlatformAccount): Promise<Destination[]> {
    const login = { apiUser: credential(account, "apiUser"), apiToken: credential(account, "apiToken") };
    return this.lists(storedServer(this.deps, account, "instanceUrl"), login);
  }
}
