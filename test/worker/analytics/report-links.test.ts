// Issue 45: a client group's report shared read-only by link, like a review link: unguessable, expiring, revocable.
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { publishAt } from "../helpers/analytics";
import { api, connect } from "../helpers/api";
import { Browser } from "../helpers/browser";
import { resetClock } from "../helpers/posts";

let user: { userId: string; key: string };
let groupId: string;

beforeEach(async () => {
  const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "agency", name: "Northwind Agency" } });
  user = { userId: res.body.data.user_id, key: res.body.data.api_key };
  await resetClock(user.key);
  groupId = (await api("POST", "/api/v1/account-groups", { key: user.key, body: { name: "Acme Bakery" } })).body.data
    .id;
});

const share = (body: Record<string, unknown>, key = user.key) => api("POST", "/api/v1/report-links", { key, body });
const linkCount = async () =>
  Number(await env.DB.prepare("SELECT COUNT(*) AS n FROM report_links WHERE user_id = ?").bind(user.userId).first("n"));
/** The page as a client's browser opens it: no session, no key. */
const open = (url: string) => new Browser().page(new URL(url).pathname);

describe("report links", () => {
  it("open the group's report of the link's days to anyone holding the URL, with nothing else of the workspace", async () => {
    const x = await connect(user.key, "twitter", { name: "Acme on X", group_id: groupId });
    await connect(user.key, "bluesky", { name: "Elsewhere" });
    await publishAt(
      user.key,
      "2030-06-10T10:00:00Z",
      [{ platform: "twitter", account_id: x.id }],
      "Fresh <b>bread</b>",
    );
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 3_600_000 } });
    const created = await share({ group_id: groupId, days: 7 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ group_id: groupId, days: 7, state: "active", revoked_at: null });
    expect(created.body.data.url).toMatch(/^http:\/\/localhost:8787\/reports\/[A-Za-z0-9_-]{43}$/);
    const page = await open(created.body.data.url);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Acme Bakery: report</h1>");
    expect(page.text).toContain("by Northwind Agency");
    expect(page.text).toContain("X · Acme on X");
    expect(page.text).toContain("Fresh &#60;b&#62;bread&#60;/b&#62;");
    expect(page.text).toContain('<th scope="row">Posts published</th><td>1</td><td>+1</td>');
    expect(page.text).not.toContain("Elsewhere");
    // The URL is shown once: the list never has it, and only its hash is stored.
    const listed = await api("GET", "/api/v1/report-links", { key: user.key });
    expect(listed.body.data).toEqual([{ ...created.body.data, url: undefined }].map(({ url: _, ...l }) => l));
    const token = new URL(created.body.data.url).pathname.split("/").at(-1)!;
    const stored = await env.DB.prepare("SELECT token_hash FROM report_links").all<{ token_hash: string }>();
    expect(stored.results.map((r) => r.token_hash)).not.toContain(token);
  });

  it("answers 410 once expired or revoked (revoking twice the same), 404 for a token Herald never made", async () => {
    const short = await share({ group_id: groupId, expires_in_days: 1 });
    const revoked = await share({ group_id: groupId });
    expect((await open(short.body.data.url)).status).toBe(200);
    const off = await api("DELETE", `/api/v1/report-links/${revoked.body.data.id}`, { key: user.key });
    expect([off.status, off.body.data.state]).toEqual([200, "revoked"]);
    const again = await api("DELETE", `/api/v1/report-links/${revoked.body.data.id}`, { key: user.key });
    expect(again.body.data.revoked_at).toBe(off.body.data.revoked_at);
    const gone = await open(revoked.body.data.url);
    expect([gone.status, gone.text.includes("This link was turned off")]).toEqual([410, true]);
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 86_400_000 + 1000 } });
    const expired = await open(short.body.data.url);
    expect([expired.status, expired.text.includes("This link has expired")]).toEqual([410, true]);
    expect((await open("http://localhost:8787/reports/never-made")).status).toBe(404);
  });

  it("refuses bad input and another workspace's group or link, writing nothing", async () => {
    const other = await api("POST", "/api/v1/sandbox/users", { body: { plan: "agency" } });
    const otherKey = other.body.data.api_key as string;
    for (const [body, path] of [
      [{}, "group_id"],
      [{ group_id: 7 }, "group_id"],
      [{ group_id: "x".repeat(101) }, "group_id"],
      [{ group_id: groupId, days: 14 }, "days"],
      [{ group_id: groupId, expires_in_days: 0 }, "expires_in_days"],
      [{ group_id: groupId, expires_in_days: 91 }, "expires_in_days"],
      [{ group_id: groupId, expires_in_days: 2.5 }, "expires_in_days"],
      [{ group_id: groupId, public: true }, "body"],
    ] as const) {
      const res = await share(body as Record<string, unknown>);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, "validation_error"]);
      expect(JSON.stringify(res.body.error.issues)).toContain(path === "body" ? "public" : path);
    }
    const theirs = await share({ group_id: groupId }, otherKey);
    expect([theirs.status, theirs.body.error.code]).toEqual([404, "not_found"]);
    expect(await linkCount()).toBe(0);
    const mine = await share({ group_id: groupId });
    const revokeTheirs = await api("DELETE", `/api/v1/report-links/${mine.body.data.id}`, { key: otherKey });
    expect([revokeTheirs.status, revokeTheirs.body.error.code]).toEqual([404, "not_found"]);
    expect((await open(mine.body.data.url)).status).toBe(200);
    expect((await api("GET", "/api/v1/report-links", { key: otherKey })).body.data).toEqual([]);
  });

  it("stop with their group: a deleted group's links are gone and their pages 404", async () => {
    const link = await share({ group_id: groupId });
    expect((await api("DELETE", `/api/v1/account-groups/${groupId}`, { key: user.key })).status).toBe(200);
    expect((await open(link.body.data.url)).status).toBe(404);
  });
});
