import { describe, expect, it } from "vitest";
import { TelegramAdapter } from "../../../src/platforms/chat/telegram";
import { type PlatformAccount, PlatformError } from "../../../src/platforms/types";
import { administrator, botInfo, channelInfo, channelMessage, member, ok, refusal } from "../helpers/answers/telegram";
import { type Answer, json, scriptedPlatform } from "../helpers/platform";

const TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0";
const BOT = `https://api.telegram.org/bot${TOKEN}`;
const CHANNEL = "-1001234567890";
const account: PlatformAccount = {
  id: "acct_tg",
  platform: "telegram",
  platformUserId: "123456789",
  subscriptionTier: null,
  destinations: [{ id: CHANNEL, label: "Herald News" }],
  credentials: { botToken: TOKEN },
};

const message = (id: number) => json(200, ok(channelMessage(Number(CHANNEL), id)));

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

describe("Telegram adapter", () => {
  it("sends a poll with sendPoll: the text as its question, open for the duration in seconds", async () => {
    const platform = scriptedPlatform([{ expect: `POST ${BOT}/sendPoll`, answer: message(43) }]);
    const result = await new TelegramAdapter(platform.deps).publish(account, {
      text: "Tabs or spaces?",
      media: [],
      destinationId: CHANNEL,
      options: {},
      poll: { options: ["Tabs", "Spaces"], durationMinutes: 10 },
    });
    expect(result).toEqual({ platformPostId: `${CHANNEL}:43` });
    expect(platform.sent[0]!.body).toEqual({
      chat_id: CHANNEL,
      question: "Tabs or spaces?",
      options: [{ text: "Tabs" }, { text: "Spaces" }],
      open_period: 600,
    });
  });

  it("sends a text message to the destination channel", async () => {
    const platform = scriptedPlatform([{ expect: `POST ${BOT}/sendMessage`, answer: message(42) }]);
    const result = await new TelegramAdapter(platform.deps).publish(account, {
      text: "Launch day",
      media: [],
      destinationId: CHANNEL,
      options: { disable_notification: true },
    });
    expect(result).toEqual({ platformPostId: `${CHANNEL}:42` });
    expect(platform.sent).toEqual([
      {
        method: "POST",
        url: `${BOT}/sendMessage`,
        headers: { "content-type": "application/json" },
        body: { chat_id: CHANNEL, text: "Launch day", disable_notification: true },
      },
    ]);
  });

  it("sends one photo with a caption, several as a media group captioned on the first", async () => {
    const platform = scriptedPlatform([
      { expect: `POST ${BOT}/sendPhoto`, answer: message(43) },
      {
        expect: `POST ${BOT}/sendMediaGroup`,
        answer: json(200, ok([channelMessage(Number(CHANNEL), 44), channelMessage(Number(CHANNEL), 45)])),
      },
    ]);
    const adapter = new TelegramAdapter(platform.deps);
    await adapter.publish(account, {
      text: "One",
      media: [{ type: "image", url: "https://cdn.example.com/a.jpg" }],
      destinationId: CHANNEL,
      options: {},
    });
    const group = await adapter.publish(account, {
      text: "Two",
      media: [
        { type: "image", url: "https://cdn.example.com/a.jpg" },
        { type: "video", url: "https://cdn.example.com/b.mp4" },
      ],
      destinationId: CHANNEL,
      options: {},
    });
    expect(group.platformPostId).toBe(`${CHANNEL}:44`);
    expect(platform.sent.map((s) => s.body)).toEqual([
      { chat_id: CHANNEL, photo: "https://cdn.example.com/a.jpg", caption: "One" },
      {
        chat_id: CHANNEL,
        media: [
          { type: "photo", media: "https://cdn.example.com/a.jpg", caption: "Two" },
          { type: "video", media: "https://cdn.example.com/b.mp4" },
        ],
      },
    ]);
  });

  it("a text longer than a caption follows the media as a reply", async () => {
    const text = "x".repeat(1025);
    const platform = scriptedPlatform([
      { expect: `POST ${BOT}/sendVideo`, answer: message(50) },
      { expect: `POST ${BOT}/sendMessage`, answer: message(51) },
    ]);
    const result = await new TelegramAdapter(platform.deps).publish(account, {
      text,
      media: [{ type: "video", url: "https://cdn.example.com/v.mp4" }],
      destinationId: CHANNEL,
      options: {},
    });
    expect(result.platformPostId).toBe(`${CHANNEL}:50`);
    expect(platform.sent.map((s) => s.body)).toEqual([
      { chat_id: CHANNEL, video: "https://cdn.example.com/v.mp4" },
      { chat_id: CHANNEL, text, reply_parameters: { message_id: 50 } },
    ]);
  });

  it("refuses a post without a destination, and repost and metrics it cannot do", async () => {
    const platform = scriptedPlatform([]);
    const adapter = new TelegramAdapter(platform.deps);
    expect((await failure(adapter.publish(account, { text: "x", media: [], options: {} }))).code).toBe(
      "DESTINATION_REQUIRED",
    );
    expect("repost" in adapter).toBe(false);
    expect("readMetrics" in adapter).toBe(false);
    expect(platform.sent).toEqual([]);
  });

  it.each<[string, Answer, string, number | undefined, string]>([
    [
      "429 → rate_limited for parameters.retry_after",
      json(429, refusal(429, "Too Many Requests: retry after 35", 35)),
      "rate_limited",
      35_000,
      "PLATFORM_RATE_LIMITED",
    ],
    [
      "401 → auth_expired (token revoked)",
      json(401, refusal(401, "Unauthorized")),
      "auth_expired",
      undefined,
      "AUTH_EXPIRED",
    ],
    [
      "403 → refused with Telegram's description",
      json(403, refusal(403, "Forbidden: bot was kicked from the channel chat")),
      "refused",
      undefined,
      "PLATFORM_REFUSED",
    ],
    ["502 → transient", json(502, refusal(502, "Bad Gateway")), "transient", undefined, "TRANSIENT"],
  ])("%s", async (_name, answer, expected, wait, code) => {
    const platform = scriptedPlatform([{ expect: `POST ${BOT}/sendMessage`, answer }]);
    const error = await failure(
      new TelegramAdapter(platform.deps).publish(account, {
        text: "hi",
        media: [],
        destinationId: CHANNEL,
        options: {},
      }),
    );
    expect([error.failure, error.retryAfterMs, error.code]).toEqual([expected, wait, code]);
    expect(error.message).not.toContain(TOKEN);
  });

  it("connects a bot to a channel it administers, checking with getMe, getChat and getChatMember", async () => {
    const getMe = json(200, ok(botInfo));
    const getChat = json(200, ok(channelInfo(Number(CHANNEL), "Herald News")));
    const platform = scriptedPlatform([
      { expect: `POST ${BOT}/getMe`, answer: getMe },
      { expect: `POST ${BOT}/getChat`, answer: getChat },
      {
        expect: `POST ${BOT}/getChatMember`,
        answer: json(200, ok(administrator(true))),
      },
      { expect: `POST ${BOT}/getMe`, answer: getMe },
      { expect: `POST ${BOT}/getChat`, answer: getChat },
      {
        expect: `POST ${BOT}/getChatMember`,
        answer: json(200, ok(member)),
      },
    ]);
    const { connection } = new TelegramAdapter(platform.deps);
    const verify = (connection as any).verify;
    expect(await verify({ bot_token: TOKEN, channel: "@heraldnews" })).toEqual({
      credentials: { botToken: TOKEN },
      identity: {
        platformUserId: "123456789",
        name: "@herald_bot",
        subscriptionTier: null,
        destinations: [{ id: CHANNEL, label: "Herald News" }],
        addsDestinations: true,
      },
    });
    expect(platform.sent[1]!.body).toEqual({ chat_id: "@heraldnews" });
    expect(platform.sent[2]!.body).toEqual({ chat_id: Number(CHANNEL), user_id: 123456789 });
    const notAdmin = await failure(verify({ bot_token: TOKEN, channel: "@heraldnews" }));
    expect(notAdmin.message).toBe("@herald_bot is not allowed to post in Herald News");
  });

  it("lists the connected channels the bot can still see", async () => {
    const platform = scriptedPlatform([
      {
        expect: `POST ${BOT}/getChat`,
        answer: json(200, ok(channelInfo(Number(CHANNEL), "Herald News (renamed)"))),
      },
      {
        expect: `POST ${BOT}/getChat`,
        answer: json(400, refusal(400, "Bad Request: chat not found")),
      },
    ]);
    const destinations = await new TelegramAdapter(platform.deps).listDestinations({
      ...account,
      destinations: [...account.destinations, { id: "-1009999999999", label: "Gone" }],
    });
    expect(destinations).toEqual([{ id: CHANNEL, label: "Herald News (renamed)" }]);
  });
});
