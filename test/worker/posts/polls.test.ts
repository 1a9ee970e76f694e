import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { FUTURE, publishedCalls, resetClock, runDue, settled } from "../helpers/posts";

// A post's native poll: refused per target where a platform has none or its limits are broken, sent where it has one.

let user: { userId: string; key: string };
const ids: Record<string, string> = {};
const channel = { destinations: [{ id: "c1", label: "General" }] };

const postCount = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM posts WHERE user_id = ?").bind(user.userId).first<{ n: number }>())!
    .n;
const target = (platform: string) => ({
  platform,
  account_id: ids[platform]!,
  metadata: ["telegram", "discord"].includes(platform) ? { destination_id: "c1" } : {},
});
const POLL = { options: ["Tabs", "Spaces"], duration_minutes: 120 };

beforeAll(async () => {
  user = await newUser();
  await resetClock(user.key);
  for (const platform of ["twitter", "mastodon", "telegram", "discord", "bluesky", "linkedin"]) {
    ids[platform] = (await connect(user.key, platform, ["telegram", "discord"].includes(platform) ? channel : {})).id;
  }
});

async function refused(body: Record<string, unknown>) {
  const before = await postCount();
  const res = await api("POST", "/api/v1/posts", {
    key: user.key,
    body: { schedule_type: "scheduled", scheduled_at: FUTURE, ...body },
  });
  expect(res.status).toBe(400);
  expect(await postCount()).toBe(before);
  return res.body.error.targets.map(
    (t: { platform: string; code: string; message: string }) => `${t.code}: ${t.message}`,
  );
}

describe("polls, checked per target when the post is scheduled", () => {
  it("Bluesky and platforms without polls refuse one, naming poll_not_supported", async () => {
    expect(
      await refused({ text: "Tabs or spaces?", poll: POLL, platforms: [target("bluesky"), target("linkedin")] }),
    ).toEqual([
      "poll_not_supported: bluesky has no polls: remove the poll or the target",
      "poll_not_supported: linkedin has no polls: remove the poll or the target",
    ]);
  });

  it("holds each platform to its limits: option length, duration, whole hours, no media, a question", async () => {
    const poll = { options: ["An option longer than twenty-five", "B"], duration_minutes: 90 };
    expect(
      await refused({
        text: "",
        poll,
        media: [{ type: "image", url: "https://cdn.example/p.png" }],
        platforms: [target("twitter"), target("telegram"), target("discord")],
      }),
    ).toEqual([
      'invalid_poll: A twitter poll takes options up to 25 characters ("An option longer than twenty-five" is longer)',
      "invalid_poll: A twitter poll takes no media beside the poll",
      "invalid_poll: A telegram poll takes a duration of 1–10 minutes",
      "invalid_poll: A telegram poll takes no media beside the poll",
      "invalid_poll: A telegram poll takes the text as its question, 1–300 characters",
      "invalid_poll: A discord poll takes a duration in whole hours (a multiple of 60)",
      "invalid_poll: A discord poll takes no media beside the poll",
      "invalid_poll: A discord poll takes the text as its question, 1–300 characters",
    ]);
  });

  it("refuses a poll outside 2–4 options before any target is checked", async () => {
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text: "x", poll: { options: ["Only"], duration_minutes: 60 }, platforms: [target("twitter")] },
    });
    expect([res.status, res.body.error.issues[0].path]).toEqual([400, "poll.options"]);
  });

  it("publishes from create to published on X, Mastodon and Discord, the sandbox recording each poll", async () => {
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "Tabs or spaces?",
        poll: POLL,
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
        platforms: [target("twitter"), target("mastodon"), target("discord")],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.poll).toEqual(POLL);
    await runDue(user.key);
    const post = await settled(user.key, res.body.data.id);
    expect(post.platforms.map((t: { status: string }) => t.status)).toEqual(["published", "published", "published"]);
    const calls = await publishedCalls(user.key);
    const polls = calls.filter((c) => c.poll).map((c) => [c.platform, c.poll]);
    expect(polls.sort()).toEqual([
      ["discord", { options: ["Tabs", "Spaces"], durationMinutes: 120 }],
      ["mastodon", { options: ["Tabs", "Spaces"], durationMinutes: 120 }],
      ["twitter", { options: ["Tabs", "Spaces"], durationMinutes: 120 }],
    ]);
  });

  it("a Telegram poll of ten minutes goes out; an edit with poll null removes the poll", async () => {
    const made = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text: "Lunch?", poll: { options: ["Yes", "No"], duration_minutes: 10 }, platforms: [target("telegram")] },
    });
    expect([made.status, made.body.data.poll]).toEqual([201, { options: ["Yes", "No"], duration_minutes: 10 }]);
    const edited = await api("PATCH", `/api/v1/posts/${made.body.data.id}`, { key: user.key, body: { poll: null } });
    expect([edited.status, edited.body.data.poll]).toEqual([200, null]);
    const kept = await api("PATCH", `/api/v1/posts/${made.body.data.id}`, {
      key: user.key,
      body: { poll: { options: ["Yes", "No", "Maybe"], duration_minutes: 5 } },
    });
    expect(kept.body.data.poll).toEqual({ options: ["Yes", "No", "Maybe"], duration_minutes: 5 });
    const text = await api("PATCH", `/api/v1/posts/${made.body.data.id}`, {
      key: user.key,
      body: { text: "Lunch today?" },
    });
    expect(text.body.data.poll).toEqual({ options: ["Yes", "No", "Maybe"], duration_minutes: 5 });
  });
});
