import { beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { createPost, resetClock } from "../helpers/posts";
import { createSlot, findSlot } from "../helpers/slots";

let user: Awaited<ReturnType<typeof newUser>>;
let a: { id: string };
let b: { id: string };
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key); // Saturday 2030-06-01 08:00 UTC
  a = await connect(user.key, "bluesky");
  b = await connect(user.key, "threads");
});

const occurrences = (query: string) => api("GET", `/api/v1/posting-slots/occurrences?${query}`, { key: user.key });

describe("slot occurrences", () => {
  it("lists each occurrence as a UTC instant and the wall clock in the zone asked for", async () => {
    const berlin = await createSlot(user.key, {
      account_ids: [a.id],
      weekday: 1,
      time: "09:00",
      timezone: "Europe/Berlin",
    });
    const newYork = await createSlot(user.key, {
      account_ids: [b.id],
      weekday: 1,
      time: "09:00",
      timezone: "America/New_York",
    });
    const res = await occurrences("from=2030-06-03&to=2030-06-10&timezone=Europe/Berlin");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        slot_id: berlin.id,
        at: "2030-06-03T07:00:00.000Z",
        date: "2030-06-03",
        time: "09:00",
      }),
      expect.objectContaining({
        slot_id: newYork.id,
        at: "2030-06-03T13:00:00.000Z",
        date: "2030-06-03",
        time: "15:00",
      }),
      expect.objectContaining({
        slot_id: berlin.id,
        at: "2030-06-10T07:00:00.000Z",
        date: "2030-06-10",
        time: "09:00",
      }),
      expect.objectContaining({ slot_id: newYork.id, at: "2030-06-10T13:00:00.000Z", weekday: 1, time: "15:00" }),
    ]);
    expect(res.body.data[0]).toEqual({
      slot_id: berlin.id,
      account_ids: [a.id],
      at: "2030-06-03T07:00:00.000Z",
      date: "2030-06-03",
      time: "09:00",
      weekday: 1,
      timezone: "Europe/Berlin",
      slot_timezone: "Europe/Berlin",
      taken: false,
      taken_by: null,
      reserved_until: null,
    });
    // In Tokyo the New York slot falls on Monday night, the Berlin one on Monday afternoon; the days asked
    // are Tokyo days, so 2030-06-03 Tokyo begins at 2030-06-02T15:00Z.
    const tokyo = await occurrences("from=2030-06-03&to=2030-06-03&timezone=Asia/Tokyo");
    expect(tokyo.body.data.map((o: { time: string; date: string }) => `${o.date} ${o.time}`)).toEqual([
      "2030-06-03 16:00",
      "2030-06-03 22:00",
    ]);
    const filtered = await occurrences(`from=2030-06-03&to=2030-06-10&account_ids=${b.id}`);
    expect(filtered.body.data.map((o: { slot_id: string }) => o.slot_id)).toEqual([newYork.id, newYork.id]);
    expect(filtered.body.data[0]).toMatchObject({ timezone: "UTC", time: "13:00" });
  });

  it("shows which post takes an occurrence, and which are held by find-slot", async () => {
    const slot = await createSlot(user.key, { account_ids: [a.id, b.id], weekday: 1, time: "09:00", timezone: "UTC" });
    const post = await createPost(user.key, {
      text: "x",
      platforms: [{ platform: "threads", account_id: b.id }],
      schedule_type: "scheduled",
      scheduled_at: "2030-06-03T09:02:00Z",
    });
    await createPost(user.key, {
      text: "draft",
      platforms: [{ platform: "bluesky", account_id: a.id }],
      scheduled_at: "2030-06-10T09:00:00Z",
    });
    const held = await findSlot(user.key, [a.id, b.id]);
    expect(held.body.data.at).toBe("2030-06-10T09:00:00.000Z");
    const res = await occurrences("from=2030-06-01&to=2030-06-17");
    expect(res.body.data).toEqual([
      expect.objectContaining({ slot_id: slot.id, at: "2030-06-03T09:00:00.000Z", taken: true, taken_by: post.id }),
      expect.objectContaining({
        at: "2030-06-10T09:00:00.000Z",
        taken: false,
        taken_by: null,
        reserved_until: held.body.data.reserved_until,
      }),
      expect.objectContaining({ at: "2030-06-17T09:00:00.000Z", taken: false, reserved_until: null }),
    ]);
  });

  it("shows the wall clock just after a spring-forward gap", async () => {
    await createSlot(user.key, { account_ids: [a.id], weekday: 0, time: "02:30", timezone: "Europe/Berlin" });
    const res = await occurrences("from=2030-03-24&to=2030-04-07&timezone=Europe/Berlin");
    expect(res.body.data.map((o: { at: string; time: string }) => [o.at, o.time])).toEqual([
      ["2030-03-24T01:30:00.000Z", "02:30"],
      ["2030-03-31T01:00:00.000Z", "03:00"],
      ["2030-04-07T00:30:00.000Z", "02:30"],
    ]);
  });

  it.each([
    ["from=2030-06-03&to=2030-06-10&timezone=Mars/Olympus", "timezone"],
    ["from=2030-02-30&to=2030-03-10", "from"],
    ["from=3%20June&to=2030-06-10", "from"],
    ["to=2030-06-10", "from"],
    ["from=2030-06-10&to=2030-06-03", "to"],
    ["from=2030-06-01&to=2030-09-01", "to"],
  ])("refuses %s naming %s", async (query, field) => {
    const res = await occurrences(query);
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe(field);
  });

  it("accepts 92 days", async () => {
    expect((await occurrences("from=2030-06-01&to=2030-08-31")).status).toBe(200);
  });
});
