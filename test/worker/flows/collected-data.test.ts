import { beforeAll, describe, expect, it } from "vitest";
import { looksLikeContact } from "../../../src/services/flows/collected-data";
import { api, connect, newUser } from "../helpers/api";
import { insertItems } from "../helpers/collected";
import { expectOk, flows } from "../helpers/flows";
import { setConfig } from "../helpers/webhooks";

const T0 = Date.parse("2026-11-01T00:00:00Z");
const MINUTE = 60_000;

async function adminUser() {
  const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator", admin: true } });
  expect(res.status).toBe(201);
  expect(res.body.data.admin).toBe(true);
  return { userId: res.body.data.user_id as string, key: res.body.data.api_key as string };
}

async function flowFor(key: string, name: string) {
  const account = await connect(key, "instagram");
  return (await flows(key).create({ name, account_id: account.id })) as { id: string; name: string };
}

const exportPage = (key: string, query: string) => api("GET", `/api/v1/collected-data${query}`, { key });

type Item = { id: string; collectedAt: string; flowId: string; fieldType: string; value: string };

/** Every page of an export, following `nextCursor`. */
async function exportAll(key: string, query: string) {
  const pages: { items: Item[]; total: number; nextCursor: string | null }[] = [];
  let cursor: string | null = null;
  do {
    const sep = query ? "&" : "?";
    const page: { items: Item[]; total: number; nextCursor: string | null } = await expectOk(
      exportPage(key, `${query}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ""}`),
    );
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

/** Newest first by (collectedAt, id). */
const isNewestFirst = (items: Item[]) =>
  items.every((item, i) => {
    const before = items[i - 1];
    if (!before) return true;
    return before.collectedAt > item.collectedAt || (before.collectedAt === item.collectedAt && before.id > item.id);
  });

describe("export_collected_data over REST", () => {
  let admin: { userId: string; key: string };
  let flowA: { id: string; name: string };
  let flowB: { id: string; name: string };
  const seeded: string[] = [];

  beforeAll(async () => {
    admin = await adminUser();
    flowA = await flowFor(admin.key, "Lead magnet");
    flowB = await flowFor(admin.key, "Giveaway");
    // 1,200 items: 1,000 on flow A (emails, valid and not), 200 on flow B (phones). Two items share each minute,
    // so ties on the time are ordered by id.
    const items = Array.from({ length: 1200 }, (_, i) => ({
      userId: admin.userId,
      flowId: i < 1000 ? flowA.id : flowB.id,
      flowName: i < 1000 ? flowA.name : flowB.name,
      fieldType: i < 1000 ? ("email" as const) : ("phone" as const),
      fieldLabel: i < 1000 ? "Email" : "Phone",
      value: i < 1000 ? `person${i}@example.com` : `+1 415 555 ${String(i).padStart(4, "0")}`,
      valid: i % 7 !== 0,
      collectedAt: T0 + Math.floor(i / 2) * MINUTE,
    }));
    seeded.push(...(await insertItems(items)));
    // Another user's items never show.
    const other = await newUser();
    const theirs = await flowFor(other.key, "Theirs");
    await insertItems([{ userId: other.userId, flowId: theirs.id, collectedAt: T0 + 5 * MINUTE }]);
  });

  it("1,200 items page out newest first, each exactly once, with the total on every page", async () => {
    const pages = await exportAll(admin.key, "?limit=500");
    expect(pages.map((p) => p.items.length)).toEqual([500, 500, 200]);
    expect(pages.map((p) => p.total)).toEqual([1200, 1200, 1200]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const all = pages.flatMap((p) => p.items);
    expect(new Set(all.map((i) => i.id)).size).toBe(1200);
    expect(new Set(all.map((i) => i.id))).toEqual(new Set(seeded));
    expect(isNewestFirst(all)).toBe(true);
    expect(all[0]).toEqual({
      id: seeded[1199],
      flowId: flowB.id,
      flowName: "Giveaway",
      fieldType: "phone",
      fieldLabel: "Phone",
      value: "+1 415 555 1199",
      valid: true,
      collectedAt: new Date(T0 + 599 * MINUTE).toISOString(),
    });
  });

  it("without a limit a page holds 100", async () => {
    const page = await expectOk(exportPage(admin.key, ""));
    expect(page.items).toHaveLength(100);
    expect(page.total).toBe(1200);
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it("since, fieldType and flowId narrow the items and the total", async () => {
    // Minute 550 onwards: items 1100..1199, all on flow B.
    const since = new Date(T0 + 550 * MINUTE).toISOString();
    const recent = await exportAll(admin.key, `?since=${encodeURIComponent(since)}&limit=30`);
    const recentItems = recent.flatMap((p) => p.items);
    expect(recentItems.map((i) => i.id).sort()).toEqual(seeded.slice(1100).sort());
    expect(recent[0]!.total).toBe(100);

    // A date counts from its UTC midnight: everything from 2026-11-01.
    expect((await expectOk(exportPage(admin.key, "?since=2026-11-01&limit=1"))).total).toBe(1200);
    expect((await expectOk(exportPage(admin.key, "?since=2026-11-02&limit=1"))).total).toBe(0);

    const phones = await exportAll(admin.key, "?field_type=phone&limit=500");
    expect(
      phones
        .flatMap((p) => p.items)
        .map((i) => i.id)
        .sort(),
    ).toEqual(seeded.slice(1000).sort());

    const onA = await exportAll(admin.key, `?flow_id=${flowA.id}&limit=500`);
    const aItems = onA.flatMap((p) => p.items);
    expect(aItems).toHaveLength(1000);
    expect(aItems.every((i) => i.flowId === flowA.id && i.fieldType === "email")).toBe(true);
    expect(isNewestFirst(aItems)).toBe(true);

    const both = await expectOk(exportPage(admin.key, `?flow_id=${flowA.id}&field_type=phone`));
    expect(both).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it("limit is 1 to 500: 0, 501 and a word are 400 validation_error; so are a bad since and cursor", async () => {
    for (const query of ["?limit=0", "?limit=501", "?limit=many", "?limit=2.5", "?since=yesterday", "?cursor=nope"]) {
      const res = await exportPage(admin.key, query);
      expect([query, res.status, res.body.error.code]).toEqual([query, 400, "validation_error"]);
    }
    expect((await expectOk(exportPage(admin.key, "?limit=1"))).items).toHaveLength(1);
    expect((await expectOk(exportPage(admin.key, "?limit=500"))).items).toHaveLength(500);
  });

  it("the cursor is stable when items arrive between pages: none is seen twice or skipped", async () => {
    const user = await adminUser();
    const flow = await flowFor(user.key, "Busy");
    const first = await insertItems(
      Array.from({ length: 30 }, (_, i) => ({ userId: user.userId, flowId: flow.id, collectedAt: T0 + i * MINUTE })),
    );
    const page1 = await expectOk(exportPage(user.key, "?limit=10"));
    expect(page1.items.map((i: Item) => i.id)).toEqual(first.slice(20).reverse());

    // Newer answers arrive while the client pages.
    const later = await insertItems(
      Array.from({ length: 5 }, (_, i) => ({
        userId: user.userId,
        flowId: flow.id,
        collectedAt: T0 + (40 + i) * MINUTE,
      })),
    );
    const page2 = await expectOk(exportPage(user.key, `?limit=10&cursor=${encodeURIComponent(page1.nextCursor)}`));
    const page3 = await expectOk(exportPage(user.key, `?limit=10&cursor=${encodeURIComponent(page2.nextCursor)}`));
    expect(page2.items.map((i: Item) => i.id)).toEqual(first.slice(10, 20).reverse());
    expect(page3.items.map((i: Item) => i.id)).toEqual(first.slice(0, 10).reverse());
    expect(page3.nextCursor).toBeNull();
    expect(page3.total).toBe(35);
    // A new export from the top sees the newer ones first.
    const fresh = await expectOk(exportPage(user.key, "?limit=5"));
    expect(fresh.items.map((i: Item) => i.id)).toEqual(later.reverse());
  });
});

describe("who may export: admins first, then everyone", () => {
  it("a user who is not an admin is refused with 403 not_enabled; an admin is answered", async () => {
    const user = await newUser();
    const refused = await exportPage(user.key, "");
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: "not_enabled",
      message: "Exporting collected data is being rolled out to admin accounts first and is not enabled for you yet",
      request_id: refused.headers.get("x-request-id"),
    });
    const admin = await adminUser();
    expect((await exportPage(admin.key, "")).status).toBe(200);
  });

  it("the sandbox makes an existing sandbox user an admin, and asking again without `admin` keeps it", async () => {
    const email = `rollout-${crypto.randomUUID()}@example.com`;
    const made = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator", email } });
    expect(made.body.data.admin).toBe(false);
    expect((await exportPage(made.body.data.api_key, "")).status).toBe(403);
    const promoted = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator", email, admin: true } });
    expect(promoted.body.data.admin).toBe(true);
    expect((await exportPage(promoted.body.data.api_key, "")).status).toBe(200);
    const again = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator", email } });
    expect(again.body.data.admin).toBe(true);
  });

  it("with the tunable export_collected_data_rollout at `all`, every user is answered", async () => {
    const user = await newUser();
    expect(
      (await api("GET", "/api/v1/sandbox/config", { key: user.key })).body.data.export_collected_data_rollout,
    ).toBe("admins");
    try {
      expect((await setConfig(user.key, { export_collected_data_rollout: "all" })).status).toBe(200);
      expect((await exportPage(user.key, "")).status).toBe(200);
      expect((await setConfig(user.key, { export_collected_data_rollout: "some" })).status).toBe(400);
    } finally {
      await setConfig(user.key, { export_collected_data_rollout: "admins" });
    }
    expect((await exportPage(user.key, "")).status).toBe(403);
  });

  it("both routes need flows:read, and the export documents its 403", async () => {
    const doc = await api("GET", "/api/v1/openapi.json");
    const op = doc.body.paths["/api/v1/collected-data"].get;
    expect(op.security).toEqual([{ ApiKey: [] }, { OAuth2: ["flows:read"] }]);
    expect(Object.keys(op.responses)).toContain("403");
    const summary = doc.body.paths["/api/v1/flows/{id}/collected-data/summary"].get;
    expect(summary.security).toEqual([{ ApiKey: [] }, { OAuth2: ["flows:read"] }]);
  });
});

describe("get_collected_data over REST: the summary", () => {
  it("counts per field (label and type, total and valid) and previews the latest items", async () => {
    const user = await newUser();
    const flow = await flowFor(user.key, "Survey");
    const base = { userId: user.userId, flowId: flow.id, flowName: flow.name };
    await insertItems([
      { ...base, fieldType: "email", fieldLabel: "Email", value: "jane@example.com", collectedAt: T0 + 1 * MINUTE },
      {
        ...base,
        fieldType: "email",
        fieldLabel: "Email",
        value: "not an email",
        valid: false,
        collectedAt: T0 + 2 * MINUTE,
      },
      { ...base, fieldType: "phone", fieldLabel: "Phone", value: "+44 7700 900123", collectedAt: T0 + 3 * MINUTE },
      { ...base, fieldType: "text", fieldLabel: "Colour", value: "Blue, like the sea", collectedAt: T0 + 4 * MINUTE },
      {
        ...base,
        fieldType: "text",
        fieldLabel: "Colour",
        value: "write me at bob@example.org",
        collectedAt: T0 + 5 * MINUTE,
      },
      {
        ...base,
        fieldType: "text",
        fieldLabel: "Colour",
        value: "call (415) 555-0100 after 6",
        collectedAt: T0 + 6 * MINUTE,
      },
      { ...base, fieldType: "date", fieldLabel: "Birthday", value: "1990-04-12", collectedAt: T0 + 7 * MINUTE },
      { ...base, fieldType: "number", fieldLabel: "Age", value: "34", collectedAt: T0 + 8 * MINUTE },
    ]);
    const summary = await expectOk(api("GET", `/api/v1/flows/${flow.id}/collected-data/summary`, { key: user.key }));
    expect(summary).toMatchObject({ flowId: flow.id, flowName: "Survey", total: 8, valid: 7 });
    expect(summary.fields).toEqual([
      { fieldLabel: "Colour", fieldType: "text", total: 3, valid: 3 },
      { fieldLabel: "Email", fieldType: "email", total: 2, valid: 1 },
      { fieldLabel: "Age", fieldType: "number", total: 1, valid: 1 },
      { fieldLabel: "Birthday", fieldType: "date", total: 1, valid: 1 },
      { fieldLabel: "Phone", fieldType: "phone", total: 1, valid: 1 },
    ]);
    const previews = Object.fromEntries(
      summary.recent.map((r: { collectedAt: string; preview?: string }) => [r.collectedAt, r.preview ?? null]),
    );
    const at = (minute: number) => new Date(T0 + minute * MINUTE).toISOString();
    expect(previews).toEqual({
      [at(1)]: null, // an email
      [at(2)]: null, // an email field, whatever was typed
      [at(3)]: null, // a phone number
      [at(4)]: "Blue, like the sea",
      [at(5)]: null, // text holding an email
      [at(6)]: null, // text holding a phone number
      [at(7)]: "1990-04-12",
      [at(8)]: "34",
    });
    expect(summary.recent.map((r: { collectedAt: string }) => r.collectedAt)).toEqual([8, 7, 6, 5, 4, 3, 2, 1].map(at));
    // The summary never carries whole answers.
    expect(JSON.stringify(summary)).not.toContain("jane@example.com");
    expect(JSON.stringify(summary)).not.toContain("7700");
  });

  it("another user's flow, a deleted one, or none is 404", async () => {
    const owner = await newUser();
    const flow = await flowFor(owner.key, "Private");
    await insertItems([{ userId: owner.userId, flowId: flow.id, value: "secret", collectedAt: T0 }]);
    const stranger = await newUser();
    const res = await api("GET", `/api/v1/flows/${flow.id}/collected-data/summary`, { key: stranger.key });
    expect([res.status, res.body.error.code]).toEqual([404, "not_found"]);
    const none = await api("GET", "/api/v1/flows/flow_nope/collected-data/summary", { key: owner.key });
    expect(none.status).toBe(404);
    expect((await api("DELETE", `/api/v1/flows/${flow.id}`, { key: owner.key })).status).toBe(200);
    const deleted = await api("GET", `/api/v1/flows/${flow.id}/collected-data/summary`, { key: owner.key });
    expect(deleted.status).toBe(404);
  });

  it("a long answer's preview is its first 40 characters", async () => {
    const user = await newUser();
    const flow = await flowFor(user.key, "Long");
    await insertItems([{ userId: user.userId, flowId: flow.id, value: "a".repeat(100), collectedAt: T0 }]);
    const summary = await expectOk(api("GET", `/api/v1/flows/${flow.id}/collected-data/summary`, { key: user.key }));
    expect(summary.recent[0].preview).toBe(`${"a".repeat(39)}…`);
  });
});

describe("what looks like an email or a phone number", () => {
  it.each([
    ["jane@example.com", true],
    ["Jane.Doe+news@mail.example.co.uk", true],
    ["reach me: jane@example.com thanks", true],
    ["+1 415 555 0100", true],
    ["(415) 555-0100", true],
    ["07700.900123", true],
    ["+447700900123", true],
    ["Blue", false],
    ["34", false],
    ["2026-11-25", false],
    ["https://example.com/a@b", false],
    ["12 Main Street, flat 4", false],
    ["a@b", false],
  ])("%s → %s", (value, expected) => {
    expect(looksLikeContact(value)).toBe(expected);
  });
});
