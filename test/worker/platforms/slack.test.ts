import type {
  AuthTestResponse,
  ChatPostMessageResponse,
  ConversationsListResponse,
  ReactionsGetResponse,
  WebAPICallResult,
} from "@slack/web-api";
import { describe, expect, it } from "vitest";
import { type ReactedMessage, SlackAdapter } from "../../../src/platforms/chat/slack";
import { type PlatformAccount, PlatformError } from "../../../src/platforms/types";
import { type Answer, json, scriptedPlatform } from "../helpers/platform";

const API = "https://slack.com/api";
const account: PlatformAccount = {
  id: "acct_slack",
  platform: "slack",
  platformUserId: "T012AB3C4:U061F7AUR",
  subscriptionTier: null,
  destinations: [{ id: "C123ABC456", label: "#announcements" }],
  credentials: { accessToken: "xoxb-test-token", teamUrl: "https://herald.slack.com/" },
};

const posted = (ts: string) =>
  json(200, { ok: true, channel: "C123ABC456", ts, message: { text: "hi" } } satisfies ChatPostMessageResponse);
/** Slack's refusals: HTTP 200 (or a 4xx/5xx) with `ok: false` and an error code. */
const refused = (error: string): WebAPICallResult & { error: string } => ({ ok: false, error });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

describe("Slack adapter", () => {
  it("posts a message to the destination channel with the bot token", async () => {
    const platform = scriptedPlatform([
      { expect: `POST ${API}/chat.postMessage`, answer: posted("1503435956.000247") },
    ]);
    const result = await new SlackAdapter(platform.deps).publish(account, {
      text: "Launch day",
      media: [],
      destinationId: "C123ABC456",
      options: {},
    });
    expect(result).toEqual({
      platformPostId: "C123ABC456:1503435956.000247",
      url: "https://herald.slack.com/archives/C123ABC456/p1503435956000247",
    });
    expect(platform.sent).toEqual([
      {
        method: "POST",
        url: `${API}/chat.postMessage`,
        headers: { authorization: "Bearer xoxb-test-token", "content-type": "application/json" },
        body: { channel: "C123ABC456", text: "Launch day" },
      },
    ]);
  });

  it("sends images as image blocks with alt text, after the text in escaped mrkdwn; videos as links", async () => {
    const platform = scriptedPlatform([{ expect: `POST ${API}/chat.postMessage`, answer: posted("1.2") }]);
    await new SlackAdapter(platform.deps).publish(account, {
      text: "Q&A <today>",
      media: [
        { type: "image", url: "https://cdn.example.com/a.png", altText: "A chart" },
        { type: "image", url: "https://cdn.example.com/b.png" },
        { type: "video", url: "https://cdn.example.com/c.mp4" },
      ],
      destinationId: "C123ABC456",
      options: {},
    });
    expect(platform.sent[0]!.body).toEqual({
      channel: "C123ABC456",
      text: "Q&A <today>\nhttps://cdn.example.com/c.mp4",
      blocks: [
        { type: "section", text: { type: "mrkdwn", text: "Q&amp;A &lt;today&gt;\nhttps://cdn.example.com/c.mp4" } },
        { type: "image", image_url: "https://cdn.example.com/a.png", alt_text: "A chart" },
        { type: "image", image_url: "https://cdn.example.com/b.png", alt_text: "image" },
      ],
    });
  });

  it("replies in the thread; reactions and replies count; a deleted message is null", async () => {
    const reacted: ReactedMessage = { type: "message", reactions: [{ name: "tada", count: 6 }], reply_count: 4 };
    const platform = scriptedPlatform([
      { expect: `POST ${API}/chat.postMessage`, answer: posted("1.3") },
      {
        expect: `GET ${API}/reactions.get?channel=C123ABC456&timestamp=1.2&full=true`,
        answer: json(200, {
          ok: true,
          type: "message",
          message: reacted,
        } satisfies ReactionsGetResponse),
      },
      {
        expect: `GET ${API}/reactions.get?channel=C123ABC456&timestamp=1.9&full=true`,
        answer: json(200, refused("message_not_found")),
      },
    ]);
    const adapter = new SlackAdapter(platform.deps);
    await adapter.comment(account, "C123ABC456:1.2", "Thanks");
    const metrics = await adapter.readMetrics(account, ["C123ABC456:1.2", "C123ABC456:1.9"]);
    expect(platform.sent[0]!.body).toEqual({ channel: "C123ABC456", text: "Thanks", thread_ts: "1.2" });
    expect(metrics.get("C123ABC456:1.2")).toEqual({ likes: 6, comments: 4, reposts: 0, views: 0 });
    expect(metrics.get("C123ABC456:1.9")).toBeNull();
  });

  it.each<[string, Answer, string, number | undefined, string]>([
    [
      "HTTP 429 → rate_limited for Retry-After",
      json(429, refused("ratelimited"), { "retry-after": "30" }),
      "rate_limited",
      30_000,
      "PLATFORM_RATE_LIMITED",
    ],
    ["token_revoked → auth_expired", json(200, refused("token_revoked")), "auth_expired", undefined, "AUTH_EXPIRED"],
    ["not_in_channel → refused", json(200, refused("not_in_channel")), "refused", undefined, "PLATFORM_REFUSED"],
    [
      "internal_error while posting → may have posted",
      json(200, refused("internal_error")),
      "no_answer",
      undefined,
      "NO_ANSWER",
    ],
    ["service_unavailable → transient", json(503, refused("service_unavailable")), "transient", undefined, "TRANSIENT"],
  ])("%s", async (_name, answer, expected, wait, code) => {
    const platform = scriptedPlatform([{ expect: `POST ${API}/chat.postMessage`, answer }]);
    const error = await failure(
      new SlackAdapter(platform.deps).publish(account, {
        text: "hi",
        media: [],
        destinationId: "C123ABC456",
        options: {},
      }),
    );
    expect([error.failure, error.retryAfterMs, error.code]).toEqual([expected, wait, code]);
  });

  it("connects a bot token: auth.test, then the channels the bot is a member of, page by page", async () => {
    const platform = scriptedPlatform([
      {
        expect: `POST ${API}/auth.test`,
        answer: json(200, {
          ok: true,
          url: "https://herald.slack.com/",
          team: "Herald",
          user: "herald_bot",
          team_id: "T012AB3C4",
          user_id: "U061F7AUR",
          bot_id: "B01",
        } satisfies AuthTestResponse),
      },
      {
        expect: `GET ${API}/conversations.list?types=public_channel%2Cprivate_channel&exclude_archived=true&limit=200`,
        answer: json(200, {
          ok: true,
          channels: [
            { id: "C123ABC456", name: "announcements", is_member: true },
            { id: "C999", name: "random", is_member: false },
          ],
          response_metadata: { next_cursor: "dGVhbTpDMDYxRkE1UEI=" },
        } satisfies ConversationsListResponse),
      },
      {
        expect: `GET ${API}/conversations.list?types=public_channel%2Cprivate_channel&exclude_archived=true&limit=200&cursor=dGVhbTpDMDYxRkE1UEI%3D`,
        answer: json(200, {
          ok: true,
          channels: [{ id: "G1", name: "team", is_member: true }],
          response_metadata: { next_cursor: "" },
        } satisfies ConversationsListResponse),
      },
    ]);
    const { connection } = new SlackAdapter(platform.deps);
    expect(await (connection as any).verify({ bot_token: "xoxb-test-token" })).toEqual({
      credentials: { accessToken: "xoxb-test-token", teamUrl: "https://herald.slack.com/" },
      identity: {
        platformUserId: "T012AB3C4:U061F7AUR",
        name: "Herald (herald_bot)",
        subscriptionTier: null,
        destinations: [
          { id: "C123ABC456", label: "#announcements" },
          { id: "G1", label: "#team" },
        ],
      },
    });
  });
});
