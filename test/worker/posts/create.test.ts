import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { sha256Hex } from "../../../src/lib/crypto";
import { claimIdempotencyKey, settleIdempotencyKey } from "../../../src/services/idempotency";
import { createRuntime } from "../../../src/services/runtime";
import { api, connect, newUser } from "../helpers/api";
import { BASE, createPost, FUTURE, resetClock } from "../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
});

const postCount = async (userId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM posts WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

describe("creating posts", () => {
  it("makes a draft when no schedule_type is given", async () => {
    const account = await connect(user.key, "bluesky");
    const post = await createPost(user.key, {
      text: "hi",
      platforms: [{ platform: "bluesky", account_id: account.id }],
    });
    expect(post).toMatchObject({ status: "draft", schedule_type: "draft", scheduled_at: null });
    expect(post.id).toMatch(/^post_/);
    expect(post.platforms).toEqual([
      expect.objectContaining({
        platform: "bluesky",
        account_id: account.id,
        status: "draft",
        platform_post_id: null,
        error: null,
      }),
    ]);
  });

  it("schedules at an ISO instant, or at a wall-clock time in the post's zone", async () => {
    const account = await connect(user.key, "bluesky");
    const platforms = [{ platform: "bluesky", account_id: account.id }];
    const utc = await createPost(user.key, { text: "a", platforms, schedule_type: "scheduled", scheduled_at: FUTURE });
    expect(utc).toMatchObject({ status: "scheduled", scheduled_at: FUTURE });
    expect(utc.platforms[0].status).toBe("scheduled");
    const berlin = await createPost(user.key, {
      text: "b",
      platforms,
      schedule_type: "scheduled",
      scheduled_at: "2030-06-01T11:30:00",
      timezone: "Europe/Berlin",
    });
    expect(berlin.scheduled_at).toBe("2030-06-01T09:30:00.000Z");
  });

  it("reads wall-clock times around clock changes as posting slots do: a skipped time at the gap's end, a repeated one at its first", async () => {
    const account = await connect(user.key, "bluesky");
    const at = (scheduled_at: string, timezone: string) =>
      createPost(user.key, {
        text: "dst",
        platforms: [{ platform: "bluesky", account_id: account.id }],
        schedule_type: "scheduled",
        scheduled_at,
        timezone,
      });
    // Berlin skips 02:00–03:00 on 2031-03-30: 02:30 does not exist, 03:00 CEST is 01:00 UTC.
    expect((await at("2031-03-30T02:30:00", "Europe/Berlin")).scheduled_at).toBe("2031-03-30T01:00:00.000Z");
    // Berlin shows 02:30 twice on 2031-10-26: first in CEST (+02:00).
    expect((await at("2031-10-26T02:30:00", "Europe/Berlin")).scheduled_at).toBe("2031-10-26T00:30:00.000Z");
    // New York skips 02:00–03:00 on 2031-03-09: 02:15 → 03:00 EDT, 07:00 UTC.
    expect((await at("2031-03-09T02:15:00", "America/New_York")).scheduled_at).toBe("2031-03-09T07:00:00.000Z");
  });

  it.each([
    [{ schedule_type: "scheduled" }, "scheduled_at"],
    [{ schedule_type: "scheduled", scheduled_at: "2020-01-01T00:00:00Z" }, "scheduled_at"],
    [{ schedule_type: "scheduled", scheduled_at: "next tuesday" }, "scheduled_at"],
    [{ schedule_type: "scheduled", scheduled_at: FUTURE, timezone: "Mars/Olympus" }, "timezone"],
    [{ schedule_type: "later" }, "schedule_type"],
    [{ text: 5 }, "text"],
    [{ media: [{ type: "gif", url: "https://e.com/a.gif" }] }, "media.0.type"],
    [{ media: [{ type: "image", url: "ftp://e.com/a.png" }] }, "media.0.url"],
    // Media are fetched by Herald or the platform: only public hosts (the SSRF guard).
    [{ media: [{ type: "image", url: "https://169.254.169.254/latest/meta-data" }] }, "media.0.url"],
    [{ media: [{ type: "image", url: "http://10.0.0.7/a.png" }] }, "media.0.url"],
    [{ media: [{ type: "video", url: "https://e.com/v.mp4", cover_url: "https://[::1]/c.png" }] }, "media.0.cover_url"],
    [
      {
        platform_overrides: {
          bluesky: { detached: true, media: [{ type: "image", url: "https://printer.local/a.png" }] },
        },
      },
      "platform_overrides.bluesky.media.0.url",
    ],
    [{ surprise: true }, "body"],
  ])("refuses %j naming %s, and saves nothing", async (extra, field) => {
    const account = await connect(user.key, "bluesky");
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text: "x", platforms: [{ platform: "bluesky", account_id: account.id }], ...extra },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.issues[0].path).toBe(field);
    expect(await postCount(user.userId)).toBe(0);
  });

  it.each([
    ["rule 15: media URLs with credentials are refused", "https://user:secret@cdn.example.com/a.png", "credentials"],
    ["rule 16: media URLs that cannot be decoded are refused", "https://cdn.example.com/a%ZZ.jpg", "its path"],
  ])("%s (400 naming the field, nothing saved)", async (_, url, why) => {
    const account = await connect(user.key, "bluesky");
    for (const [media, field] of [
      [[{ type: "image", url }], "media.0.url"],
      [[{ type: "video", url: "https://cdn.example.com/v.mp4", cover_url: url }], "media.0.cover_url"],
    ] as const) {
      const res = await api("POST", "/api/v1/posts", {
        key: user.key,
        body: { text: "x", platforms: [{ platform: "bluesky", account_id: account.id }], media },
      });
      expect([res.status, res.body.error.code, res.body.error.issues[0].path]).toEqual([
        400,
        "validation_error",
        field,
      ]);
      expect(res.body.error.issues[0].message).toContain(why);
    }
    expect(await postCount(user.userId)).toBe(0);
  });

  it("takes media on public hosts over http or https", async () => {
    const account = await connect(user.key, "bluesky");
    const media = [
      { type: "image", url: "http://images.example.org/a.png" },
      { type: "image", url: "https://cdn.example.com/b.png" },
    ];
    const post = await createPost(user.key, {
      text: "x",
      platforms: [{ platform: "bluesky", account_id: account.id }],
      media,
    });
    expect(post.media.map((m: { url: string }) => m.url)).toEqual(media.map((m) => m.url));
  });

  it("refuses an account listed twice", async () => {
    const account = await connect(user.key, "bluesky");
    const target = { platform: "bluesky", account_id: account.id };
    const res = await api("POST", "/api/v1/posts", { key: user.key, body: { text: "x", platforms: [target, target] } });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("platforms.1.account_id");
  });

  it("answers 403 PLATFORM_UNAVAILABLE for a platform the account is not", async () => {
    const account = await connect(user.key, "bluesky");
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text: "x", platforms: [{ platform: "mastodon", account_id: account.id }] },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("PLATFORM_UNAVAILABLE");
    expect(res.body.error.targets).toEqual([
      { platform: "mastodon", account_id: account.id, code: "PLATFORM_UNAVAILABLE", message: expect.any(String) },
    ]);
    expect(await postCount(user.userId)).toBe(0);
  });

  it("answers 403 PLATFORM_UNAVAILABLE for twitter on the free plan", async () => {
    const free = await newUser("free");
    const x = await connect(free.key, "twitter");
    const res = await api("POST", "/api/v1/posts", {
      key: free.key,
      body: { text: "x", platforms: [{ platform: "twitter", account_id: x.id }] },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("PLATFORM_UNAVAILABLE");
    expect(await postCount(free.userId)).toBe(0);
  });

  it("treats another user's account as not found", async () => {
    const other = await newUser();
    const theirs = await connect(other.key, "bluesky");
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text: "x", platforms: [{ platform: "bluesky", account_id: theirs.id }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.targets[0]).toMatchObject({ account_id: theirs.id, code: "account_not_found" });
  });

  it("lists one problem per target in error.targets and saves nothing", async () => {
    const mastodon = await connect(user.key, "mastodon");
    const telegram = await connect(user.key, "telegram", { destinations: [{ id: "@news", label: "News" }] });
    const slack = await connect(user.key, "slack", { destinations: [{ id: "C1", label: "#general" }] });
    const bluesky = await connect(user.key, "bluesky");
    const instagram = await connect(user.key, "instagram");
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "x",
        platforms: [
          { platform: "mastodon", account_id: mastodon.id, metadata: { visibility: "everyone", colour: "red" } },
          { platform: "telegram", account_id: telegram.id, metadata: { destination_id: "@elsewhere" } },
          { platform: "slack", account_id: slack.id },
          { platform: "bluesky", account_id: bluesky.id },
          { platform: "instagram", account_id: instagram.id, metadata: { destination_id: "x" } },
        ],
        platform_overrides: { bluesky: { title: "An article" } },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    const codes = res.body.error.targets.map((t: { platform: string; code: string }) => `${t.platform}:${t.code}`);
    expect(codes).toEqual([
      "mastodon:invalid_option",
      "telegram:unknown_destination",
      "slack:destination_required",
      "bluesky:article_not_supported",
      "instagram:destination_not_supported",
    ]);
    expect(await postCount(user.userId)).toBe(0);
  });

  it("refuses alt text over 1,000 characters, alt text on a video and covers on an image, per target", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const youtube = await connect(user.key, "youtube");
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "x",
        platforms: [
          { platform: "bluesky", account_id: bluesky.id },
          { platform: "youtube", account_id: youtube.id },
        ],
        media: [
          { type: "image", url: "https://e.com/a.png", alt_text: "a".repeat(1001), cover_url: "https://e.com/c.png" },
          { type: "video", url: "https://e.com/v.mp4", alt_text: "a video" },
        ],
      },
    });
    expect(res.status).toBe(400);
    const codes = res.body.error.targets.map((t: { platform: string; code: string }) => `${t.platform}:${t.code}`);
    expect(codes).toEqual([
      "bluesky:alt_text_too_long",
      "bluesky:cover_on_image",
      "bluesky:alt_text_on_video",
      "youtube:alt_text_too_long",
      "youtube:cover_on_image",
      "youtube:alt_text_on_video",
    ]);
    const exactly = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "x",
        platforms: [{ platform: "bluesky", account_id: bluesky.id }],
        media: [{ type: "image", url: "https://e.com/a.png", alt_text: "a".repeat(1000) }],
      },
    });
    expect(exactly.status).toBe(201);
  });
});

describe("text limits", () => {
  const long = (n: number) => "a".repeat(n);

  it("refuses text over the account's limit when scheduled, and accepts it as a draft", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const platforms = [{ platform: "bluesky", account_id: bluesky.id }];
    const scheduled = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text: long(301), platforms, schedule_type: "scheduled", scheduled_at: FUTURE },
    });
    expect(scheduled.status).toBe(400);
    expect(scheduled.body.error.targets[0]).toMatchObject({ code: "text_too_long", account_id: bluesky.id });
    const immediate = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text: long(301), platforms, schedule_type: "immediate" },
    });
    expect(immediate.status).toBe(400);
    expect(await postCount(user.userId)).toBe(0);
    const draft = await api("POST", "/api/v1/posts", { key: user.key, body: { text: long(301), platforms } });
    expect(draft.status).toBe(201);
    const scheduleIt = await api("PATCH", `/api/v1/posts/${draft.body.data.id}`, {
      key: user.key,
      body: { schedule_type: "scheduled", scheduled_at: FUTURE },
    });
    expect(scheduleIt.status).toBe(400);
    expect(scheduleIt.body.error.targets[0].code).toBe("text_too_long");
  });

  it("counts a URL as 23 characters on X, and as its short link elsewhere", async () => {
    const x = await connect(user.key, "twitter");
    const bluesky = await connect(user.key, "bluesky");
    const text = `${long(250)} https://example.com/${long(200)}`;
    const dry = await api("POST", "/api/v1/posts?dry_run=true", {
      key: user.key,
      body: {
        text,
        platforms: [{ platform: "twitter", account_id: x.id }],
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
      },
    });
    expect(dry.status).toBe(200);
    expect(dry.body.data.platforms[0]).toMatchObject({ text_length: 274, text_limit: 280 });
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text, platforms: [{ platform: "bluesky", account_id: bluesky.id }], schedule_type: "immediate" },
    });
    expect(res.body.error.targets[0].code).toBe("text_too_long");
  });

  it("lets an X account with a paid tier post up to 4,000 characters", async () => {
    const x = await connect(user.key, "twitter", { subscription_tier: "premium" });
    const platforms = [{ platform: "twitter", account_id: x.id }];
    const ok = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text: long(4000), platforms, schedule_type: "scheduled", scheduled_at: FUTURE },
    });
    expect(ok.status).toBe(201);
    const over = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text: long(4001), platforms, schedule_type: "scheduled", scheduled_at: FUTURE },
    });
    expect(over.body.error.targets[0].code).toBe("text_too_long");
  });
});

describe("dry run", () => {
  it("reads dry_run as every yes/no query parameter is read: true or 1 checks only, false or 0 creates", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const body = { text: "flag", platforms: [{ platform: "bluesky", account_id: bluesky.id }] };
    const statuses = [];
    for (const flag of ["true", "1", "false", "0"]) {
      statuses.push((await api("POST", `/api/v1/posts?dry_run=${flag}`, { key: user.key, body })).status);
    }
    expect(statuses).toEqual([200, 200, 201, 201]);
    const bad = await api("POST", "/api/v1/posts?dry_run=yes", { key: user.key, body });
    expect([bad.status, bad.body.error.issues[0].path]).toEqual([400, "dry_run"]);
    expect((await api("GET", "/api/v1/posts", { key: user.key })).body.data).toHaveLength(2);
  });

  it("answers what each platform would receive and saves nothing", async () => {
    const x = await connect(user.key, "twitter");
    const mastodon = await connect(user.key, "mastodon");
    const res = await api("POST", "/api/v1/posts?dry_run=true", {
      key: user.key,
      body: {
        text: "hello",
        platforms: [
          { platform: "twitter", account_id: x.id },
          { platform: "mastodon", account_id: mastodon.id, metadata: { visibility: "unlisted" } },
        ],
        media: [{ type: "image", url: "https://e.com/a.png", alt_text: "a cat" }],
        schedule_type: "scheduled",
        scheduled_at: "2030-06-01T11:00:00",
        timezone: "Europe/Berlin",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      dry_run: true,
      status: "scheduled",
      scheduled_at: "2030-06-01T09:00:00.000Z",
    });
    expect(res.body.data.platforms).toEqual([
      expect.objectContaining({
        platform: "twitter",
        media: [{ type: "image", url: "https://e.com/a.png", altText: "a cat" }],
      }),
      expect.objectContaining({
        platform: "mastodon",
        media: [{ type: "image", url: "https://e.com/a.png" }],
        options: { visibility: "unlisted" },
        text_length: 5,
        text_limit: 500,
      }),
    ]);
    expect(await postCount(user.userId)).toBe(0);
  });
});

describe("signatures", () => {
  it("appends the signature to that platform's text only", async () => {
    const sig = await api("POST", "/api/v1/signatures", {
      key: user.key,
      body: { name: "sign-off", text: "— Herald" },
    });
    expect(sig.status).toBe(201);
    const bluesky = await connect(user.key, "bluesky");
    const mastodon = await connect(user.key, "mastodon");
    const res = await api("POST", "/api/v1/posts?dry_run=true", {
      key: user.key,
      body: {
        text: "news",
        platforms: [
          { platform: "bluesky", account_id: bluesky.id },
          { platform: "mastodon", account_id: mastodon.id },
        ],
        platform_overrides: { mastodon: { signature_id: sig.body.data.id } },
      },
    });
    expect(res.body.data.platforms.map((p: { text: string }) => p.text)).toEqual(["news", "news\n\n— Herald"]);
  });

  it("refuses a signature that is not the user's", async () => {
    const other = await newUser();
    const theirs = await api("POST", "/api/v1/signatures", { key: other.key, body: { name: "s", text: "t" } });
    const bluesky = await connect(user.key, "bluesky");
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "x",
        platforms: [{ platform: "bluesky", account_id: bluesky.id }],
        platform_overrides: { bluesky: { signature_id: theirs.body.data.id } },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.targets[0].code).toBe("unknown_signature");
    expect((await api("DELETE", `/api/v1/signatures/${theirs.body.data.id}`, { key: user.key })).status).toBe(404);
  });

  it("refuses an update that changes nothing (it was a 500), and leaves the signature as it was", async () => {
    const sig = await api("POST", "/api/v1/signatures", { key: user.key, body: { name: "kept", text: "— Kept" } });
    const empty = await api("PATCH", `/api/v1/signatures/${sig.body.data.id}`, { key: user.key, body: {} });
    expect([empty.status, empty.body.error.code]).toEqual([400, "validation_error"]);
    const list = await api("GET", "/api/v1/signatures", { key: user.key });
    expect(list.body.data.find((s: { id: string }) => s.id === sig.body.data.id)).toMatchObject({ name: "kept" });
  });
});

describe("Idempotency-Key", () => {
  it("replays the first answer for the same key and body, creating nothing new", async () => {
    const account = await connect(user.key, "bluesky");
    const body = { text: "once", platforms: [{ platform: "bluesky", account_id: account.id }] };
    const headers = { "idempotency-key": "retry-me" };
    const first = await api("POST", "/api/v1/posts", { key: user.key, body, headers });
    const second = await api("POST", "/api/v1/posts", { key: user.key, body, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await postCount(user.userId)).toBe(1);
  });

  it("refuses the same key with a different body: 409 idempotency_conflict", async () => {
    const account = await connect(user.key, "bluesky");
    const platforms = [{ platform: "bluesky", account_id: account.id }];
    const headers = { "idempotency-key": "k1" };
    await api("POST", "/api/v1/posts", { key: user.key, body: { text: "a", platforms }, headers });
    const res = await api("POST", "/api/v1/posts", { key: user.key, body: { text: "b", platforms }, headers });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("idempotency_conflict");
    expect(await postCount(user.userId)).toBe(1);
  });

  it("frees the key when the first answer was an error, and forgets it after 24 hours", async () => {
    const account = await connect(user.key, "bluesky");
    const headers = { "idempotency-key": "k2" };
    const bad = {
      text: "a".repeat(400),
      platforms: [{ platform: "bluesky", account_id: account.id }],
      schedule_type: "immediate",
    };
    expect((await api("POST", "/api/v1/posts", { key: user.key, body: bad, headers })).status).toBe(400);
    const good = { text: "a", platforms: [{ platform: "bluesky", account_id: account.id }] };
    expect((await api("POST", "/api/v1/posts", { key: user.key, body: good, headers })).status).toBe(201);
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 24 * 3_600_000 + 1000 } });
    const later = await api("POST", "/api/v1/posts", { key: user.key, body: { ...good, text: "new" }, headers });
    expect(later.status).toBe(201);
    expect(await postCount(user.userId)).toBe(2);
  });

  it("a create that died after writing its post, before its answer was kept, is answered with that post on retry", async () => {
    const account = await connect(user.key, "bluesky");
    const headers = { "idempotency-key": "died-after-write" };
    for (const [n, body] of [
      { text: "written, then the crash", platforms: [{ platform: "bluesky", account_id: account.id }] },
      {
        text: "into a slot, then the crash",
        platforms: [{ platform: "bluesky", account_id: account.id }],
        next_slot: true,
      },
    ].entries()) {
      const key = { "idempotency-key": `${headers["idempotency-key"]}-${n}` };
      if (body.next_slot) {
        const slot = await api("POST", "/api/v1/posting-slots", {
          key: user.key,
          body: { account_ids: [account.id], weekday: 3, time: "09:00", timezone: "UTC" },
        });
        expect(slot.status).toBe(201);
      }
      const first = await api("POST", "/api/v1/posts", { key: user.key, body, headers: key });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const before = await postCount(user.userId);
      // The post's batch recorded it on the key; the answer is lost, as if the isolate died before keeping it.
      const row = await env.DB.prepare(
        "UPDATE idempotency_keys SET response_status = NULL, response_body = NULL WHERE user_id = ? AND key = ? RETURNING resource_id",
      )
        .bind(user.userId, key["idempotency-key"])
        .first<{ resource_id: string }>();
      expect(row!.resource_id).toBe(first.body.data.id);
      const waiting = await api("POST", "/api/v1/posts", { key: user.key, body, headers: key });
      expect([waiting.status, waiting.body.error.code]).toEqual([409, "idempotency_in_progress"]);
      await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 61_000 } });
      const retried = await api("POST", "/api/v1/posts", { key: user.key, body, headers: key });
      expect([retried.status, retried.body.data.id]).toEqual([201, first.body.data.id]);
      expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
      expect(await postCount(user.userId)).toBe(before);
      const again = await api("POST", "/api/v1/posts", { key: user.key, body, headers: key });
      expect(again.body.data.id).toBe(first.body.data.id);
    }
  });

  it("an Idempotency-Key claimed by a request that died is usable again after a minute, not locked for a day", async () => {
    const account = await connect(user.key, "bluesky");
    const body = { text: "after the crash", platforms: [{ platform: "bluesky", account_id: account.id }] };
    const headers = { "idempotency-key": "orphaned" };
    // A request claimed the key at BASE and died before answering.
    await env.DB.prepare(
      "INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at) VALUES (?, ?, ?, NULL, NULL, ?)",
    )
      .bind(user.userId, "orphaned", await sha256Hex(`POST /api/v1/posts\n${JSON.stringify(body)}`), Date.parse(BASE))
      .run();
    const waiting = await api("POST", "/api/v1/posts", { key: user.key, body, headers });
    expect([waiting.status, waiting.body.error.code]).toEqual([409, "idempotency_in_progress"]);
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 61_000 } });
    const retried = await api("POST", "/api/v1/posts", { key: user.key, body, headers });
    expect(retried.status).toBe(201);
    expect(await postCount(user.userId)).toBe(1);
    const replayed = await api("POST", "/api/v1/posts", { key: user.key, body, headers });
    expect(replayed.body.data.id).toBe(retried.body.data.id);
  });

  it("a request that outlives its lease cannot settle the claim that replaced it; a server error is kept", async () => {
    const claim = async () => claimIdempotencyKey(await createRuntime(env), user.userId, "slow", "h");
    const first = await claim();
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 61_000 } });
    const second = await claim();
    if (first.kind !== "first" || second.kind !== "first") throw new Error("both claims should be first");
    const rt = await createRuntime(env);
    await settleIdempotencyKey(rt, user.userId, "slow", first.claimedAt, { status: 201, body: "late" });
    await expect(claim()).rejects.toMatchObject({ code: "idempotency_in_progress" });
    await settleIdempotencyKey(rt, user.userId, "slow", second.claimedAt, {
      status: 500,
      body: "failed after writing",
    });
    expect(await claim()).toEqual({ kind: "replay", status: 500, body: "failed after writing" });
  });

  it("keeps keys per user", async () => {
    const other = await newUser();
    const mine = await connect(user.key, "bluesky");
    const theirs = await connect(other.key, "bluesky");
    const headers = { "idempotency-key": "shared" };
    await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text: "a", platforms: [{ platform: "bluesky", account_id: mine.id }] },
      headers,
    });
    const res = await api("POST", "/api/v1/posts", {
      key: other.key,
      body: { text: "b", platforms: [{ platform: "bluesky", account_id: theirs.id }] },
      headers,
    });
    expect(res.status).toBe(201);
  });
});

describe("bulk", () => {
  it("creates every row in order, or none", async () => {
    const account = await connect(user.key, "bluesky");
    const row = (text: string) => ({ text, platforms: [{ platform: "bluesky", account_id: account.id }] });
    const ok = await api("POST", "/api/v1/posts/bulk", { key: user.key, body: [row("one"), row("two"), row("three")] });
    expect(ok.status).toBe(201);
    expect(ok.body.data.map((p: { text: string }) => p.text)).toEqual(["one", "two", "three"]);

    const bad = await api("POST", "/api/v1/posts/bulk", {
      key: user.key,
      body: [row("four"), { ...row("five"), schedule_type: "immediate", text: "a".repeat(301) }, { text: 7 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.rows.map((r: { index: number }) => r.index)).toEqual([1, 2]);
    expect(bad.body.error.rows[0].error.targets[0].code).toBe("text_too_long");
    expect(await postCount(user.userId)).toBe(3);
  });

  it("refuses 101 rows with 413 payload_too_large", async () => {
    const account = await connect(user.key, "bluesky");
    const rows = Array.from({ length: 101 }, () => ({
      text: "x",
      platforms: [{ platform: "bluesky", account_id: account.id }],
    }));
    const res = await api("POST", "/api/v1/posts/bulk", { key: user.key, body: rows });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
    expect(await postCount(user.userId)).toBe(0);
    const hundred = await api("POST", "/api/v1/posts/bulk", { key: user.key, body: rows.slice(0, 100) });
    expect(hundred.status).toBe(201);
    expect(hundred.body.data).toHaveLength(100);
  });
});
