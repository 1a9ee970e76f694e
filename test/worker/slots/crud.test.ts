import { beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { resetClock } from "../helpers/posts";
import { countRows, createSlot } from "../helpers/slots";

let user: Awaited<ReturnType<typeof newUser>>;
let account: { id: string };
beforeEach(async () => {
  user = await newUser("free");
  await resetClock(user.key);
  account = await connect(user.key, "bluesky");
});

describe("posting slots", () => {
  it("creates a slot from HH:mm or from minutes after midnight, on every plan", async () => {
    const byTime = await createSlot(user.key, {
      account_ids: [account.id],
      weekday: 1,
      time: "09:30",
      timezone: "europe/berlin",
    });
    expect(byTime).toMatchObject({
      account_ids: [account.id],
      weekday: 1,
      time: "09:30",
      minutes: 570,
      timezone: "Europe/Berlin",
    });
    expect(byTime.id).toMatch(/^slot_/);
    const byMinutes = await createSlot(user.key, {
      account_ids: [account.id],
      weekday: 0,
      minutes: 1439,
      timezone: "UTC",
    });
    expect(byMinutes).toMatchObject({ weekday: 0, time: "23:59", minutes: 1439 });
  });

  it("lists slots by weekday and time, or only those for some accounts", async () => {
    const other = await connect(user.key, "mastodon");
    const late = await createSlot(user.key, { account_ids: [account.id], weekday: 2, time: "18:00", timezone: "UTC" });
    const early = await createSlot(user.key, { account_ids: [other.id], weekday: 2, time: "07:00", timezone: "UTC" });
    const both = await createSlot(user.key, {
      account_ids: [account.id, other.id],
      weekday: 1,
      time: "12:00",
      timezone: "UTC",
    });
    const all = await api("GET", "/api/v1/posting-slots", { key: user.key });
    expect(all.status).toBe(200);
    expect(all.body.data.map((s: { id: string }) => s.id)).toEqual([both.id, early.id, late.id]);
    const mine = await api("GET", `/api/v1/posting-slots?account_ids=${other.id}`, { key: user.key });
    expect(mine.body.data.map((s: { id: string }) => s.id)).toEqual([both.id, early.id]);
  });

  it("changes a slot, keeping what is not sent", async () => {
    const slot = await createSlot(user.key, { account_ids: [account.id], weekday: 1, time: "09:00", timezone: "UTC" });
    const res = await api("PATCH", `/api/v1/posting-slots/${slot.id}`, {
      key: user.key,
      body: { minutes: 600, timezone: "America/New_York" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: slot.id,
      weekday: 1,
      time: "10:00",
      timezone: "America/New_York",
      account_ids: [account.id],
    });
    const other = await connect(user.key, "threads");
    const moved = await api("PATCH", `/api/v1/posting-slots/${slot.id}`, {
      key: user.key,
      body: { account_ids: [other.id], weekday: 6, time: "07:15" },
    });
    expect(moved.body.data).toMatchObject({ account_ids: [other.id], weekday: 6, time: "07:15" });
  });

  it("deletes a slot once", async () => {
    const slot = await createSlot(user.key, { account_ids: [account.id], weekday: 1, time: "09:00", timezone: "UTC" });
    const res = await api("DELETE", `/api/v1/posting-slots/${slot.id}`, { key: user.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: slot.id, deleted: true });
    expect((await api("DELETE", `/api/v1/posting-slots/${slot.id}`, { key: user.key })).status).toBe(404);
    expect(await countRows("posting_slots", user.userId)).toBe(0);
  });

  it("answers 404 for another user's slot and changes nothing", async () => {
    const slot = await createSlot(user.key, { account_ids: [account.id], weekday: 1, time: "09:00", timezone: "UTC" });
    const stranger = await newUser("creator");
    const patch = await api("PATCH", `/api/v1/posting-slots/${slot.id}`, { key: stranger.key, body: { weekday: 2 } });
    expect(patch.status).toBe(404);
    expect((await api("DELETE", `/api/v1/posting-slots/${slot.id}`, { key: stranger.key })).status).toBe(404);
    const list = await api("GET", "/api/v1/posting-slots", { key: user.key });
    expect(list.body.data).toEqual([expect.objectContaining({ id: slot.id, weekday: 1 })]);
    expect((await api("GET", "/api/v1/posting-slots", { key: stranger.key })).body.data).toEqual([]);
  });

  it.each([
    [{ timezone: "Mars/Olympus" }, "timezone"],
    [{ time: "24:00" }, "time"],
    [{ time: "9:30" }, "time"],
    [{ time: "09:60" }, "time"],
    [{ time: undefined, minutes: 1440 }, "minutes"],
    [{ time: undefined, minutes: -1 }, "minutes"],
    [{ time: undefined, minutes: 60.5 }, "minutes"],
    [{ minutes: 540 }, "minutes"],
    [{ time: undefined }, "time"],
    [{ weekday: 7 }, "weekday"],
    [{ weekday: -1 }, "weekday"],
    [{ weekday: undefined }, "weekday"],
    [{ account_ids: [] }, "account_ids"],
    [{ account_ids: ["acct_nope"] }, "account_ids.0"],
    [{ surprise: 1 }, "body"],
  ])("refuses %j naming %s, and writes nothing", async (change, field) => {
    const res = await api("POST", "/api/v1/posting-slots", {
      key: user.key,
      body: { account_ids: [account.id], weekday: 1, time: "09:00", timezone: "UTC", ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.issues[0].path).toBe(field);
    expect(await countRows("posting_slots", user.userId)).toBe(0);
  });

  it("refuses another user's account (as unknown) and an account listed twice", async () => {
    const stranger = await newUser("creator");
    const theirs = await connect(stranger.key, "bluesky");
    const res = await api("POST", "/api/v1/posting-slots", {
      key: user.key,
      body: { account_ids: [account.id, theirs.id], weekday: 1, time: "09:00", timezone: "UTC" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("account_ids.1");
    const twice = await api("POST", "/api/v1/posting-slots", {
      key: user.key,
      body: { account_ids: [account.id, account.id], weekday: 1, time: "09:00", timezone: "UTC" },
    });
    expect(twice.body.error.issues[0].path).toBe("account_ids.1");
    expect(await countRows("posting_slots", user.userId)).toBe(0);

    const slot = await createSlot(user.key, { account_ids: [account.id], weekday: 1, time: "09:00", timezone: "UTC" });
    const patch = await api("PATCH", `/api/v1/posting-slots/${slot.id}`, {
      key: user.key,
      body: { account_ids: [theirs.id], timezone: "Nowhere/Land" },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.error.issues[0].path).toBe("timezone");
    const patchAccounts = await api("PATCH", `/api/v1/posting-slots/${slot.id}`, {
      key: user.key,
      body: { account_ids: [theirs.id] },
    });
    expect(patchAccounts.body.error.issues[0].path).toBe("account_ids.0");
    const list = await api("GET", "/api/v1/posting-slots", { key: user.key });
    expect(list.body.data[0].account_ids).toEqual([account.id]);
  });

  it("refuses the 101st slot with slot_limit, even when the creates race", async () => {
    const body = (i: number) => ({ account_ids: [account.id], weekday: i % 7, minutes: i, timezone: "UTC" });
    const answers = await Promise.all(
      Array.from({ length: 105 }, (_, i) => api("POST", "/api/v1/posting-slots", { key: user.key, body: body(i) })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(100);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(5);
    for (const a of refused) {
      expect(a.status).toBe(400);
      expect(a.body.error.code).toBe("slot_limit");
    }
    expect(await countRows("posting_slots", user.userId)).toBe(100);
    const again = await api("POST", "/api/v1/posting-slots", { key: user.key, body: body(200) });
    expect(again.body.error.code).toBe("slot_limit");
    // Deleting one makes room for one.
    const first = (await api("GET", "/api/v1/posting-slots", { key: user.key })).body.data[0];
    await api("DELETE", `/api/v1/posting-slots/${first.id}`, { key: user.key });
    expect((await api("POST", "/api/v1/posting-slots", { key: user.key, body: body(201) })).status).toBe(201);
  });
});
