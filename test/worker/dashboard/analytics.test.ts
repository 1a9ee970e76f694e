import { beforeAll, describe, expect, it } from "vitest";
import { overview, publishAt, readNow, setMetrics } from "../helpers/analytics";
import { api, connect } from "../helpers/api";
import { open, rowsOf, signedInUser, submit } from "../helpers/dashboard";

let owner: Awaited<ReturnType<typeof signedInUser>>;
let bluesky: { id: string };
let mastodon: { id: string };
let early: { id: string };
let late: { id: string };

/** Two posts, read on 1 June and again (one of them with new numbers) on 2 June: the tests only look. */
beforeAll(async () => {
  owner = await signedInUser("studio");
  await submit(owner.browser, "/settings", "/settings/time-zone", { time_zone: "Europe/Berlin" });
  bluesky = await connect(owner.key, "bluesky", { name: "Acme Coffee" });
  mastodon = await connect(owner.key, "mastodon", { name: "@acme" });
  // 23:30 on 30 May in Berlin, and 00:30 on 1 June there (still 31 May in UTC).
  early = await publishAt(
    owner.key,
    "2030-05-30T21:30:00Z",
    [{ platform: "bluesky", account_id: bluesky.id }],
    "Early",
  );
  late = await publishAt(
    owner.key,
    "2030-05-31T22:30:00Z",
    [
      { platform: "bluesky", account_id: bluesky.id },
      { platform: "mastodon", account_id: mastodon.id },
    ],
    "Late night roast",
  );
  await setMetrics(owner.key, early.id, bluesky.id, { likes: 3, views: 40 });
  await setMetrics(owner.key, late.id, bluesky.id, { likes: 10, comments: 4, views: 200 });
  await setMetrics(owner.key, late.id, mastodon.id, { likes: 6, reposts: 2, views: 90 });
  await api("POST", "/api/v1/sandbox/clock", { key: owner.key, body: { set: "2030-06-01T09:00:00Z" } });
  await readNow(owner, 3);
  await setMetrics(owner.key, late.id, bluesky.id, { likes: 25, comments: 5, views: 400 });
  await api("POST", "/api/v1/sandbox/clock", { key: owner.key, body: { set: "2030-06-02T09:00:00Z" } });
  await readNow(owner, 3);
}, 120_000);

describe("the analytics page", () => {
  it("draws each day on the owner's calendar with the numbers of the sandbox metrics, as charts and in a table", async () => {
    const { status, page } = await open(owner.browser, "/dashboard/analytics?period=7");
    expect(status).toBe(200);
    expect(page).toContain('<a href="/dashboard/analytics?period=7" aria-current="page">7 days</a>');
    const days = rowsOf(page, "days-table");
    expect(days.map((d) => d[0])).toEqual(["27 May", "28 May", "29 May", "30 May", "31 May", "1 Jun", "2 Jun"]);
    // Day, published, impressions, likes, comments, reposts: each post's latest numbers on the day it went out.
    expect(days[3]).toEqual(["30 May", "1", "40", "3", "0", "0"]);
    expect(days[4]).toEqual(["31 May", "0", "0", "0", "0", "0"]);
    expect(days[5]).toEqual(["1 Jun", "2", "490", "31", "5", "2"]);
    for (const key of ["views", "likes", "comments", "reposts"]) {
      expect(page).toMatch(
        new RegExp(
          `<svg class="chart" id="day-${key}" viewBox="[^"]+" role="img" aria-labelledby="day-${key}-title day-${key}-desc">`,
        ),
      );
    }
    expect(page).toContain('<title id="day-likes-title">Likes per day</title>');
    expect(page).toContain("34 in 7 days; the most, 31, on 1 Jun.");
    expect(page).toContain("<title>Likes: 31 (1 Jun)</title>");

    // The totals are the REST overview's over the same days.
    const rest = (await overview(owner.key, "from=2030-05-26T22:00:00Z&to=2030-06-02T22:00:00Z")).body.data;
    const likes = rest.platforms.reduce((n: number, p: { metrics: { likes: number } }) => n + p.metrics.likes, 0);
    expect(likes).toBe(34);
    expect(page).toMatch(/data-total="Likes"><span class="n">34<\/span>/);
    expect(page).toMatch(/data-total="Impressions"><span class="n">530<\/span>/);
    expect(page).toMatch(/data-total="Published to accounts"><span class="n">3<\/span>/);
  });

  it("has bars per platform and the top posts, each with its table", async () => {
    const { page } = await open(owner.browser, "/dashboard/analytics");
    expect(page).toContain('<a href="/dashboard/analytics?period=30" aria-current="page">30 days</a>');
    expect(rowsOf(page, "platforms-table")).toEqual([
      ["Bluesky", "1", "2", "0", "440", "28", "5", "0"],
      ["Mastodon", "1", "1", "0", "90", "6", "0", "2"],
    ]);
    expect(page).toContain('<svg class="chart bars" id="platforms-chart"');
    expect(page).toContain("<title>Bluesky: 28 Likes</title>");
    expect(rowsOf(page, "top-table")).toEqual([
      ["Late night roast", "Bluesky, Mastodon", "490", "31", "5", "2"],
      ["Early", "Bluesky", "40", "3", "0", "0"],
    ]);
    expect(page).toContain(`<a href="/dashboard/posts/${late.id}">Late night roast</a>`);
  });

  it("shows one account alone, and refuses another user's account with 404", async () => {
    const { page } = await open(owner.browser, `/dashboard/analytics?period=7&account=${mastodon.id}`);
    expect(page).toContain(`<option value="${mastodon.id}" selected>`);
    expect(rowsOf(page, "days-table")[5]).toEqual(["1 Jun", "1", "90", "6", "0", "2"]);
    expect(rowsOf(page, "platforms-table")).toEqual([["Mastodon", "1", "1", "0", "90", "6", "0", "2"]]);

    const stranger = await signedInUser("studio");
    const theirs = await connect(stranger.key, "bluesky");
    const refused = await open(owner.browser, `/dashboard/analytics?account=${theirs.id}`);
    expect(refused.status).toBe(404);
    expect(refused.page).not.toContain(theirs.id);
  });
});

describe("a post's own history", () => {
  it("is drawn on its page, a line per account, with every reading in a table", async () => {
    const { page } = await open(owner.browser, `/dashboard/posts/${late.id}`);
    expect(page).toContain('<h2 style="margin-top:0">How it did</h2>');
    expect(page).toContain('<svg class="chart" id="history-likes"');
    expect(page).toContain('data-series="Bluesky · Acme Coffee"');
    expect(page).toContain('data-series="Mastodon · @acme"');
    expect(page).toContain("Bluesky · Acme Coffee: 25 now; Mastodon · @acme: 6 now");
    expect(rowsOf(page, "history-table")).toEqual([
      ["1 Jun 2030, 11:00", "Bluesky · Acme Coffee", "200", "10", "4", "0"],
      ["2 Jun 2030, 11:00", "Bluesky · Acme Coffee", "400", "25", "5", "0"],
      ["1 Jun 2030, 11:00", "Mastodon · @acme", "90", "6", "0", "2"],
      ["2 Jun 2030, 11:00", "Mastodon · @acme", "90", "6", "0", "2"],
    ]);
  });
});
