// Issue #33: a delay step's `window` holds an execution until the window's next opening, DST-exact as posting slots.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { nextInWindow, parseHHmm } from "../../../../src/lib/time";
import { DelayDataSchema, type TypedStep } from "../../../../src/schemas/flow-steps";
import { stepCatalog } from "../../../../src/services/flows/catalog";
import { summaryOf } from "../../../../src/services/flows/step-kinds";
import { createRuntime } from "../../../../src/services/runtime";
import { updateUser } from "../../../../src/services/users";
import { api, connect, newUser } from "../../helpers/api";
import { dmFrom, executionIn, liveFlow, message, storedExecutions, textsTo, trigger } from "../../helpers/flow-runs";
import { expectOk, flowRow, flows } from "../../helpers/flows";
import { mcpClient, refused } from "../../helpers/mcp";

const WEEKDAYS = [1, 2, 3, 4, 5];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** Where `nextInWindow` puts a delay ending at `iso` for a window of "HH:MM" times in `zone`. */
const opening = (iso: string, start: string, end: string, weekdays: number[], zone: string) =>
  new Date(
    nextInWindow(zone, { startMinutes: parseHHmm(start)!, endMinutes: parseHHmm(end)!, weekdays }, Date.parse(iso)),
  ).toISOString();

describe("the next opening of a window (Berlin, 09:00–10:00 on weekdays; 2030-06-03 is a Monday, UTC+2)", () => {
  it.each([
    ["exactly at the start goes at once", "2030-06-03T07:00:00.000Z", "2030-06-03T07:00:00.000Z"],
    ["a second before the start waits a second", "2030-06-03T06:59:59.000Z", "2030-06-03T07:00:00.000Z"],
    ["a second after the start goes at once", "2030-06-03T07:00:01.000Z", "2030-06-03T07:00:01.000Z"],
    ["a second before the end goes at once", "2030-06-03T07:59:59.000Z", "2030-06-03T07:59:59.000Z"],
    ["exactly at the end waits for the next day's opening", "2030-06-03T08:00:00.000Z", "2030-06-04T07:00:00.000Z"],
    ["a second after the end waits for the next day's", "2030-06-03T08:00:01.000Z", "2030-06-04T07:00:00.000Z"],
    ["early in the morning waits for that day's", "2030-06-03T01:00:00.000Z", "2030-06-03T07:00:00.000Z"],
    ["after Friday's closes waits for Monday's", "2030-06-07T08:00:00.000Z", "2030-06-10T07:00:00.000Z"],
    [
      "inside the hours on a Saturday (not listed) waits for Monday's",
      "2030-06-08T07:30:00.000Z",
      "2030-06-10T07:00:00.000Z",
    ],
  ])("%s", (_, endsAt, expected) => {
    expect(opening(endsAt, "09:00", "10:00", WEEKDAYS, "Europe/Berlin")).toBe(expected);
  });

  it("a single weekday waits up to a week; every day opens daily", () => {
    expect(opening("2030-06-03T08:00:00Z", "09:00", "10:00", [1], "Europe/Berlin")).toBe("2030-06-10T07:00:00.000Z");
    expect(opening("2030-06-03T07:00:00Z", "09:00", "10:00", [0], "Europe/Berlin")).toBe("2030-06-09T07:00:00.000Z");
    expect(opening("2030-06-08T08:30:00Z", "09:00", "10:00", [0, 1, 2, 3, 4, 5, 6], "Europe/Berlin")).toBe(
      "2030-06-09T07:00:00.000Z",
    );
  });

  it("an overnight window (end before start) opens on its listed day and closes the next morning", () => {
    // Fridays 22:00 to Saturday 06:00, Berlin.
    const night = (iso: string) => opening(iso, "22:00", "06:00", [5], "Europe/Berlin");
    expect(night("2030-06-07T19:59:59Z")).toBe("2030-06-07T20:00:00.000Z"); // Friday 21:59:59
    expect(night("2030-06-08T01:00:00Z")).toBe("2030-06-08T01:00:00.000Z"); // Saturday 03:00, still open
    expect(night("2030-06-08T03:59:59Z")).toBe("2030-06-08T03:59:59.000Z"); // Saturday 05:59:59
    expect(night("2030-06-08T04:00:00Z")).toBe("2030-06-14T20:00:00.000Z"); // Saturday 06:00: next Friday
    expect(night("2030-06-06T23:00:00Z")).toBe("2030-06-07T20:00:00.000Z"); // Friday 01:00 is Thursday night: not listed
  });
});

describe("across a change of the clocks", () => {
  it.each([
    // Europe/Berlin springs forward on Sunday 2030-03-31 (02:00 → 03:00) and falls back on 2030-10-27 (03:00 → 02:00).
    [
      "Berlin, spring forward: Sunday's 09:00 is summer time",
      "Europe/Berlin",
      "2030-03-30T11:00:00Z",
      "09:00",
      "10:00",
      "2030-03-31T07:00:00.000Z",
      EVERY_DAY,
    ],
    [
      "Berlin, fall back: Sunday's 09:00 is winter time",
      "Europe/Berlin",
      "2030-10-26T10:00:00Z",
      "09:00",
      "10:00",
      "2030-10-27T08:00:00.000Z",
      EVERY_DAY,
    ],
    [
      "Berlin, a start the clocks skip opens at the gap's end",
      "Europe/Berlin",
      "2030-03-30T23:00:00Z",
      "02:30",
      "03:30",
      "2030-03-31T01:00:00.000Z",
      EVERY_DAY,
    ],
    [
      "Berlin, a window the gap swallows does not open that day",
      "Europe/Berlin",
      "2030-03-30T23:00:00Z",
      "02:00",
      "02:30",
      "2030-04-01T00:00:00.000Z",
      EVERY_DAY,
    ],
    [
      "Berlin, 02:00–03:00 on the night back lasts two hours: 02:30 of winter time is inside",
      "Europe/Berlin",
      "2030-10-27T01:30:00Z",
      "02:00",
      "03:00",
      "2030-10-27T01:30:00.000Z",
      EVERY_DAY,
    ],
    [
      "Berlin, and it opens at summer time's 02:00",
      "Europe/Berlin",
      "2030-10-26T23:00:00Z",
      "02:00",
      "03:00",
      "2030-10-27T00:00:00.000Z",
      EVERY_DAY,
    ],
    // America/New_York springs forward on Sunday 2030-03-10 and falls back on Sunday 2030-11-03.
    [
      "New York, spring forward: Friday evening → Monday 09:00 EDT",
      "America/New_York",
      "2030-03-08T23:00:00Z",
      "09:00",
      "17:00",
      "2030-03-11T13:00:00.000Z",
      WEEKDAYS,
    ],
    [
      "New York, fall back: Friday evening → Monday 09:00 EST",
      "America/New_York",
      "2030-11-01T22:00:00Z",
      "09:00",
      "17:00",
      "2030-11-04T14:00:00.000Z",
      WEEKDAYS,
    ],
    [
      "New York, a start in the gap (02:30) opens at 03:00 EDT",
      "America/New_York",
      "2030-03-10T05:00:00Z",
      "02:30",
      "04:00",
      "2030-03-10T07:00:00.000Z",
      EVERY_DAY,
    ],
    [
      "New York, 01:00–02:00 on the night back closes at 02:00 EST",
      "America/New_York",
      "2030-11-03T06:30:00Z",
      "01:00",
      "02:00",
      "2030-11-03T06:30:00.000Z",
      EVERY_DAY,
    ],
  ])("%s", (_, zone, endsAt, start, end, expected, weekdays) => {
    expect(opening(endsAt, start, end, weekdays, zone)).toBe(expected);
  });

  it("New York's doubled hour: the window closes at the second 02:00, not the first", () => {
    // 01:30 EST (06:30Z) is inside 01:00–02:00; 02:00 EST (07:00Z) is the end.
    expect(opening("2030-11-03T06:59:59Z", "01:00", "02:00", [0], "America/New_York")).toBe("2030-11-03T06:59:59.000Z");
    expect(opening("2030-11-03T07:00:00Z", "01:00", "02:00", [0], "America/New_York")).toBe("2030-11-10T06:00:00.000Z");
  });
});

describe("the window's schema", () => {
  const parse = (window: unknown) => DelayDataSchema.safeParse({ delay_time: 1000, window });
  const issue = (window: unknown) => {
    const result = parse(window);
    return result.success
      ? "accepted"
      : `${result.error.issues[0]!.path.join(".")}: ${result.error.issues[0]!.message}`;
  };

  it("fills every weekday when left out, and keeps the zone unset (the owner's)", () => {
    const result = parse({ start: "09:00", end: "10:00" });
    expect(result.success && result.data.window).toEqual({
      start: "09:00",
      end: "10:00",
      weekdays: [0, 1, 2, 3, 4, 5, 6],
    });
  });

  it.each([
    [{ start: "9:00", end: "10:00" }, "window.start: HH:MM, 00:00 to 23:59"],
    [{ start: "09:00", end: "24:00" }, "window.end: HH:MM, 00:00 to 23:59"],
    [{ start: "09:60", end: "10:00" }, "window.start: HH:MM, 00:00 to 23:59"],
    [{ start: "09:00" }, "window.end: Invalid input: expected string, received undefined"],
    [{ start: "09:00", end: "09:00" }, "window.end: must differ from start"],
    [{ start: "09:00", end: "10:00", weekdays: [] }, "window.weekdays: at least one weekday"],
    [{ start: "09:00", end: "10:00", weekdays: [1, 1] }, "window.weekdays: each weekday at most once"],
    [{ start: "09:00", end: "10:00", weekdays: [7] }, "window.weekdays.0: Too big: expected number to be <=6"],
    [
      { start: "09:00", end: "10:00", weekdays: [1.5] },
      "window.weekdays.0: Invalid input: expected int, received number",
    ],
    [
      { start: "09:00", end: "10:00", timezone: "Mars/Olympus" },
      "window.timezone: unknown time zone: an IANA zone such as Europe/Berlin",
    ],
    [{ start: "09:00", end: "10:00", days: [1] }, 'window: Unrecognized key: "days"'],
  ])("refuses %j", (window, expected) => {
    expect(issue(window)).toBe(expected);
  });

  it("says the window in the step's summary", () => {
    const delay = (window: Record<string, unknown>) =>
      summaryOf({
        id: "d",
        type: "delay",
        name: "Delay",
        data: DelayDataSchema.parse({ delay_time: 3_600_000, window }),
      } as TypedStep);
    expect(delay({ start: "09:00", end: "10:00", weekdays: [5, 1], timezone: "Europe/Berlin" })).toBe(
      "Wait 1 hour, then go on between 09:00 and 10:00 (Mon, Fri, Europe/Berlin)",
    );
    expect(delay({ start: "22:00", end: "06:00" })).toBe("Wait 1 hour, then go on between 22:00 and 06:00");
    // A window stored before windows had weekdays (stored data is not parsed again) opens every day.
    const stored = {
      id: "d",
      type: "delay",
      name: "Delay",
      data: { delay_time: 60_000, window: { start: "09:00", end: "10:00" } },
    };
    expect(summaryOf(stored as TypedStep)).toBe("Wait 1 minute, then go on between 09:00 and 10:00");
  });
});

describe("an execution waits for the window", () => {
  let user: Awaited<ReturnType<typeof newUser>>;
  let ig: string;
  beforeAll(async () => {
    user = await newUser("creator");
    ig = (await connect(user.key, "instagram")).id;
  });

  const setClock = (iso: string) =>
    expectOk(api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: iso } }));

  /** trigger (a DM with `keyword`) → a one-second delay with `window` → "Open". */
  const windowFlow = (keyword: string, window: Record<string, unknown>) =>
    liveFlow(
      user.key,
      ig,
      `Window ${keyword}`,
      [
        trigger("dm_keyword", [keyword]),
        { type: "delay", name: "Wait", data: { delay_time: 1000, window } },
        message("Open", `Open ${keyword}`),
      ],
      [
        ["Trigger", "Wait"],
        ["Wait", "Open"],
      ],
    );

  /** The contact starts the flow; answers when its execution wakes (the runner's own record). */
  async function wakeOf(flowId: string, keyword: string, contactId: string) {
    await dmFrom(user.key, ig, contactId, keyword);
    await executionIn(flowId, "waiting_delay");
    const wakeAt = (await storedExecutions(ig, contactId)).find((e) => e.flowId === flowId)?.wakeAt;
    return new Date(wakeAt!).toISOString();
  }

  const setOwnerZone = async (zone: string | null) =>
    updateUser(await createRuntime(env), user.userId, { timeZone: zone });

  it("in the owner's time zone when the window names none, and goes on at the opening", async () => {
    await setOwnerZone("America/New_York");
    // Monday 2030-06-03 08:00 in New York (EDT): the window opens at 09:00 there, 13:00 UTC.
    await setClock("2030-06-03T12:00:00.000Z");
    const flow = await windowFlow("OWNER", { start: "09:00", end: "10:00", weekdays: WEEKDAYS });
    expect(await wakeOf(flow.id, "owner", "u-owner")).toBe("2030-06-03T13:00:00.000Z");
    await setClock("2030-06-03T12:59:59.000Z");
    expect(await textsTo(user.key, ig, "u-owner")).toEqual([]);
    await setClock("2030-06-03T13:00:00.000Z");
    await executionIn(flow.id, "completed");
    expect(await textsTo(user.key, ig, "u-owner")).toEqual(["Open OWNER"]);
  });

  it("in the window's own zone when it names one, whatever the owner's", async () => {
    await setOwnerZone("America/New_York");
    // 14:00 in Berlin: Monday's window is over, Tuesday's opens at 09:00 Berlin (07:00 UTC).
    await setClock("2030-06-03T12:00:00.000Z");
    const flow = await windowFlow("BERLIN", { start: "09:00", end: "10:00", timezone: "Europe/Berlin" });
    expect(await wakeOf(flow.id, "berlin", "u-berlin")).toBe("2030-06-04T07:00:00.000Z");
  });

  it("at once when the delay ends inside the window", async () => {
    await setOwnerZone("America/New_York");
    await setClock("2030-06-03T13:30:00.000Z"); // 09:30 in New York
    const flow = await windowFlow("INSIDE", { start: "09:00", end: "10:00" });
    // The delay's own end (a second after the start, which the sandbox clock's ticking moves on by the run's few
    // milliseconds), not an opening: the next one would be tomorrow's.
    const wakeAt = Date.parse(await wakeOf(flow.id, "inside", "u-inside"));
    expect(wakeAt).toBeGreaterThanOrEqual(Date.parse("2030-06-03T13:30:01.000Z"));
    expect(wakeAt).toBeLessThan(Date.parse("2030-06-03T14:00:00.000Z"));
  });

  it("in UTC while the owner has no time zone", async () => {
    await setOwnerZone(null);
    await setClock("2030-06-03T12:00:00.000Z");
    const flow = await windowFlow("UTC", { start: "09:00", end: "10:00" });
    expect(await wakeOf(flow.id, "utc", "u-utc")).toBe("2030-06-04T09:00:00.000Z");
  });

  it("a bad window is refused with validation_error naming the field, and nothing is saved", async () => {
    const f = flows(user.key);
    const flow = await f.create({ name: "Bad windows", account_id: ig });
    await expectOk(f.addNode(flow.id, { type: "delay", name: "Wait", data: { delay_time: 1000 } }));
    const before = await flowRow(flow.id);
    const bad: [Record<string, unknown>, string][] = [
      [{ start: "9am", end: "10:00" }, "data.window.start"],
      [{ start: "09:00", end: "09:00" }, "data.window.end"],
      [{ start: "09:00", end: "10:00", weekdays: [] }, "data.window.weekdays"],
      [{ start: "09:00", end: "10:00", weekdays: [2, 2] }, "data.window.weekdays"],
      [{ start: "09:00", end: "10:00", timezone: "Europe/Nowhere" }, "data.window.timezone"],
    ];
    for (const [window, path] of bad) {
      const added = await f.addNode(flow.id, { type: "delay", name: "Wait 2", data: { delay_time: 1000, window } });
      const updated = await f.updateNode(flow.id, "Wait", { data: { window } });
      for (const res of [added, updated]) {
        expect([JSON.stringify(window), res.status, res.body.error.code, res.body.error.issues[0].path]).toEqual([
          JSON.stringify(window),
          400,
          "validation_error",
          path,
        ]);
      }
    }
    expect(await flowRow(flow.id)).toEqual(before);
    // The agent tools check the same schema.
    const mcp = await mcpClient({ key: user.key });
    const window = { start: "09:00", end: "09:00" };
    const error = await refused(mcp, "add_node", {
      flowId: flow.id,
      type: "delay",
      data: { delay_time: 1000, window },
    });
    expect(error).toMatchObject({ code: "validation_error", issues: [{ path: "data.window.end" }] });
    expect(await flowRow(flow.id)).toEqual(before);
  });
});

describe("herald://node-types", () => {
  it("describes the delay's window: its fields, the weekdays' numbering and the zone's default", () => {
    const delay = stepCatalog().find((t) => t.type === "delay")!;
    expect(delay.description).toContain("next opening");
    const window = (delay.data as any).properties.window;
    expect(Object.keys(window.properties)).toEqual(["start", "end", "weekdays", "timezone"]);
    expect(window.required).toEqual(["start", "end"]);
    expect(window.properties.weekdays.description).toContain("0 Sunday");
    expect(window.properties.timezone.description).toContain("the owner's time zone");
    expect(window.properties.end.description).toContain("overnight");
  });
});
