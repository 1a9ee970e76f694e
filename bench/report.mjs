// `npm run bench -- report`: makes the PDF of a 90-day report of 500 posts (3 accounts, daily follower counts,
// 50 links, best-time grids) the way the Worker does, and prints how long each takes (median of 7, after a warm-up).
// The budget the issue sets is under a second on this machine. (Node runs the TypeScript module as it is.)
import { performance } from "node:perf_hooks";
import { reportPdf } from "../src/services/analytics/report-pdf.ts";

const DAY = 86_400_000;
const from = Date.parse("2030-03-03T00:00:00Z");
const to = from + 90 * DAY;
const iso = (ms) => new Date(ms).toISOString();
const accounts = ["twitter", "instagram", "bluesky"].map((platform, i) => ({
  account_id: `acct_${i}`,
  platform,
  name: `Acme on ${platform}`,
}));
const posts = Array.from({ length: 500 }, (_, i) => {
  const likes = (i * 37) % 400;
  return {
    post_id: `post_${i}`,
    text: `Post ${i}: fresh bread, today's specials and a link https://acme.example/p/${i} =SUM(A1) ${"word ".repeat(i % 30)}`,
    platforms: [accounts[i % 3].platform],
    published_at: iso(from + Math.floor((i / 500) * 90 * DAY)),
    likes,
    comments: i % 17,
    reposts: i % 5,
    views: likes * 20,
    engagement: likes + (i % 17) + (i % 5),
  };
}).sort((a, b) => b.engagement - a.engagement);
const totals = {
  posts_published: 500,
  likes: 99_800,
  comments: 4000,
  reposts: 1000,
  views: 1_996_000,
  engagement: 104_800,
  link_clicks: 3210,
};
const cells = Array.from({ length: 10 }, (_, i) => ({
  weekday: i % 7,
  hour: 8 + i,
  posts: 5,
  median_engagement: 40 - i,
  score: 2 - i / 10,
}));
const report = {
  workspace: "Northwind Agency",
  group: { id: "grp_1", name: "Acme Bakery" },
  from: iso(from),
  to: iso(to),
  previous: { from: iso(from - 90 * DAY), to: iso(from) },
  accounts,
  totals,
  previous_totals: { ...totals, engagement: 90_000 },
  change: Object.fromEntries(Object.keys(totals).map((k) => [k, { value: 10, percent: 1.2 }])),
  followers: accounts.map((a) => ({
    ...a,
    start: 1000,
    end: 1900,
    change: 900,
    change_percent: 90,
    points: Array.from({ length: 90 }, (_, d) => ({
      date: iso(from + d * DAY).slice(0, 10),
      followers: 1000 + d * 10,
    })),
  })),
  posts,
  links: Array.from({ length: 50 }, (_, i) => ({
    code: `code${i}`,
    short_url: `https://herald.example/l/code${i}`,
    url: `https://acme.example/p/${i}?utm_source=twitter`,
    post_id: `post_${i}`,
    account_id: "acct_0",
    platform: "twitter",
    clicks: 100 - i,
    bots: i,
  })),
  best_times: accounts.map((a) => ({
    ...a,
    basis: "account",
    zone: "Europe/Berlin",
    days: 90,
    posts: 166,
    minimum_posts: 10,
    unit: "engagement",
    cells,
    grid: cells,
    message: "From 166 posts",
  })),
};

async function time(what, make) {
  await make();
  const runs = [];
  let size = 0;
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    const out = await make();
    runs.push(performance.now() - start);
    size = out.length;
  }
  runs.sort((a, b) => a - b);
  console.log(`${what}: median ${runs[3].toFixed(1)} ms, slowest ${runs[6].toFixed(1)} ms, ${size} bytes`);
}

await time("report PDF (90 days, 500 posts)", () => reportPdf(report));
