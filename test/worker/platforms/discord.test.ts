import type { RESTError, RESTGetAPIChannelResult, RESTRateLimit } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { DiscordAdapter } from "../../../src/platforms/chat/discord";
import { type PlatformAccount, PlatformError } from "../../../src/platforms/types";
import { botUser, channelMessage, guild, reaction, textChannel, voiceChannel } from "../helpers/answers/discord";
import { type Answer, bytes, json, scriptedPlatform } from "../helpers/platform";

const API = "https://discord.com/api/v10";
const TOKEN = `MTA${"x".repeat(56)}`;
const CHANNEL = "1100000000000000001";
const account: PlatformAccount = {
  id: "acct_dc",
  platform: "discord",
  platformUserId: "1000000000000000001",
  subscriptionTier: null,
  destinations: [{ id: CHANNEL, label: "Herald #announcements" }],
  credentials: { botToken: TOKEN },
};

const message = (id: string) => json(200, channelMessage(CHANNEL, id));
/** The channel looked up before posting: its server names the message's link. */
const channelLookup = {
  expect: `GET ${API}/channels/${CHANNEL}`,
  answer: json(200, textChannel("900", CHANNEL, "announcements", 5) satisfies RESTGetAPIChannelResult),
};

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

describe("Discord adapter", () => {
  it("sends a message poll: the text as its question, the duration in hours", async () => {
    const platform = scriptedPlatform([
      channelLookup,
      { expect: `POST ${API}/channels/${CHANNEL}/messages`, answer: message("1201") },
    ]);
    await new DiscordAdapter(platform.deps).publish(account, {
      text: "Tabs or spaces?",
      media: [],
      destinationId: CHANNEL,
      options: {},
      poll: { options: ["Tabs", "Spaces"], durationMinutes: 120 },
    });
    expect(platform.sent[1]!.body).toEqual({
      poll: {
        question: { text: "Tabs or spaces?" },
        answers: [{ poll_media: { text: "Tabs" } }, { poll_media: { text: "Spaces" } }],
        duration: 2,
        allow_multiselect: false,
      },
    });
  });

  it("posts a message to the destination channel as the bot", async () => {
    const platform = scriptedPlatform([
      channelLookup,
      { expect: `POST ${API}/channels/${CHANNEL}/messages`, answer: message("1200") },
    ]);
    const result = await new DiscordAdapter(platform.deps).publish(account, {
      text: "Launch day",
      media: [],
      destinationId: CHANNEL,
      options: {},
    });
    expect(result).toEqual({
      platformPostId: `${CHANNEL}:1200`,
      url: `https://discord.com/channels/900/${CHANNEL}/1200`,
    });
    expect(platform.sent[1]).toEqual({
      method: "POST",
      url: `${API}/channels/${CHANNEL}/messages`,
      headers: {
        authorization: `Bot ${TOKEN}`,
        "user-agent": "DiscordBot (https://github.com/herald-social/herald, 0.1.0)",
        "content-type": "application/json",
      },
      body: { content: "Launch day" },
    });
  });

  it("uploads media as attachments in one multipart message, with descriptions as alt text", async () => {
    const platform = scriptedPlatform([
      channelLookup,
      { expect: "GET https://cdn.example.com/a.png", answer: bytes(1000, "image/png") },
      { expect: "GET https://cdn.example.com/b.mp4", answer: bytes(2000, "video/mp4") },
      { expect: `POST ${API}/channels/${CHANNEL}/messages`, answer: message("1201") },
    ]);
    await new DiscordAdapter(platform.deps).publish(account, {
      text: "With files",
      media: [
        { type: "image", url: "https://cdn.example.com/a.png", altText: "A map" },
        { type: "video", url: "https://cdn.example.com/b.mp4" },
      ],
      destinationId: CHANNEL,
      options: {},
    });
    const body = platform.sent[3]!.body as Record<string, any>;
    expect(body["files[0]"]).toEqual({ file: "a.png", type: "image/png", size: 1000 });
    expect(body["files[1]"]).toEqual({ file: "b.mp4", type: "video/mp4", size: 2000 });
    expect(JSON.parse(body.payload_json)).toEqual({
      content: "With files",
      attachments: [
        { id: 0, filename: "a.png", description: "A map" },
        { id: 1, filename: "b.mp4" },
      ],
    });
  });

  it("replies with a message reference; reactions count as likes; a deleted message is null", async () => {
    const platform = scriptedPlatform([
      channelLookup,
      { expect: `POST ${API}/channels/${CHANNEL}/messages`, answer: message("1202") },
      {
        expect: `GET ${API}/channels/${CHANNEL}/messages/1200`,
        answer: json(
          200,
          channelMessage(CHANNEL, "1200", {
            reactions: [reaction(3, "🔥"), reaction(2, "👍")],
          }),
        ),
      },
      {
        expect: `GET ${API}/channels/${CHANNEL}/messages/1299`,
        answer: json(404, { message: "Unknown Message", code: 10008 } satisfies RESTError),
      },
    ]);
    const adapter = new DiscordAdapter(platform.deps);
    const reply = await adapter.comment(account, `${CHANNEL}:1200`, "Thanks");
    const metrics = await adapter.readMetrics(account, [`${CHANNEL}:1200`, `${CHANNEL}:1299`]);
    expect(reply).toEqual({
      platformPostId: `${CHANNEL}:1202`,
      url: `https://discord.com/channels/900/${CHANNEL}/1202`,
    });
    expect(platform.sent[1]!.body).toEqual({ content: "Thanks", message_reference: { message_id: "1200" } });
    expect(metrics.get(`${CHANNEL}:1200`)).toEqual({ likes: 5, comments: 0, reposts: 0, views: 0 });
    expect(metrics.get(`${CHANNEL}:1299`)).toBeNull();
    expect("repost" in adapter).toBe(false);
  });

  it.each<[string, Answer, string, number | undefined]>([
    [
      "429 → rate_limited for retry_after seconds",
      json(429, { message: "You are being rate limited.", retry_after: 1.5, global: false } satisfies RESTRateLimit, {
        "retry-after": "2",
      }),
      "rate_limited",
      1500,
    ],
    [
      "401 → auth_expired",
      json(401, { message: "401: Unauthorized", code: 0 } satisfies RESTError),
      "auth_expired",
      undefined,
    ],
    [
      "403 → refused (missing permissions)",
      json(403, { message: "Missing Permissions", code: 50013 } satisfies RESTError),
      "refused",
      undefined,
    ],
    [
      "500 → transient",
      json(500, { message: "Internal Server Error", code: 0 } satisfies RESTError),
      "transient",
      undefined,
    ],
  ])("%s", async (_name, answer, expected, wait) => {
    const platform = scriptedPlatform([channelLookup, { expect: `POST ${API}/channels/${CHANNEL}/messages`, answer }]);
    const error = await failure(
      new DiscordAdapter(platform.deps).publish(account, {
        text: "hi",
        media: [],
        destinationId: CHANNEL,
        options: {},
      }),
    );
    expect([error.failure, error.retryAfterMs]).toEqual([expected, wait]);
    if (expected === "refused") expect(error.message).toBe("Discord refused: Missing Permissions (code 50013)");
  });

  it("connects a bot token and lists text and announcement channels across its servers", async () => {
    const platform = scriptedPlatform([
      {
        expect: `GET ${API}/users/@me`,
        answer: json(200, botUser()),
      },
      { expect: `GET ${API}/users/@me/guilds`, answer: json(200, [guild("900", "Herald")]) },
      {
        expect: `GET ${API}/guilds/900/channels`,
        answer: json(200, [
          textChannel("900", CHANNEL, "announcements", 5),
          textChannel("900", "1100000000000000002", "general"),
          voiceChannel("900", "1100000000000000003", "Voice"),
        ]),
      },
    ]);
    const { connection } = new DiscordAdapter(platform.deps);
    expect(await (connection as any).verify({ bot_token: TOKEN })).toEqual({
      credentials: { botToken: TOKEN },
      identity: {
        platformUserId: "1000000000000000001",
        name: "Herald",
        subscriptionTier: null,
        destinations: [
          { id: CHANNEL, label: "Herald #announcements" },
          { id: "1100000000000000002", label: "Herald #general" },
        ],
      },
    });
  });
});
