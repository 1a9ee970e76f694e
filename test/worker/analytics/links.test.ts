import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { publishAt } from "../helpers/analytics";
import { api, connect, newUser } from "../helpers/api";
import { BASE, publishedCalls, resetClock } from "../helpers/posts";

const DAY = 86_400_000;
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const CRAWLERS = [
  "Twitterbot/1.0",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
  "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
  "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  "TelegramBot (like TwitterBot)",
  "WhatsApp/2.23.20.0",
  "Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)",
  "Mastodon/4.3.0 (http.rb/5.2.0; +https://mastodon.social/)",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
];

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
});

const visit = (code: string, userAgent?: string) =>
  exports.default.fetch(
    new Request(`http://herald.test/l/${code}`, { headers: userAgent ? { "user-agent": userAgent } : {} }),
    { redirect: "manual" },
  );
const links = (query: string, key = user.key) => api("GET", `/api/v1/analytics/links?${query}`, { key });
const codesIn = (text: string) => [...text.matchAll(/\/l\/([0-9A-Za-z]{8})/g)].map((m) => m[1]!);

async function publishWithLinks() {
  const bluesky = await connect(user.key, "bluesky");
  const post = await publishAt(
    user.key,
    BASE,
    [{ platform: "bluesky", account_id: bluesky.id }],
    "New https://example.com/a and https://example.com/b",
  );
  const [call] = await publishedCalls(user.key, bluesky.id);
  const [a, b] = codesIn(call!.text);
  return { post, bluesky, a: a!, b: b! };
}

describe("short link clicks", () => {
  it("counts people's clicks per day, and crawlers and preview fetchers apart", async () => {
    const { post, bluesky, a, b } = await publishWithLinks();
    expect((await visit(a, CHROME)).status).toBe(302);
    await visit(a, CHROME);
    for (const agent of CRAWLERS) expect((await visit(a, agent)).headers.get("location")).toBe("https://example.com/a");
    await visit(a); // no user agent: a script, not a person
    await api("POST", "/api/v1/sandbox/clock", {
      key: user.key,
      body: { set: new Date(Date.parse(BASE) + DAY).toISOString() },
    });
    await visit(a, CHROME);

    const res = await links("from=2030-06-01&to=2030-06-03");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ clicks: 3, bots: CRAWLERS.length + 1 });
    expect(res.body.data.links).toEqual([
      {
        code: a,
        short_url: `http://localhost:8787/l/${a}`,
        url: "https://example.com/a",
        post_id: post.id,
        account_id: bluesky.id,
        platform: "bluesky",
        clicks: 3,
        bots: CRAWLERS.length + 1,
        days: [
          { date: "2030-06-01", clicks: 2, bots: CRAWLERS.length + 1 },
          { date: "2030-06-02", clicks: 1, bots: 0 },
          { date: "2030-06-03", clicks: 0, bots: 0 },
        ],
      },
    ]);
    // With the post: every one of its links, the unvisited one too; the window narrows the days counted.
    const ofPost = await links(`from=2030-06-02&to=2030-06-02&post_id=${post.id}`);
    expect(ofPost.body.data.links.map((l: { code: string; clicks: number }) => [l.code, l.clicks])).toEqual([
      [a, 1],
      [b, 0],
    ]);
  });

  it("answers nothing for another user's links, and 404 for a post that is not theirs", async () => {
    const { post, a } = await publishWithLinks();
    await visit(a, CHROME);
    const other = await newUser("creator");
    expect((await links("from=2030-06-01&to=2030-06-01", other.key)).body.data.links).toEqual([]);
    const res = await links(`post_id=${post.id}`, other.key);
    expect([res.status, res.body.error.code]).toEqual([404, "not_found"]);
    expect((await links("from=2030-06-02&to=2030-06-01")).status).toBe(400);
    expect((await visit("nonsense", CHROME)).status).toBe(404);
  });
});
