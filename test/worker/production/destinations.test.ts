import { env } from "cloudflare:test";
import type { RESTError } from "discord-api-types/v10";
import { afterEach, describe, expect, it, vi } from "vitest";
import { botUser, guild, textChannel } from "../helpers/answers/discord";
import { administrator, botInfo, channelInfo, ok, refusal } from "../helpers/answers/telegram";
import { api } from "../helpers/api";
import { type Exchange, json } from "../helpers/platform";
import { liveUser, scriptWorkerFetch } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

const path = (accountId: string) => `/api/v1/composer-platform-parts/destinations/${accountId}`;

const DISCORD = "https://discord.com/api/v10";
const DISCORD_TOKEN = `MTA${"x".repeat(60)}`;
let nextBot = 900_000_000_000_000;
/** Discord's answers for a bot in one server with the given text channels. */
const discordListing = (channels: { id: string; name: string }[]): Exchange[] => [
  { expect: `GET ${DISCORD}/users/@me/guilds`, answer: json(200, [guild("g1", "Herald")]) },
  {
    expect: `GET ${DISCORD}/guilds/g1/channels`,
    answer: json(
      200,
      channels.map((c) => textChannel("g1", c.id, c.name)),
    ),
  },
];
const connectDiscord = async (key: string, botId: string, channels: { id: string; name: string }[]) => {
  scriptWorkerFetch([
    { expect: `GET ${DISCORD}/users/@me`, answer: json(200, botUser(botId, "herald-bot")) },
    ...discordListing(channels),
  ]);
  const res = await api("POST", "/api/v1/connect/discord", { key, body: { bot_token: DISCORD_TOKEN } });
  vi.restoreAllMocks();
  return res;
};

const TG_TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0";
const TG = `https://api.telegram.org/bot${TG_TOKEN}`;

describe("destinations against the platforms (scripted)", () => {
  it("reads Discord once per 5 minutes, again with fresh=1, and again after a reconnect", async () => {
    const { key } = await liveUser();
    const botId = String(nextBot++);
    const connected = await connectDiscord(key, botId, [{ id: "111", name: "general" }]);
    expect(connected.status).toBe(201);
    const accountId = connected.body.data.id as string;

    let platform = scriptWorkerFetch(
      discordListing([
        { id: "111", name: "general" },
        { id: "222", name: "news" },
      ]),
    );
    const first = await api("GET", path(accountId), { key });
    expect(first.body.data).toEqual({
      mode: "list",
      destinations: [
        { id: "111", label: "Herald #general" },
        { id: "222", label: "Herald #news" },
      ],
    });
    const second = await api("GET", path(accountId), { key });
    expect(second.body.data).toEqual(first.body.data);
    expect(platform.sent.map((s) => s.url)).toEqual([`${DISCORD}/users/@me/guilds`, `${DISCORD}/guilds/g1/channels`]);
    expect(platform.sent[0]!.headers.authorization).toBe(`Bot ${DISCORD_TOKEN}`);
    vi.restoreAllMocks();

    platform = scriptWorkerFetch(discordListing([{ id: "222", name: "news" }]));
    const fresh = await api("GET", `${path(accountId)}?fresh=1`, { key });
    expect(fresh.body.data.destinations).toEqual([{ id: "222", label: "Herald #news" }]);
    expect(platform.sent).toHaveLength(2);
    vi.restoreAllMocks();

    // Reconnecting forgets the cached read: the next ask goes to Discord even within 5 minutes.
    expect((await connectDiscord(key, botId, [{ id: "333", name: "launches" }])).status).toBe(200);
    platform = scriptWorkerFetch(discordListing([{ id: "333", name: "launches" }]));
    const after = await api("GET", path(accountId), { key });
    expect(after.body.data.destinations).toEqual([{ id: "333", label: "Herald #launches" }]);
    expect(platform.sent).toHaveLength(2);
  });

  it("answers 409 reauth_required when Discord no longer accepts the bot, and marks the account", async () => {
    const { key } = await liveUser();
    const connected = await connectDiscord(key, String(nextBot++), []);
    const accountId = connected.body.data.id as string;
    scriptWorkerFetch([
      {
        expect: `GET ${DISCORD}/users/@me/guilds`,
        answer: json(401, { message: "401: Unauthorized", code: 0 } satisfies RESTError),
      },
    ]);
    const res = await api("GET", path(accountId), { key });
    expect([res.status, res.body.error.code]).toEqual([409, "reauth_required"]);
    const account = await api("GET", `/api/v1/connected-accounts/${accountId}`, { key });
    expect(account.body.data.status).toBe("reauth_required");
  });

  it("checks a Telegram channel with getChat and getChatMember, keeps it, and refuses what Telegram refuses", async () => {
    const { userId, key } = await liveUser();
    const getMe = json(200, ok(botInfo));
    const chat = (id: number, title: string) => json(200, ok(channelInfo(id, title)));
    const admin = json(200, ok(administrator(true)));
    scriptWorkerFetch([
      { expect: `POST ${TG}/getMe`, answer: getMe },
      { expect: `POST ${TG}/getChat`, answer: chat(-1001, "News") },
      { expect: `POST ${TG}/getChatMember`, answer: admin },
    ]);
    const connected = await api("POST", "/api/v1/connect/telegram", {
      key,
      body: { bot_token: TG_TOKEN, channel: "@heraldnews" },
    });
    const accountId = connected.body.data.id as string;
    vi.restoreAllMocks();

    const platform = scriptWorkerFetch([
      { expect: `POST ${TG}/getChat`, answer: chat(-1002, "Deals") },
      { expect: `POST ${TG}/getChatMember`, answer: admin },
      {
        expect: `POST ${TG}/getChat`,
        answer: json(400, refusal(400, "Bad Request: chat not found")),
      },
    ]);
    const checked = await api("POST", path(accountId), { key, body: { input: "@heralddeals" } });
    expect(checked.body.data).toEqual({ mode: "manual", destinations: [{ id: "-1002", label: "Deals" }] });
    expect(platform.sent.map((s) => s.body)).toEqual([
      { chat_id: "@heralddeals" },
      { chat_id: -1002, user_id: 123456789 },
    ]);
    const stored = await env.DB.prepare("SELECT destinations FROM accounts WHERE user_id = ?")
      .bind(userId)
      .first<string>("destinations");
    expect(JSON.parse(stored!)).toEqual([
      { id: "-1001", label: "News" },
      { id: "-1002", label: "Deals" },
    ]);

    const refused = await api("POST", path(accountId), { key, body: { input: "@nosuchchannel" } });
    expect([refused.status, refused.body.error.issues[0].path]).toEqual([400, "input"]);
    expect(refused.body.error.message).toContain("chat not found");

    // Not a channel name at all: refused before Telegram is asked.
    const malformed = await api("POST", path(accountId), { key, body: { input: "heraldnews!" } });
    expect([malformed.status, malformed.body.error.issues[0].path]).toEqual([400, "input"]);
    expect(platform.sent).toHaveLength(3);
  });
});
