import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { PostCreateSchema } from "../../../src/schemas/posts";
import { SCOPES } from "../../../src/services/auth/auth";
import { saveInNextSlot } from "../../../src/services/posts/next-slot";
import { preparePost } from "../../../src/services/posts/prepare";
import { createRuntime } from "../../../src/services/runtime";
import { api, connect, newUser } from "../helpers/api";
import { createPost, publishedCalls, resetClock, runDue, settled } from "../helpers/posts";
import { countHolds, countRows, createSlot, findSlot } from "../helpers/slots";

// BASE is Saturday 2030-06-01 08:00 UTC; a Monday 09:00 Berlin slot is 07:00 UTC on 06-03, 06-10, …
const MON_1 = "2030-06-03T07:00:00.000Z";
const MON_2 = "2030-06-10T07:00:00.000Z";
const MON_3 = "2030-06-17T07:00:00.000Z";

let user: Awaited<ReturnType<typeof newUser>>;
let a: { id: string };
let b: { id: string };
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
  a = await connect(user.key, "bluesky");
  b = await connect(user.key, "threads");
});

const slotFor = (accountIds: string[]) =>
  createSlot(user.key, { account_ids: accountIds, weekday: 1, time: "09:00", timezone: "Europe/Berlin" });

const body = (extra: Record<string, unknown> = {}) => ({
  text: "into the next slot",
  platforms: [{ platform: "bluesky", account_id: a.id }],
  next_slot: true,
  ...extra,
});

describe("creating a post with next_slot", () => {
  it("schedules it into the next free slot of its accounts, with a hold", async () => {
    const slot = await slotFor([a.id]);
    const post = await createPost(user.key, body());
    expect(post).toMatchObject({
      status: "scheduled",
      schedule_type: "scheduled",
      scheduled_at: MON_1,
      timezone: "Europe/Berlin",
    });
    expect(post.platforms[0].status).toBe("scheduled");
    expect(await countHolds(user.userId)).toBe(1);
    // The camelCase spelling does the same, and the post's own zone is kept.
    const second = await createPost(user.key, { ...body(), next_slot: undefined, nextSlot: true, timezone: "UTC" });
    expect(second).toMatchObject({ scheduled_at: MON_2, timezone: "UTC" });
    const found = await findSlot(user.key, [a.id]);
    expect(found.body.data).toMatchObject({ at: MON_3, slot_id: slot.id });
  });

  it("skips a slot held by find-slot and one taken by a post on any of its accounts", async () => {
    await slotFor([a.id, b.id]);
    expect((await findSlot(user.key, [b.id])).body.data.at).toBe(MON_1);
    await createPost(user.key, {
      text: "taken",
      platforms: [{ platform: "threads", account_id: b.id }],
      schedule_type: "scheduled",
      scheduled_at: MON_2,
    });
    const post = await createPost(user.key, {
      ...body(),
      platforms: [
        { platform: "bluesky", account_id: a.id },
        { platform: "threads", account_id: b.id },
      ],
    });
    expect(post.scheduled_at).toBe(MON_3);
  });

  it("publishes at the slot's time", async () => {
    await slotFor([a.id]);
    const post = await createPost(user.key, body());
    await runDue(user.key, MON_1);
    expect((await settled(user.key, post.id)).status).toBe("published");
    expect(await publishedCalls(user.key, a.id)).toEqual([expect.objectContaining({ text: "into the next slot" })]);
  });

  it("answers no_slots or no_free_slot and writes nothing", async () => {
    const none = await api("POST", "/api/v1/posts", { key: user.key, body: body() });
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe("no_slots");
    await createSlot(user.key, { account_ids: [a.id], weekday: 1, time: "09:00", timezone: "UTC" });
    const mondays = Array.from({ length: 9 }, (_, i) => Date.parse("2030-06-03T09:00:00Z") + i * 7 * 86_400_000);
    const rows = mondays.map((at) => ({
      text: "x",
      platforms: [{ platform: "bluesky", account_id: a.id }],
      schedule_type: "scheduled",
      scheduled_at: new Date(at).toISOString(),
    }));
    expect((await api("POST", "/api/v1/posts/bulk", { key: user.key, body: rows })).status).toBe(201);
    const full = await api("POST", "/api/v1/posts", { key: user.key, body: body() });
    expect(full.status).toBe(404);
    expect(full.body.error.code).toBe("no_free_slot");
    expect(await countRows("posts", user.userId)).toBe(9);
    expect(await countHolds(user.userId)).toBe(0);
  });

  it("gives 20 simultaneous next-slot posts 20 different slots", async () => {
    for (let weekday = 0; weekday < 7; weekday++) {
      await createSlot(user.key, { account_ids: [a.id], weekday, time: "09:00", timezone: "UTC" });
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api("POST", "/api/v1/posts", { key: user.key, body: body() })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((r) => r.body.data.scheduled_at)).size).toBe(20);
    expect(await countRows("posts", user.userId)).toBe(20);
  });

  it("gives the slot back when the post cannot be written, and writes nothing", async () => {
    await slotFor([a.id]);
    const rt = await createRuntime(env);
    const principal = { userId: user.userId, plan: "creator", scopes: SCOPES, rateKey: "test", via: "system" as const };
    const prepared = await preparePost(rt, principal, PostCreateSchema.parse(body()));
    // A statement that fails makes the whole batch fail, after the slot was held.
    const failing = rt.db.run(sql`INSERT INTO no_such_table VALUES (1)`);
    await expect(saveInNextSlot(rt, prepared, { alongside: [failing] })).rejects.toThrow();
    expect(await countHolds(user.userId)).toBe(0);
    expect(await countRows("posts", user.userId)).toBe(0);
    expect((await createPost(user.key, body())).scheduled_at).toBe(MON_1);
  });

  it("previews the slot in a dry run without holding it", async () => {
    await slotFor([a.id]);
    const res = await api("POST", "/api/v1/posts?dry_run=true", { key: user.key, body: body() });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ dry_run: true, status: "scheduled", scheduled_at: MON_1 });
    expect(await countHolds(user.userId)).toBe(0);
    expect(await countRows("posts", user.userId)).toBe(0);
  });

  it.each([
    [{ scheduled_at: "2030-06-05T09:00:00Z" }, "scheduled_at"],
    [{ schedule_type: "immediate" }, "schedule_type"],
    [{ nextSlot: false }, "nextSlot"],
    [{ timezone: "Mars/Olympus" }, "timezone"],
    [{ next_slot: "yes" }, "next_slot"],
  ])("refuses %j naming %s", async (extra, field) => {
    await slotFor([a.id]);
    const res = await api("POST", "/api/v1/posts", { key: user.key, body: body(extra) });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe(field);
    expect(await countRows("posts", user.userId)).toBe(0);
    expect(await countHolds(user.userId)).toBe(0);
  });

  it("is not offered in bulk: the row is refused and nothing is created", async () => {
    await slotFor([a.id]);
    const res = await api("POST", "/api/v1/posts/bulk", {
      key: user.key,
      body: [{ text: "a", platforms: [{ platform: "bluesky", account_id: a.id }] }, body()],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.rows).toEqual([expect.objectContaining({ index: 1 })]);
    expect(await countRows("posts", user.userId)).toBe(0);
  });

  it("checks the post's content before it picks a slot", async () => {
    await slotFor([a.id]);
    const res = await api("POST", "/api/v1/posts", { key: user.key, body: body({ text: "x".repeat(400) }) });
    expect(res.status).toBe(400);
    expect(res.body.error.targets[0].code).toBe("text_too_long");
    expect(await countHolds(user.userId)).toBe(0);
  });
});
