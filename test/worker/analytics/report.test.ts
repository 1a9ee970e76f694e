import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { PDFDocument } from "@cantoo/pdf-lib";
import { beforeEach, describe, expect, it } from "vitest";
import { publishAt } from "../helpers/analytics";
import { api, connect, newUser } from "../helpers/api";
import { pdfText } from "../helpers/pdf";
import { publishedCalls, resetClock } from "../helpers/posts";

let user: { userId: string; key: string };
let groupId: string;
let x: { id: string };
let sky: { id: string };

beforeEach(async () => {
  const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "agency", name: "Northwind Agency" } });
  user = { userId: res.body.data.user_id, key: res.body.data.api_key };
  await resetClock(user.key);
  const group = await api("POST", "/api/v1/account-groups", { key: user.key, body: { name: "Acme Bakery" } });
  groupId = group.body.data.id;
  x = await connect(user.key, "twitter", { name: "Acme on X", group_id: groupId });
  sky = await connect(user.key, "bluesky", { name: "acme.bsky", group_id: groupId });
});

async function plantReading(postId: string, accountId: string, likes: number, views = 0) {
  const target = await env.DB.prepare("SELECT id FROM post_targets WHERE post_id = ? AND account_id = ?")
    .bind(postId, accountId)
    .first<{ id: string }>();
  await env.DB.prepare(
    "INSERT INTO metric_samples (target_id, post_id, user_id, account_id, likes, comments, reposts, views, source, read_at) VALUES (?, ?, ?, ?, ?, 1, 0, ?, 'daily', 0)",
  )
    .bind(target!.id, postId, user.userId, accountId, likes, views)
    .run();
}

/** May 2030 (the period) and April (the one before), with followers, a formula-looking post and a clicked link. */
async function plantPeriod() {
  const before = await publishAt(
    user.key,
    "2030-04-20T10:00:00Z",
    [{ platform: "twitter", account_id: x.id }],
    "April",
  );
  await plantReading(before.id, x.id, 9); // engagement 10
  const best = await publishAt(
    user.key,
    "2030-05-03T10:00:00Z",
    [
      { platform: "twitter", account_id: x.id },
      { platform: "bluesky", account_id: sky.id },
    ],
    "Fresh bread https://acme.example/bread",
  );
  await plantReading(best.id, x.id, 29, 500); // 30
  await plantReading(best.id, sky.id, 9, 100); // 10
  const formula = await publishAt(
    user.key,
    "2030-05-10T10:00:00Z",
    [{ platform: "twitter", account_id: x.id }],
    '=HYPERLINK("https://evil.example","click")',
  );
  await plantReading(formula.id, x.id, 4); // 5
  await resetClock(user.key);
  for (const [day, n] of [
    ["2030-05-01", 1000],
    ["2030-05-31", 1100],
  ] as const) {
    await env.DB.prepare(
      "INSERT INTO follower_snapshots (account_id, day, user_id, followers, read_at) VALUES (?, ?, ?, ?, 0)",
    )
      .bind(x.id, day, user.userId, n)
      .run();
  }
  const calls = await publishedCalls(user.key, x.id);
  const withLink = calls.find((c) => String(c.text).includes("/l/"));
  const code = /\/l\/([0-9A-Za-z]{8})/.exec(withLink!.text)![1]!;
  await env.DB.prepare(
    "INSERT INTO link_clicks (code, day, user_id, post_id, clicks, bots) VALUES (?, '2030-05-04', ?, ?, 7, 2)",
  )
    .bind(code, user.userId, best.id)
    .run();
  return { best, formula, before };
}

const report = (query: string) =>
  exports.default.fetch(
    new Request(`http://herald.test/api/v1/analytics/report?${query}`, { headers: { "x-api-key": user.key } }),
  );
const MAY = "from=2030-05-01&to=2030-05-31";

describe("GET /api/v1/analytics/report", () => {
  it("answers a group's totals against the period before, followers, posts best first, links and best times", async () => {
    const { best, formula } = await plantPeriod();
    const res = await api("GET", `/api/v1/analytics/report?${MAY}&group_id=${groupId}`, { key: user.key });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      workspace: "Northwind Agency",
      group: { id: groupId, name: "Acme Bakery" },
      from: "2030-05-01T00:00:00.000Z",
      to: "2030-06-01T00:00:00.000Z",
      previous: { from: "2030-03-31T00:00:00.000Z", to: "2030-05-01T00:00:00.000Z" },
      totals: { posts_published: 3, likes: 42, comments: 3, reposts: 0, views: 600, engagement: 45, link_clicks: 7 },
      previous_totals: { posts_published: 1, engagement: 10, link_clicks: 0 },
      change: { engagement: { value: 35, percent: 350 }, posts_published: { value: 2, percent: 200 } },
    });
    expect(data.posts.map((p: { post_id: string; engagement: number }) => [p.post_id, p.engagement])).toEqual([
      [best.id, 40],
      [formula.id, 5],
    ]);
    expect(data.followers[0]).toMatchObject({
      account_id: x.id,
      start: 1000,
      end: 1100,
      change: 100,
      change_percent: 10,
    });
    expect(data.links).toEqual([
      expect.objectContaining({ post_id: best.id, clicks: 7, bots: 2, platform: "twitter" }),
    ]);
    expect(data.best_times.map((b: { basis: string }) => b.basis)).toEqual(["insufficient", "insufficient"]);
  });

  it("CSV: one file, a table per section with its columns, formulas made harmless", async () => {
    await plantPeriod();
    const res = await report(`${MAY}&account_ids=${x.id}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="report 2030-05-01 2030-06-01\.csv"$/,
    );
    const csv = await res.text();
    const lines = csv.split("\r\n");
    const headerAfter = (section: string) => lines[lines.indexOf(`"# ${section}"`) + 1];
    expect(headerAfter("report")).toBe('"workspace","group","from","to","previous_from","previous_to"');
    expect(headerAfter("totals")).toBe('"metric","value","previous","change","change_percent"');
    expect(headerAfter("followers")).toBe('"account_id","platform","name","start","end","change","change_percent"');
    expect(headerAfter("posts")).toBe(
      '"post_id","published_at","platforms","text","likes","comments","reposts","views","engagement"',
    );
    expect(headerAfter("links")).toBe('"code","short_url","url","post_id","account_id","platform","clicks","bots"');
    expect(headerAfter("best_times")).toBe(
      '"account_id","platform","basis","weekday","hour","posts","median_engagement","score","zone"',
    );
    expect(lines).toContain('"engagement","35","10","25","250"');
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`);
    expect(csv).not.toContain('"=HYPERLINK');
  });

  it("PDF: parses, and its pages carry the workspace, the group, the period and the totals", async () => {
    await plantPeriod();
    const res = await report(`${MAY}&group_id=${groupId}&format=pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe("Northwind Agency analytics report, 2030-05-01 to 2030-05-31");
    const text = pdfText(doc);
    expect(text).toContain("Workspace: Northwind Agency");
    expect(text).toContain("Client group: Acme Bakery");
    expect(text).toContain("Period: 2030-05-01 to 2030-05-31");
    expect(text).toMatch(/engagement\n45\n10\n\+35 \(\+350%\)/);
    expect(text).toContain("=HYPERLINK");
  });

  it("refuses another user's group (404), both group_id and account_ids, and a bad format (400)", async () => {
    const other = await newUser("agency");
    expect((await api("GET", `/api/v1/analytics/report?group_id=${groupId}`, { key: other.key })).status).toBe(404);
    const both = await api("GET", `/api/v1/analytics/report?group_id=${groupId}&account_ids=${x.id}`, {
      key: user.key,
    });
    expect([both.status, both.body.error.code]).toEqual([400, "validation_error"]);
    expect((await api("GET", "/api/v1/analytics/report?format=xlsx", { key: user.key })).status).toBe(400);
  });
});
