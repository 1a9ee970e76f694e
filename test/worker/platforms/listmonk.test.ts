import { describe, expect, it } from "vitest";
import { AppError } from "../../../src/lib/errors";
import {
  ListmonkAdapter,
  type ListmonkAnswer,
  type ListmonkCampaign,
  type ListmonkCampaignCreate,
  type ListmonkCampaignStatus,
  type ListmonkError,
  type ListmonkListPage,
} from "../../../src/platforms/listmonk";
import type { PlatformAccount } from "../../../src/platforms/types";
import { json, scriptedPlatform } from "../helpers/platform";
import { platformFailure } from "../helpers/recorded-fetch";

/** Answers as listmonk's API docs (listmonk.app/docs/apis) show them. */
const INSTANCE = "https://lists.herald.example";
const AUTH = "token herald-api:tok-123";
const account: PlatformAccount = {
  id: "acct_lm",
  platform: "listmonk",
  platformUserId: "herald-api@lists.herald.example",
  subscriptionTier: null,
  destinations: [{ id: "3", label: "Newsletter" }],
  credentials: { instanceUrl: INSTANCE, apiUser: "herald-api", apiToken: "tok-123" },
};
const lists = json(200, {
  data: {
    results: [
      { id: 1, name: "Default list", type: "public", subscriber_count: 2 },
      { id: 3, name: "Newsletter", type: "private", subscriber_count: 40 },
    ],
    total: 2,
    per_page: 20,
    page: 1,
  },
} satisfies ListmonkAnswer<ListmonkListPage>);
const campaign = (status: ListmonkCampaign["status"]) =>
  json(200, { data: { id: 17, status, views: 0, lists: [{ id: 3 }] } } satisfies ListmonkAnswer<ListmonkCampaign>);

describe("listmonk adapter", () => {
  it("connects with an API user checked by listing the lists, which become destinations", async () => {
    const platform = scriptedPlatform([{ expect: `GET ${INSTANCE}/api/lists?per_page=all`, answer: lists }]);
    const connected = await new ListmonkAdapter(platform.deps).connection.verify({
      instance_url: `${INSTANCE}/admin/`,
      api_user: "herald-api",
      api_token: "tok-123",
    });
    expect(connected).toEqual({
      credentials: { instanceUrl: INSTANCE, apiUser: "herald-api", apiToken: "tok-123" },
      identity: {
        platformUserId: "herald-api@lists.herald.example",
        name: "herald-api on lists.herald.example",
        subscriptionTier: null,
        destinations: [
          { id: "1", label: "Default list" },
          { id: "3", label: "Newsletter" },
        ],
      },
    });
    expect(platform.sent[0]!.headers.authorization).toBe(AUTH);
  });

  it("refuses an instance on a private address before any request, at connect and for a stored URL", async () => {
    const platform = scriptedPlatform([]);
    const adapter = new ListmonkAdapter(platform.deps);
    for (const instance_url of ["https://10.0.0.5", "http://lists.herald.example", "https://listmonk.internal"]) {
      const error = await adapter.connection
        .verify({ instance_url, api_user: "a", api_token: "b" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect([(error as AppError).status, (error as AppError).code]).toEqual([400, "validation_error"]);
      expect((error as AppError).message).toMatch(/^instance_url: must be a public https URL/);
    }
    const stored = { ...account, credentials: { ...account.credentials, instanceUrl: "https://169.254.169.254" } };
    const refused = await platformFailure(
      adapter.publish(stored, { text: "Hi", media: [], options: {}, destinationId: "3" }),
    );
    expect([refused.failure, refused.code]).toEqual(["refused", "SERVER_NOT_PUBLIC"]);
    expect((await platformFailure(adapter.listDestinations(stored))).code).toBe("SERVER_NOT_PUBLIC");
    expect(platform.sent).toEqual([]);
  });

  it("a refused API user is auth_expired (listmonk answers 403)", async () => {
    const platform = scriptedPlatform([
      {
        expect: `GET ${INSTANCE}/api/lists?per_page=all`,
        answer: json(403, { message: "invalid API credentials" } satisfies ListmonkError),
      },
    ]);
    const error = await platformFailure(
      new ListmonkAdapter(platform.deps).connection.verify({ instance_url: INSTANCE, api_user: "x", api_token: "y" }),
    );
    expect([error.failure, error.message]).toEqual([
      "auth_expired",
      "listmonk no longer accepts the API user: invalid API credentials",
    ]);
  });

  it("creates a Markdown campaign to the list with the first line as subject and images after the text, then starts it", async () => {
    const platform = scriptedPlatform([
      { expect: `POST ${INSTANCE}/api/campaigns`, answer: campaign("draft") },
      { expect: `PUT ${INSTANCE}/api/campaigns/17/status`, answer: campaign("running") },
    ]);
    const result = await new ListmonkAdapter(platform.deps).publish(account, {
      text: "November news\n\nWe shipped **six** adapters.",
      media: [{ type: "image", url: "https://cdn.example/p.png" }],
      options: { template_id: 2 },
      destinationId: "3",
    });
    expect(result).toEqual({ platformPostId: "17" });
    expect(platform.sent[0]!.body).toEqual({
      name: "November news",
      subject: "November news",
      lists: [3],
      type: "regular",
      content_type: "markdown",
      body: "November news\n\nWe shipped **six** adapters.\n\n![](https://cdn.example/p.png)",
      template_id: 2,
    } satisfies ListmonkCampaignCreate);
    expect(platform.sent[1]!.body).toEqual({ status: "running" } satisfies ListmonkCampaignStatus);
  });

  it("leaves a draft campaign unstarted, with the subject the target gives", async () => {
    const platform = scriptedPlatform([{ expect: `POST ${INSTANCE}/api/campaigns`, answer: campaign("draft") }]);
    await new ListmonkAdapter(platform.deps).publish(account, {
      text: "Body",
      media: [],
      options: { draft: true, subject: "Our subject" },
      destinationId: "3",
    });
    expect(platform.sent).toHaveLength(1);
    expect(platform.sent[0]!.body).toMatchObject({ subject: "Our subject", name: "Our subject" });
  });

  it("refuses videos and a missing list before sending anything", async () => {
    const platform = scriptedPlatform([]);
    const adapter = new ListmonkAdapter(platform.deps);
    const video = await platformFailure(
      adapter.publish(account, {
        text: "x",
        media: [{ type: "video", url: "https://cdn.example/v.mp4" }],
        options: {},
        destinationId: "3",
      }),
    );
    const noList = await platformFailure(adapter.publish(account, { text: "x", media: [], options: {} }));
    expect([video.code, noList.code]).toEqual(["MEDIA_NOT_SUPPORTED", "DESTINATION_REQUIRED"]);
    expect(platform.sent).toEqual([]);
  });

  it("keeps listmonk's refusal, waits on 429, and never retries a start that got no answer", async () => {
    const platform = scriptedPlatform([
      {
        expect: `POST ${INSTANCE}/api/campaigns`,
        answer: json(400, { message: "invalid list IDs" } satisfies ListmonkError),
      },
      {
        expect: `POST ${INSTANCE}/api/campaigns`,
        answer: json(429, { message: "too many requests" } satisfies ListmonkError, { "retry-after": "5" }),
      },
      { expect: `POST ${INSTANCE}/api/campaigns`, answer: "timeout" },
      { expect: `POST ${INSTANCE}/api/campaigns`, answer: campaign("draft") },
      { expect: `PUT ${INSTANCE}/api/campaigns/17/status`, answer: "timeout" },
    ]);
    const adapter = new ListmonkAdapter(platform.deps);
    const publish = () => adapter.publish(account, { text: "Hi", media: [], options: {}, destinationId: "3" });
    const refused = await platformFailure(publish());
    expect([refused.failure, refused.message]).toEqual(["refused", "listmonk refused: invalid list IDs"]);
    const limited = await platformFailure(publish());
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 5_000]);
    // Creating a draft sends nothing: without an answer it is safe to try again.
    expect((await platformFailure(publish())).failure).toBe("transient");
    // Starting it sends the emails: without an answer it may have gone out.
    expect((await platformFailure(publish())).failure).toBe("no_answer");
  });

  it("reads a campaign's views; a deleted campaign is null", async () => {
    const platform = scriptedPlatform([
      {
        expect: `GET ${INSTANCE}/api/campaigns/17`,
        answer: json(200, { data: { id: 17, views: 250, clicks: 9 } } satisfies ListmonkAnswer<ListmonkCampaign>),
      },
      {
        expect: `GET ${INSTANCE}/api/campaigns/18`,
        answer: json(404, { message: "Campaign not found" } satisfies ListmonkError),
      },
    ]);
    const metrics = await new ListmonkAdapter(platform.deps).readMetrics(account, ["17", "18"]);
    expect(Object.fromEntries(metrics)).toEqual({
      "17": { likes: 0, comments: 0, reposts: 0, views: 250 },
      "18": null,
    });
  });
});
