// Issue 45, the analytics page's audience: follower growth, link clicks and the best times heat map, each an SVG with
// its numbers in a table, the same numbers the API answers.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { HAND_COMPUTED, HISTORY, plantHistory, publishAt } from "../helpers/analytics";
import { connect } from "../helpers/api";
import { open, rowsOf, signedInUser } from "../helpers/dashboard";
import { publishedCalls, resetClock } from "../helpers/posts";

let owner: Awaited<ReturnType<typeof signedInUser>>;
let x: { id: string };
let sky: { id: string };
let linked: { id: string };
beforeAll(async () => {
  owner = await signedInUser("studio"); // the clock at Saturday 2030-06-01 08:00 UTC, the zone UTC
  x = await connect(owner.key, "twitter", { name: "Acme on X" });
  sky = await connect(owner.key, "bluesky", { name: "acme.bsky" });
  await plantHistory(owner, sky.id, "bluesky", HISTORY);
  linked = await publishAt(
    owner.key,
    "2030-05-20T10:00:00Z",
    [{ platform: "twitter", account_id: x.id }],
    "Bread https://acme.example/bread",
  );
  await resetClock(owner.key);
  const code = /\/l\/([0-9A-Za-z]{8})/.exec((await publishedCalls(owner.key, x.id))[0]!.text)![1]!;
  await env.DB.prepare(
    "INSERT INTO link_clicks (code, day, user_id, post_id, clicks, bots) VALUES (?, '2030-05-21', ?, ?, 7, 2)",
  )
    .bind(code, owner.userId, linked.id)
    .run();
  for (const [day, followers] of [
    ["2030-05-10", 1000],
    ["2030-05-31", 1100],
  ] as const) {
    await env.DB.prepare(
      "INSERT INTO follower_snapshots (account_id, day, user_id, followers, read_at) VALUES (?, ?, ?, ?, 0)",
    )
      .bind(x.id, day, owner.userId, followers)
      .run();
  }
}, 120_000);

describe("the analytics page's audience", () => {
  it("draws each account's followers per day, and their change in a table", async () => {
    const { page } = await open(owner.browser, "/dashboard/analytics?period=30");
    expect(page).toContain('<svg class="chart" id="followers-chart"');
    expect(page).toContain("<title>X · Acme on X: 1,100 (31 May)</title>");
    expect(rowsOf(page, "followers-table")).toEqual([["X · Acme on X", "1,000", "1,100", "+100", "+10%"]]);
  });

  it("lists the short links by clicks, bots apart, each with its post", async () => {
    const { page } = await open(owner.browser, "/dashboard/analytics?period=30");
    expect(page).toContain('<svg class="chart bars" id="links-chart"');
    expect(rowsOf(page, "links-table")).toEqual([["https://acme.example/bread", "Post", "X", "7", "2"]]);
    expect(page).toContain(`<a href="/dashboard/posts/${linked.id}">Post</a>`);
    const week = await open(owner.browser, "/dashboard/analytics?period=7");
    expect(week.page).toContain("No clicks on your posts' short links in these days.");
  });

  it("shades the account's weekday and hour cells and tables its best ones, as computed by hand", async () => {
    const { page } = await open(owner.browser, `/dashboard/analytics?period=30&account=${sky.id}`);
    expect(page).toMatch(/<svg class="chart heat" id="best-times-chart" viewBox="[^"]+" role="img"/);
    expect(page).toContain('data-cell="Tue 09:00"><title>Tue 09:00: 3 posts, score 2.29</title>');
    expect(page).toContain('data-cell="Sat 07:00"><title>Sat 07:00: 1 post, score');
    const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    expect(rowsOf(page, "best-times-table")).toEqual(
      HAND_COMPUTED.map((c) => [
        `${weekdays[c.weekday]} ${String(c.hour).padStart(2, "0")}:00`,
        String(c.posts),
        String(c.median_engagement),
        String(c.score),
      ]),
    );
  });

  it("says there is not enough history rather than guess, and asks for an account when every one is shown", async () => {
    const few = (await open(owner.browser, `/dashboard/analytics?account=${x.id}`)).page;
    expect(few).toMatch(
      /id="best-times-message">Not enough posts yet: 0 published post\(s\) with metrics in the last 90 days, 10 needed\./,
    );
    expect(few).not.toContain('id="best-times-chart"');
    const every = (await open(owner.browser, "/dashboard/analytics")).page;
    expect(every).toContain("Choose an account above to see when its posts do best.");
  });
});
