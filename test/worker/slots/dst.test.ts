import { beforeEach, describe, expect, it } from "vitest";
import { parseHHmm, ZoneClock } from "../../../src/lib/time";
import { connect, newUser } from "../helpers/api";
import { createSlot, findSlot, setClock } from "../helpers/slots";

const DAY = 86_400_000;

/** The UTC instant of a wall-clock date and time in `zone`. */
const utc = (date: string, time: string, zone: string) => {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const clock = new ZoneClock(zone, midnight - DAY, midnight + 2 * DAY);
  return new Date(clock.instant(midnight / DAY, parseHHmm(time)!)).toISOString();
};

const weeklyInstants = (weekday: number, minutes: number, zone: string, from: number, to: number) =>
  new ZoneClock(zone, from, to).weekly(weekday, minutes, from, to);

describe("wall-clock times in real zones", () => {
  it.each([
    // Spring forward: the skipped time moves to just after the gap.
    ["Europe/Berlin", "2030-03-31", "02:30", "2030-03-31T01:00:00.000Z"], // 02:00–03:00 skipped → 03:00 CEST
    ["Europe/Berlin", "2030-03-31", "02:00", "2030-03-31T01:00:00.000Z"],
    ["Europe/Berlin", "2030-03-31", "03:00", "2030-03-31T01:00:00.000Z"],
    ["America/New_York", "2030-03-10", "02:30", "2030-03-10T07:00:00.000Z"], // → 03:00 EDT
    ["Australia/Lord_Howe", "2030-10-06", "02:15", "2030-10-05T15:30:00.000Z"], // 30-minute gap → 02:30 +11:00
    // Fall back: a time that happens twice is its first occurrence.
    ["Europe/Berlin", "2030-10-27", "02:30", "2030-10-27T00:30:00.000Z"], // 02:30 CEST, not CET
    ["America/New_York", "2030-11-03", "01:30", "2030-11-03T05:30:00.000Z"], // 01:30 EDT, not EST
    ["Australia/Lord_Howe", "2030-04-07", "01:45", "2030-04-06T14:45:00.000Z"], // 01:45 +11:00, not +10:30
    // Ordinary days on either side, and a zone without DST.
    ["Europe/Berlin", "2030-01-07", "09:00", "2030-01-07T08:00:00.000Z"],
    ["Europe/Berlin", "2030-07-01", "09:00", "2030-07-01T07:00:00.000Z"],
    ["Australia/Lord_Howe", "2030-07-01", "09:00", "2030-06-30T22:30:00.000Z"],
    // Chile skips midnight: 00:00–01:00 on 2030-09-08 does not exist.
    ["America/Santiago", "2030-09-08", "00:30", "2030-09-08T04:00:00.000Z"],
    ["Asia/Tokyo", "2030-03-31", "02:30", "2030-03-30T17:30:00.000Z"],
    ["Asia/Tokyo", "2030-10-27", "02:30", "2030-10-26T17:30:00.000Z"],
  ])("%s %s %s is %s", (zone, date, time, expected) => {
    expect(utc(date, time, zone)).toBe(expected);
  });

  it("reads the wall clock at an instant on both sides of a change", () => {
    const at = (iso: string, zone: string) => {
      const ms = Date.parse(iso);
      return new ZoneClock(zone, ms, ms).at(ms);
    };
    expect(at("2030-10-05T15:29:00Z", "Australia/Lord_Howe")).toEqual({
      date: "2030-10-06",
      time: "01:59",
      weekday: 0,
    });
    expect(at("2030-10-05T15:30:00Z", "Australia/Lord_Howe")).toEqual({
      date: "2030-10-06",
      time: "02:30",
      weekday: 0,
    });
    // 01:30 happens twice in New York on 2030-11-03.
    expect(at("2030-11-03T05:30:00Z", "America/New_York").time).toBe("01:30");
    expect(at("2030-11-03T06:30:00Z", "America/New_York").time).toBe("01:30");
    expect(at("2030-06-30T23:59:00Z", "Asia/Tokyo")).toEqual({ date: "2030-07-01", time: "08:59", weekday: 1 });
  });

  it("keeps a weekly slot at the same wall-clock time across a clock change", () => {
    const from = Date.parse("2030-03-20T00:00:00Z");
    const to = Date.parse("2030-04-10T00:00:00Z");
    const iso = (ms: number[]) => ms.map((m) => new Date(m).toISOString());
    // Monday 09:00 in Berlin: 08:00 UTC in winter, 07:00 UTC after 31 March.
    expect(iso(weeklyInstants(1, 540, "Europe/Berlin", from, to))).toEqual([
      "2030-03-25T08:00:00.000Z",
      "2030-04-01T07:00:00.000Z",
      "2030-04-08T07:00:00.000Z",
    ]);
    // Sunday 02:30 in Berlin: 01:30 UTC before, 03:00 CEST on the day of the gap, 00:30 UTC after.
    expect(iso(weeklyInstants(0, 150, "Europe/Berlin", from, to))).toEqual([
      "2030-03-24T01:30:00.000Z",
      "2030-03-31T01:00:00.000Z",
      "2030-04-07T00:30:00.000Z",
    ]);
    // Tokyo never changes.
    expect(iso(weeklyInstants(1, 540, "Asia/Tokyo", from, to))).toEqual([
      "2030-03-25T00:00:00.000Z",
      "2030-04-01T00:00:00.000Z",
      "2030-04-08T00:00:00.000Z",
    ]);
  });
});

describe("find-slot across clock changes", () => {
  let user: Awaited<ReturnType<typeof newUser>>;
  let account: { id: string };
  beforeEach(async () => {
    user = await newUser("creator");
    account = await connect(user.key, "bluesky");
  });

  const foundAt = async (after?: string) => {
    const res = await findSlot(user.key, [account.id], after);
    expect(res.status).toBe(200);
    return res.body.data as { at: string; timezone: string };
  };

  it.each([
    ["Europe/Berlin", 0, "02:30", "2030-03-25T00:00:00Z", ["2030-03-31T01:00:00.000Z", "2030-04-07T00:30:00.000Z"]],
    ["America/New_York", 0, "02:30", "2030-03-05T00:00:00Z", ["2030-03-10T07:00:00.000Z", "2030-03-17T06:30:00.000Z"]],
    [
      "Australia/Lord_Howe",
      0,
      "02:15",
      "2030-10-01T00:00:00Z",
      ["2030-10-05T15:30:00.000Z", "2030-10-12T15:15:00.000Z"],
    ],
    ["Europe/Berlin", 0, "02:30", "2030-10-21T00:00:00Z", ["2030-10-27T00:30:00.000Z", "2030-11-03T01:30:00.000Z"]],
    ["America/New_York", 0, "01:30", "2030-10-29T00:00:00Z", ["2030-11-03T05:30:00.000Z", "2030-11-10T06:30:00.000Z"]],
    [
      "Australia/Lord_Howe",
      0,
      "01:45",
      "2030-04-01T00:00:00Z",
      ["2030-04-06T14:45:00.000Z", "2030-04-13T15:15:00.000Z"],
    ],
    ["Asia/Tokyo", 0, "02:30", "2030-03-25T00:00:00Z", ["2030-03-30T17:30:00.000Z", "2030-04-06T17:30:00.000Z"]],
  ])("%s weekday %i at %s from %s", async (timezone, weekday, time, now, expected) => {
    await setClock(user.key, now);
    await createSlot(user.key, { account_ids: [account.id], weekday, time, timezone });
    expect(await foundAt()).toEqual(expect.objectContaining({ at: expected[0], timezone }));
    expect((await foundAt()).at).toBe(expected[1]);
  });
});
