// Issue 45, scheduled reports over HTTP: created, listed and deleted; every refusal changes nothing; the limit holds
// under racing creations.
import { beforeEach, describe, expect, it } from "vitest";
import { api, newUser } from "../helpers/api";
import { signedInUser, submit } from "../helpers/dashboard";
import { group } from "../helpers/invites";
import { resetClock } from "../helpers/posts";

let user: { key: string };
let groupId: string;
beforeEach(async () => {
  user = await newUser("agency");
  await resetClock(user.key); // Saturday 2030-06-01 08:00 UTC
  groupId = (await group(user.key, "Acme Bakery")).id;
});

const create = (key: string, body: Record<string, unknown>) => api("POST", "/api/v1/report-schedules", { key, body });
const list = async (key: string) => (await api("GET", "/api/v1/report-schedules", { key })).body.data as any[];
const remove = (key: string, id: string) => api("DELETE", `/api/v1/report-schedules/${id}`, { key });

describe("POST/GET/DELETE /api/v1/report-schedules", () => {
  it("creates a schedule due when the next period begins in the owner's zone, lists it, and deletes it", async () => {
    const weekly = await create(user.key, {
      group_id: groupId,
      every: "week",
      format: "pdf",
      to: ["Client@Example.com", "client@example.com", "boss@example.com"],
    });
    expect(weekly.status).toBe(201);
    expect(weekly.body.data).toEqual({
      id: expect.stringMatching(/^rsc_/),
      group_id: groupId,
      every: "week",
      format: "pdf",
      to: ["client@example.com", "boss@example.com"],
      next_report_at: "2030-06-03T00:00:00.000Z",
      timezone: "UTC",
      created_at: expect.stringMatching(/^2030-06-01T08:00/),
    });
    const monthly = await create(user.key, { group_id: groupId, every: "month", format: "csv", to: ["a@example.com"] });
    expect(monthly.body.data.next_report_at).toBe("2030-07-01T00:00:00.000Z");
    expect((await list(user.key)).map((s) => s.id)).toEqual([weekly.body.data.id, monthly.body.data.id]);

    const deleted = await remove(user.key, weekly.body.data.id);
    expect([deleted.status, deleted.body.data]).toEqual([200, { id: weekly.body.data.id, deleted: true }]);
    expect((await list(user.key)).map((s) => s.id)).toEqual([monthly.body.data.id]);
    const again = await remove(user.key, weekly.body.data.id);
    expect([again.status, again.body.error.code]).toEqual([404, "not_found"]);
  });

  it("counts the periods in the owner's zone, and sends once the UTC days the report covers ended", async () => {
    const owner = await signedInUser("agency");
    const theirs = await group(owner.key, "Zoned client");
    const schedule = async (every: string) =>
      (await create(owner.key, { group_id: theirs.id, every, format: "csv", to: ["a@example.com"] })).body.data;
    // West of UTC: 00:00 on the 1st in New York, when the UTC month has long ended.
    await submit(owner.browser, "/settings", "/settings/time-zone", { time_zone: "America/New_York" });
    const west = await schedule("month");
    expect([west.next_report_at, west.timezone]).toEqual(["2030-07-01T04:00:00.000Z", "America/New_York"]);
    expect((await schedule("week")).next_report_at).toBe("2030-06-03T04:00:00.000Z");
    // East of UTC: Berlin's 1st begins at 22:00 UTC, before the UTC month ends; the report waits for 00:00 UTC.
    await submit(owner.browser, "/settings", "/settings/time-zone", { time_zone: "Europe/Berlin" });
    expect((await schedule("month")).next_report_at).toBe("2030-07-01T00:00:00.000Z");
  });

  it("refuses bad input with the field named, creating nothing", async () => {
    const good = { group_id: groupId, every: "month", format: "csv", to: ["a@example.com"] };
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...good, every: 7 }, "every"], // wrong type
      [{ ...good, every: "day" }, "every"],
      [{ ...good, format: "xlsx" }, "format"],
      [{ ...good, to: "a@example.com" }, "to"], // one address, not a list
      [{ ...good, to: ["not an address"] }, "to.0"],
      [{ ...good, to: [`${"a".repeat(250)}@example.com`] }, "to.0"], // too long
      [{ ...good, to: [] }, "to"], // out of range
      [{ ...good, to: Array.from({ length: 11 }, (_, i) => `p${i}@example.com`) }, "to"],
      [{ ...good, group_id: "g".repeat(101) }, "group_id"],
      [{ every: "month", format: "csv", to: ["a@example.com"] }, "group_id"], // missing
      [{ ...good, hour: 9 }, ""], // unknown field
    ];
    for (const [body, field] of refusals) {
      const res = await create(user.key, body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, "validation_error"]);
      if (field) expect(JSON.stringify(res.body.error), field).toContain(field);
    }
    const notJson = await api("POST", "/api/v1/report-schedules", { key: user.key, rawBody: "{" });
    expect(notJson.status).toBe(400);
    expect(await list(user.key)).toEqual([]);
  });

  it("keeps workspaces apart: another's group and another's schedule are 404, and untouched", async () => {
    const other = await newUser("agency");
    const theirGroup = await group(other.key, "Not yours");
    const refused = await create(user.key, { group_id: theirGroup.id, every: "week", format: "csv", to: ["a@x.com"] });
    expect([refused.status, refused.body.error.code]).toEqual([404, "not_found"]);
    const theirs = await create(other.key, { group_id: theirGroup.id, every: "week", format: "csv", to: ["a@x.com"] });
    expect((await remove(user.key, theirs.body.data.id)).status).toBe(404);
    expect(await list(user.key)).toEqual([]);
    expect((await list(other.key)).map((s) => s.id)).toEqual([theirs.body.data.id]);
  });

  it("holds 20 schedules per workspace under racing creations: 400 report_schedule_limit with the limit", async () => {
    const owner = await newUser("agency");
    const theirs = await group(owner.key, "Busy client");
    const body = { group_id: theirs.id, every: "week", format: "csv", to: ["a@example.com"] };
    const answers = await Promise.all(Array.from({ length: 25 }, () => create(owner.key, body)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect([r.status, r.body.error.code, r.body.error.limit]).toEqual([400, "report_schedule_limit", 20]);
    }
    expect(await list(owner.key)).toHaveLength(20);
    await remove(owner.key, (await list(owner.key))[0].id);
    expect((await create(owner.key, body)).status).toBe(201);
  });
});
