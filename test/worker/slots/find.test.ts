import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { agentUser } from "../helpers/mcp";
import { accessTokenFor } from "../helpers/oauth-client";
import { BASE, createPost, resetClock } from "../helpers/posts";
import { advanceClock, countHolds, createSlot, findSlot } from "../helpers/slots";

// BASE is Saturday 2030-06-01 08:00 UTC; the Monday slot at 09:00 UTC comes on 06-03, 06-10, …
const MON_1 = "2030-06-03T09:00:00.000Z";
const MON_2 = "2030-06-10T09:00:00.000Z";
const MON_3 = "2030-06-17T09:00:00.000Z";
const MINUTE = 60_000;

let user: Awaited<ReturnType<typeof newUser>>;
let a: { id: string; platform: string };
let b: { id: string; platform: string };
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
  a = await connect(user.key, "bluesky");
  b = await connect(user.key, "threads");
});

const monday = (accountIds: string[], timezone = "UTC") =>
  createSlot(user.key, { account_ids: accountIds, weekday: 1, time: "09:00", timezone });

const target = (account: { id: string; platform: string }) => ({ platform: account.platform, account_id: account.id });

/** A scheduled post on `accounts` at `at`; returns its id. */
const postAt = async (accounts: { id: string; platform: string }[], at: string | number) =>
  (
    await createPost(user.key, {
      text: "x",
      platforms: accounts.map(target),
      schedule_type: "scheduled",
      scheduled_at: typeof at === "number" ? new Date(at).toISOString() : at,
    })
  ).id as string;

const setStatus = (postId: string, status: string) =>
  env.DB.prepare("UPDATE posts SET status = ? WHERE id = ?").bind(status, postId).run();

/** A slot on both accounts at 09:00 UTC every day of the week. */
const everyWeekday = async () => {
  for (let weekday = 0; weekday < 7; weekday++) {
    await createSlot(user.key, { account_ids: [a.id, b.id], weekday, time: "09:00", timezone: "UTC" });
  }
};

const setHoldsPerUser = (n: number) =>
  api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { slot_holds_per_user: n } });

const foundAt = async (accountIds: string[], after?: string) => {
  const res = await findSlot(user.key, accountIds, after);
  if (res.status !== 200) throw new Error(`find-slot: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.at as string;
};

describe("find-slot", () => {
  it("answers the next occurrence and holds it for 10 minutes", async () => {
    const slot = await monday([a.id]);
    const res = await findSlot(user.key, [a.id]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        at: MON_1,
        slotId: slot.id,
        slot_id: slot.id,
        timezone: "UTC",
        held: true,
        reserved_until: expect.any(String),
      },
    });
    // The sandbox clock runs on from BASE: the hold ends 10 minutes after the request.
    const heldFor = Date.parse(res.body.data.reserved_until) - Date.parse(BASE);
    expect(heldFor).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(heldFor).toBeLessThan(11 * MINUTE);
    expect(await countHolds(user.userId)).toBe(1);
  });

  it("does not give a held slot to another request", async () => {
    await monday([a.id]);
    expect(await foundAt([a.id])).toBe(MON_1);
    expect(await foundAt([a.id])).toBe(MON_2);
    // The hold is on the accounts asked for: overlapping requests skip it, others do not.
    expect(await foundAt([a.id, b.id])).toBe(MON_3);
  });

  it("lets the hold lapse after 10 minutes", async () => {
    await monday([a.id]);
    expect(await foundAt([a.id])).toBe(MON_1);
    await advanceClock(user.key, 10 * MINUTE - 1000);
    expect(await foundAt([a.id])).toBe(MON_2);
    await advanceClock(user.key, 1000);
    // The first hold lapsed; the second (taken a second later) has not.
    expect(await foundAt([a.id])).toBe(MON_1);
    await advanceClock(user.key, 2 * MINUTE);
    await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["housekeeping"] } });
    expect(await countHolds(user.userId)).toBe(2);
  });

  it("keeps the slot for a post created within the hold at that time", async () => {
    await monday([a.id]);
    expect(await foundAt([a.id])).toBe(MON_1);
    await advanceClock(user.key, 5 * MINUTE);
    await postAt([a], MON_1);
    await advanceClock(user.key, 10 * MINUTE);
    expect(await foundAt([a.id])).toBe(MON_2);
  });

  it("uses a slot that posts for at least one of the accounts (rule 1)", async () => {
    const c = await connect(user.key, "linkedin");
    await monday([a.id, b.id]);
    expect(await foundAt([b.id, c.id])).toBe(MON_1);
    const none = await findSlot(user.key, [c.id]);
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe("no_slots");
    expect(await countHolds(user.userId)).toBe(1);
  });

  it("counts a slot taken by a scheduled post on one of the accounts within 5 minutes (rule 2)", async () => {
    await monday([a.id]);
    await postAt([a], Date.parse(MON_1) + 4 * MINUTE + 59_000);
    await postAt([a], Date.parse(MON_2) + 5 * MINUTE);
    expect(await foundAt([a.id], BASE)).toBe(MON_2);
  });

  it("counts the request's accounts: a post on another of them takes the slot too", async () => {
    await monday([a.id]);
    await postAt([b], Date.parse(MON_1) - 4 * MINUTE);
    const res = await findSlot(user.key, [a.id]);
    expect(res.body.data.at).toBe(MON_1);
    // a is now held at MON_1; with b asked too, MON_1 is taken by b's post and MON_2 is free.
    expect(await foundAt([b.id, a.id])).toBe(MON_2);
  });

  it("counts waiting-for-approval and publishing posts, never drafts, finished or deleted posts", async () => {
    await monday([a.id]);
    const draft = await createPost(user.key, { text: "d", platforms: [target(a)], scheduled_at: MON_1 });
    expect(draft.status).toBe("draft");
    const published = await postAt([a], MON_1);
    await setStatus(published, "published");
    const failed = await postAt([a], MON_1);
    await setStatus(failed, "failed");
    const deleted = await postAt([a], MON_1);
    expect((await api("DELETE", `/api/v1/posts/${deleted}`, { key: user.key })).status).toBe(200);
    const unscheduled = await postAt([a], MON_1);
    await api("POST", `/api/v1/posts/${unscheduled}/unschedule`, { key: user.key });
    expect(await foundAt([a.id], BASE)).toBe(MON_1);
    await setStatus(await postAt([a], MON_1), "waiting_for_approval");
    await setStatus(await postAt([a], MON_2), "publishing");
    await advanceClock(user.key, 10 * MINUTE); // let the first hold lapse
    expect(await foundAt([a.id])).toBe(MON_3);
  });

  it("looks 60 days from `after`, strictly after it (rule 3)", async () => {
    // Wednesday 09:00: 2030-06-05 … 2030-07-31, which is exactly 60 days after Saturday 06-01 09:00.
    await createSlot(user.key, { account_ids: [a.id], weekday: 3, time: "09:00", timezone: "UTC" });
    const after = "2030-06-01T09:00:00.000Z";
    const wednesdays = Array.from({ length: 8 }, (_, i) => Date.parse("2030-06-05T09:00:00Z") + i * 7 * 86_400_000);
    const [first] = await Promise.all(wednesdays.map((at) => postAt([a], at)));
    expect(await foundAt([a.id], after)).toBe("2030-07-31T09:00:00.000Z");
    const held = await findSlot(user.key, [a.id], after);
    expect(held.status).toBe(404);
    expect(held.body.error.code).toBe("no_free_slot");
    // Strictly after: `after` at an occurrence starts from the next one.
    expect(await foundAt([a.id], "2030-07-31T09:00:00Z")).toBe("2030-08-07T09:00:00.000Z");
    // An `after` in the past counts as now.
    await api("DELETE", `/api/v1/posts/${first}`, { key: user.key });
    expect(await foundAt([a.id], "2020-01-01T00:00:00Z")).toBe("2030-06-05T09:00:00.000Z");
  });

  it.each([
    ["", "no account ids"],
    ["acct_nope", "an unknown id"],
  ])("refuses %j (%s) with invalid_accounts", async (ids) => {
    await monday([a.id]);
    const res = await api("GET", `/api/v1/find-slot${ids ? `?account_ids=${ids}` : ""}`, { key: user.key });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_accounts");
    expect(await countHolds(user.userId)).toBe(0);
  });

  it("refuses another user's account with invalid_accounts and holds nothing", async () => {
    const stranger = await newUser("creator");
    const theirs = await connect(stranger.key, "bluesky");
    await createSlot(stranger.key, { account_ids: [theirs.id], weekday: 1, time: "09:00", timezone: "UTC" });
    await monday([a.id]);
    const res = await findSlot(user.key, [a.id, theirs.id]);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_accounts", unknown: [theirs.id] });
    expect(await countHolds(user.userId)).toBe(0);
    expect((await findSlot(user.key, [a.id], "yesterday")).body.error.issues[0].path).toBe("after");
  });
});

describe("find-slot under concurrency", () => {
  it("gives 50 simultaneous requests 50 different slots, none refused (a user allowed 50 holds)", async () => {
    await setHoldsPerUser(50);
    try {
      await everyWeekday();
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => findSlot(user.key, i % 2 ? [a.id] : [a.id, b.id])),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
      expect(new Set(answers.map((r) => r.body.data.at)).size).toBe(50);
      expect(await countHolds(user.userId)).toBe(50);
    } finally {
      await setHoldsPerUser(5);
    }
  });

  it("50 simultaneous finds past the cap: every 200 a different slot, the rest 429 too_many_holds (many rounds)", async () => {
    await everyWeekday();
    // Each round's burst leases the key's rate window out, and the clock's jump below ends those leases unspent.
    await api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { rate_limit_per_hour: 100_000 } });
    onTestFinished(async () => {
      await api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { rate_limit_per_hour: 1000 } });
    });
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => findSlot(user.key, i % 2 ? [a.id] : [a.id, b.id])),
      );
      const found = answers.filter((r) => r.status === 200).map((r) => r.body.data.at as string);
      const refused = answers.filter((r) => r.status !== 200);
      expect(found, `round ${round}`).toHaveLength(5);
      expect(new Set(found).size, `round ${round}: distinct slots`).toBe(5);
      for (const r of refused) {
        expect([r.status, r.body.error.code], JSON.stringify(r.body)).toEqual([429, "too_many_holds"]);
        const wait = Number(r.headers.get("retry-after"));
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(600);
        expect(r.body.error.retry_after).toBe(wait);
      }
      // Nothing handed out was released: the holds are exactly the slots answered.
      expect(await heldAts()).toEqual([...found].sort());
      await advanceClock(user.key, 10 * MINUTE);
    }
  });

  it("lets simultaneous requests on other accounts share an instant, each account holding it once", async () => {
    await monday([a.id, b.id]);
    const answers = await Promise.all([findSlot(user.key, [a.id]), findSlot(user.key, [b.id])]);
    expect(answers.map((r) => r.body.data.at)).toEqual([MON_1, MON_1]);
    expect(await foundAt([a.id, b.id])).toBe(MON_2);
  });
});

/** The instants the user's slot picker holds, earliest first. */
const heldAts = async () =>
  (await env.SLOT_PICKER.get(env.SLOT_PICKER.idFromName(user.userId)).holds(0))
    .map((h) => new Date(h.at).toISOString())
    .sort();

describe("holds are bounded (rule 7): past the cap find-slot refuses and releases nothing", () => {
  it("a sixth find is refused with 429 and Retry-After until the oldest hold lapses; then it is found again", async () => {
    await monday([a.id]);
    const found = [];
    for (let i = 0; i < 5; i++) found.push(await foundAt([a.id]));
    expect(new Set(found).size).toBe(5);
    const sixth = await findSlot(user.key, [a.id]);
    expect([sixth.status, sixth.body.error.code]).toEqual([429, "too_many_holds"]);
    expect(sixth.body.error).toMatchObject({ limit: 5, retry_after: Number(sixth.headers.get("retry-after")) });
    expect(sixth.body.error.retry_after).toBeGreaterThan(9 * 60);
    expect(sixth.body.error.retry_after).toBeLessThanOrEqual(10 * 60);
    expect(await heldAts()).toEqual(found);
  });

  it("once the oldest lapses, a find succeeds again and gets the lapsed slot back", async () => {
    await monday([a.id]);
    expect(await foundAt([a.id])).toBe(MON_1);
    await advanceClock(user.key, 5 * MINUTE);
    for (let i = 0; i < 4; i++) await foundAt([a.id]);
    expect((await findSlot(user.key, [a.id])).status).toBe(429);
    await advanceClock(user.key, 5 * MINUTE);
    expect(await foundAt([a.id])).toBe(MON_1);
    expect((await findSlot(user.key, [a.id])).status).toBe(429);
  });

  it("a hold a post took no longer counts: the find after it is answered, the other holds kept", async () => {
    await monday([a.id]);
    const found = [];
    for (let i = 0; i < 5; i++) found.push(await foundAt([a.id]));
    expect((await findSlot(user.key, [a.id])).status).toBe(429);
    await postAt([a], found[0]!);
    const next = await foundAt([a.id]);
    expect(found).not.toContain(next);
    expect(await heldAts()).toEqual([...found.slice(1), next].sort());
    // Every slot answered is still either held or posted: none is handed out twice.
    expect((await findSlot(user.key, [a.id])).status).toBe(429);
  });

  it("creating a post with next_slot keeps working past the cap, into a slot no hold takes", async () => {
    await monday([a.id]);
    const found = [];
    for (let i = 0; i < 5; i++) found.push(await foundAt([a.id]));
    const post = await createPost(user.key, { text: "next", platforms: [target(a)], next_slot: true });
    expect(post.status).toBe("scheduled");
    expect(found).not.toContain(post.scheduled_at);
    expect(await heldAts()).toEqual(expect.arrayContaining(found));
  });

  it("the number is a deployment tunable (slot_holds_per_user)", async () => {
    await setHoldsPerUser(2);
    try {
      await monday([a.id]);
      for (let i = 0; i < 2; i++) await foundAt([a.id]);
      expect((await findSlot(user.key, [a.id])).status).toBe(429);
      expect(await countHolds(user.userId)).toBe(2);
    } finally {
      await setHoldsPerUser(5);
    }
  });
});

describe("a credential that cannot write posts holds nothing (issue 39, item 12)", () => {
  it("an OAuth token of read scope is answered the slot a hold would get, marked not held, and holds nothing", async () => {
    const owner = await agentUser();
    await resetClock(owner.key);
    const account = await connect(owner.key, "bluesky");
    await createSlot(owner.key, { account_ids: [account.id], weekday: 1, time: "09:00", timezone: "UTC" });
    const reader = await accessTokenFor(owner, "posts:read");
    const asReader = () =>
      api("GET", `/api/v1/find-slot?account_ids=${account.id}`, { headers: { authorization: `Bearer ${reader}` } });
    const holds = async () =>
      (await env.SLOT_PICKER.get(env.SLOT_PICKER.idFromName(owner.userId)).holds(0)).map((h) => h.id).sort();

    // Nothing held: the same slot each time.
    for (let i = 0; i < 3; i++) {
      const res = await asReader();
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ at: MON_1, held: false, reserved_until: null });
    }
    expect(await holds()).toEqual([]);
    // The owner fills the cap; the reader is still answered (the first slot no hold takes) and releases nothing.
    const mine = [];
    for (let i = 0; i < 5; i++) {
      const res = await findSlot(owner.key, [account.id]);
      expect(res.body.data).toMatchObject({ held: true });
      mine.push(res.body.data.at);
    }
    const before = await holds();
    const read = await asReader();
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ held: false, reserved_until: null });
    expect(mine).not.toContain(read.body.data.at);
    expect(await holds()).toEqual(before);
  });
});
