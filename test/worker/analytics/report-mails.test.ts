// Issue 45, scheduled reports mailed: the hourly job sends each recipient one mail per period, the file the report
// route answers, whatever races or redeliveries; a consumer that died mid-send never sends again; a failing mail
// provider is tried again by the next hours, then the owner is told.
import { createMessageBatch, env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { PDFDocument } from "@cantoo/pdf-lib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { publishAt } from "../helpers/analytics";
import { api, connect, newUser } from "../helpers/api";
import { settle } from "../helpers/flow-runs";
import { group } from "../helpers/invites";
import { pdfText } from "../helpers/pdf";
import { resetClock } from "../helpers/posts";
import { eventually } from "../helpers/wait";

let user: { userId: string; key: string };
let groupId: string;
let seq = 0;
beforeEach(async () => {
  const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "agency", name: "Northwind Agency" } });
  user = { userId: res.body.data.user_id, key: res.body.data.api_key };
  groupId = (await group(user.key, "Acme Bakery")).id;
  const x = await connect(user.key, "twitter", { name: "Acme on X", group_id: groupId });
  await publishAt(user.key, "2030-06-10T10:00:00Z", [{ platform: "twitter", account_id: x.id }], "June bread");
  await resetClock(user.key); // Saturday 2030-06-01 08:00 UTC
});
// The job runs every workspace's schedules: each test's go, so later tests' clocks mail only their own.
afterEach(async () => {
  const schedules = (await api("GET", "/api/v1/report-schedules", { key: user.key })).body.data as { id: string }[];
  for (const { id } of schedules) await api("DELETE", `/api/v1/report-schedules/${id}`, { key: user.key });
});

/** An address no other test mails. */
const address = (name: string) => `${name}-${++seq}@client.example`;
const schedule = async (body: Record<string, unknown>) => {
  const res = await api("POST", "/api/v1/report-schedules", { key: user.key, body: { group_id: groupId, ...body } });
  if (res.status !== 201) throw new Error(`schedule: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string };
};
const setClock = (at: string) => api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: at } });
const tick = () => api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["report-mails"] } });
const mailsTo = async (to: string) =>
  (await api("GET", `/api/v1/sandbox/emails?to=${encodeURIComponent(to)}`)).body.data as any[];
const mailed = (to: string, count: number) =>
  eventually(async () => {
    const mails = await mailsTo(to);
    return mails.length >= count ? mails : undefined;
  }, `${count} report mails to ${to}`);
const failures = async () =>
  ((await api("GET", "/api/v1/notifications", { key: user.key })).body.data as any[]).filter(
    (n) => n.kind === "report_mail_failed",
  );
const bytesOf = (attachment: { content_base64: string }) =>
  Uint8Array.from(atob(attachment.content_base64), (c) => c.charCodeAt(0));
const report = (query: string) =>
  exports.default.fetch(
    new Request(`http://herald.test/api/v1/analytics/report?${query}&group_id=${groupId}`, {
      headers: { "x-api-key": user.key },
    }),
  );
/** What the job left of a recipient's mail of a period (the states are not on the API). */
const mailRow = (recipient: string) =>
  env.DB.prepare("SELECT state, tries FROM report_mails WHERE recipient = ?")
    .bind(recipient)
    .first<{ state: string; tries: number }>();
const settledTo = (recipient: string, tries: number) =>
  eventually(async () => {
    const row = await mailRow(recipient);
    return row && row.tries === tries && row.state !== "sending" ? row : undefined;
  }, `${recipient}'s try ${tries}`);

describe("the report-mails job", () => {
  it("mails each recipient once per period, racing runs and redelivered messages included, with the route's CSV", async () => {
    const [ana, bo] = [address("ana"), address("bo")];
    const { id } = await schedule({ every: "month", format: "csv", to: [ana, bo] });
    await tick(); // June has not ended
    await setClock("2030-07-01T00:00:30Z");
    await Promise.all([tick(), tick(), tick()]);
    const [mail] = await mailed(ana, 1);
    await mailed(bo, 1);
    await Promise.all([1, 2].map(() => env.REPORT_MAIL_QUEUE.send({ scheduleId: id, period: "2030-07-01" })));
    await setClock("2030-07-01T01:00:00Z");
    await tick();
    await settle();
    expect((await mailsTo(ana)).length).toBe(1);
    expect((await mailsTo(bo)).length).toBe(1);

    expect(mail.subject).toBe("Northwind Agency: Acme Bakery from 2030-06-01 to 2030-06-30");
    expect(mail.text).toContain("Posts published: 1");
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect([file.filename, file.content_type]).toEqual(["report 2030-06-01 2030-07-01.csv", "text/csv; charset=utf-8"]);
    const route = await report("from=2030-06-01&to=2030-06-30&format=csv");
    expect(new TextDecoder().decode(bytesOf(file))).toBe(await route.text());

    await setClock("2030-08-01T00:10:00Z");
    await tick();
    const [, july] = await mailed(ana, 2);
    expect(july.attachments[0].filename).toBe("report 2030-07-01 2030-08-01.csv");
    expect(await failures()).toEqual([]);
  });

  it("two consumers racing on one period's message claim each mail once: one mail per recipient", async () => {
    const [ivy, jo] = [address("ivy"), address("jo")];
    const { id } = await schedule({ every: "month", format: "csv", to: [ivy, jo] });
    // Both first tries fail, so both mails wait pending with no message in flight.
    await api("POST", "/api/v1/sandbox/faults", { key: user.key, body: { platform: "mail", mode: "error", count: 2 } });
    await setClock("2030-07-01T00:00:30Z");
    await tick();
    await settledTo(ivy, 1);
    await settledTo(jo, 1);
    // The same message delivered to two consumers at once, as the queue may (at least once).
    const delivery = (n: number) =>
      createMessageBatch("herald-report-mails", [
        { id: `race-${n}`, timestamp: new Date(), attempts: 1, body: { scheduleId: id, period: "2030-07-01" } },
      ]);
    await Promise.all([1, 2, 3].map((n) => worker.queue(delivery(n), env)));
    expect((await mailsTo(ivy)).length).toBe(1);
    expect((await mailsTo(jo)).length).toBe(1);
    expect(await mailRow(ivy)).toEqual({ state: "sent", tries: 2 });
  });

  it("mails the week's PDF on Monday: the pages the report route draws", async () => {
    const cy = address("cy");
    await schedule({ every: "week", format: "pdf", to: [cy] });
    await setClock("2030-06-10T00:05:00Z");
    await tick();
    const [mail] = await mailed(cy, 1);
    const [file] = mail.attachments;
    expect([file.filename, file.content_type]).toEqual(["report 2030-06-03 2030-06-10.pdf", "application/pdf"]);
    const sent = await PDFDocument.load(bytesOf(file));
    const route = await PDFDocument.load(
      new Uint8Array(await (await report("from=2030-06-03&to=2030-06-09&format=pdf")).arrayBuffer()),
    );
    expect(sent.getTitle()).toBe("Northwind Agency analytics report, 2030-06-03 to 2030-06-09");
    expect(pdfText(sent)).toBe(pdfText(route));
    expect(pdfText(sent)).toContain("Client group: Acme Bakery");
  });

  it("a mail a consumer claimed and died sending is never sent again: the sweep fails it and tells the owner once", async () => {
    const [dee, eve] = [address("dee"), address("eve")];
    const { id } = await schedule({ every: "month", format: "csv", to: [dee, eve] });
    await setClock("2030-07-01T00:00:30Z");
    // A consumer claimed Dee's mail (pending → sending) and died before the provider answered.
    await env.DB.prepare(
      `INSERT INTO report_mails (id, schedule_id, user_id, period, from_at, to_at, recipient, state, tries, claimed_at, created_at)
       VALUES ('rml_crashed', ?, ?, '2030-07-01', ?, ?, ?, 'sending', 1, ?, ?)`,
    )
      .bind(
        id,
        user.userId,
        Date.parse("2030-06-01"),
        Date.parse("2030-07-01"),
        dee,
        Date.parse("2030-07-01T00:00:10Z"),
        Date.parse("2030-07-01T00:00:10Z"),
      )
      .run();
    await tick();
    await mailed(eve, 1);
    await env.REPORT_MAIL_QUEUE.send({ scheduleId: id, period: "2030-07-01" });
    await settle();
    expect(await mailsTo(dee)).toEqual([]);
    expect(await mailRow(dee)).toEqual({ state: "sending", tries: 1 });

    await setClock("2030-07-01T01:00:00Z");
    await Promise.all([tick(), tick()]);
    await setClock("2030-07-01T02:00:00Z");
    await tick();
    expect(await mailRow(dee)).toEqual({ state: "failed", tries: 1 });
    const told = await failures();
    expect(told).toHaveLength(1);
    expect(told[0].message).toContain(dee);
    expect(told[0].data).toMatchObject({ schedule_id: id, period: "2030-07-01", error: { code: "internal_error" } });
    expect(await mailsTo(dee)).toEqual([]);
    expect((await mailsTo(eve)).length).toBe(1);
  });

  it("a mail the provider failed is tried again by the next hours' runs, and sent once", async () => {
    const fay = address("fay");
    await schedule({ every: "month", format: "csv", to: [fay] });
    await api("POST", "/api/v1/sandbox/faults", { key: user.key, body: { platform: "mail", mode: "error", count: 2 } });
    await setClock("2030-07-01T00:00:30Z");
    await tick();
    expect(await settledTo(fay, 1)).toEqual({ state: "pending", tries: 1 });
    await setClock("2030-07-01T01:00:00Z");
    await tick();
    expect(await settledTo(fay, 2)).toEqual({ state: "pending", tries: 2 });
    await setClock("2030-07-01T02:00:00Z");
    await tick();
    await mailed(fay, 1);
    await setClock("2030-07-01T03:00:00Z");
    await tick();
    await settle();
    expect((await mailsTo(fay)).length).toBe(1);
    expect(await mailRow(fay)).toEqual({ state: "sent", tries: 3 });
    expect(await failures()).toEqual([]);
  });

  it("after 3 failed tries the mail fails and the owner gets one report_mail_failed notification", async () => {
    const gus = address("gus");
    const { id } = await schedule({ every: "month", format: "csv", to: [gus] });
    await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "mail", mode: "reject", count: 3 },
    });
    for (const [hour, tries] of [
      ["00:00:30", 1],
      ["01:00:00", 2],
      ["02:00:00", 3],
    ] as const) {
      await setClock(`2030-07-01T${hour}Z`);
      await tick();
      await settledTo(gus, tries);
    }
    expect(await mailRow(gus)).toEqual({ state: "failed", tries: 3 });
    await setClock("2030-07-01T03:00:00Z");
    await Promise.all([tick(), tick()]);
    await settle();
    const told = await failures();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      message: expect.stringContaining(gus),
      data: { schedule_id: id, period: "2030-07-01", error: { code: "mail_failed" } },
    });
    expect(await mailsTo(gus)).toEqual([]);
  });

  it("a deleted schedule mails nothing", async () => {
    const hal = address("hal");
    const { id } = await schedule({ every: "week", format: "csv", to: [hal] });
    await api("DELETE", `/api/v1/report-schedules/${id}`, { key: user.key });
    await setClock("2030-06-03T00:30:00Z");
    await tick();
    await settle();
    expect(await mailsTo(hal)).toEqual([]);
  });

  it("claims every due schedule in one run, more than one read's hundred", async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, () => newUser("agency")));
    for (const owner of owners) {
      const theirs = await group(owner.key, "Weekly client");
      const body = { group_id: theirs.id, every: "week", format: "csv", to: [address("many")] };
      for (let i = 0; i < 20; i++) await api("POST", "/api/v1/report-schedules", { key: owner.key, body });
    }
    await setClock("2030-06-03T00:00:30Z");
    const run = await tick();
    expect(run.body.data.results["report-mails"]).toMatchObject({ claimed: 120 });
    for (const owner of owners) {
      const left = (await api("GET", "/api/v1/report-schedules", { key: owner.key })).body.data as any[];
      expect(new Set(left.map((s) => s.next_report_at))).toEqual(new Set(["2030-06-10T00:00:00.000Z"]));
      for (const { id } of left) await api("DELETE", `/api/v1/report-schedules/${id}`, { key: owner.key });
    }
  }, 120_000);
});
