import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { hiddenField } from "../helpers/browser";
import { createPost, publishedCalls, resetClock, runDue, settled } from "../helpers/posts";
import { createLink, Reviewer, requestApproval } from "../helpers/reviews";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM sandbox_calls").run();
  user = await newUser("studio");
  await resetClock(user.key);
});

const fromEntities = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))).replace(/\s+$/, "");

/** Each platform's text as the page shows it, by platform key. */
const textsOn = (page: string) =>
  Object.fromEntries(
    [...page.matchAll(/data-platform="(\w+)">[\s\S]*?<div class="text">([\s\S]*?)<\/div>/g)].map((m) => [
      m[1],
      fromEntities(m[2]!),
    ]),
  );

describe("the review page", () => {
  it("shows each platform's text after its override and signature, exactly as publishing then sends it", async () => {
    const bluesky = await connect(user.key, "bluesky", { name: "Acme Coffee" });
    const mastodon = await connect(user.key, "mastodon", { name: "@acme@social.example" });
    const signature = await api("POST", "/api/v1/signatures", { key: user.key, body: { name: "s", text: "— Acme" } });
    const post = await createPost(user.key, {
      text: "Shared words for everyone",
      platforms: [
        { platform: "bluesky", account_id: bluesky.id },
        { platform: "mastodon", account_id: mastodon.id },
      ],
      media: [{ type: "image", url: "https://cdn.example.com/cup.png", alt_text: "A cup of coffee" }],
      platform_overrides: {
        bluesky: { signature_id: signature.body.data.id },
        mastodon: { detached: true, text: "Mastodon's own words" },
      },
      schedule_type: "scheduled",
      scheduled_at: "2030-06-01T11:00:00",
      timezone: "Europe/Berlin",
    });
    await requestApproval(user.key, post.id);
    const reviewer = Reviewer.forUrl((await createLink(user.key, post.id, { reviewer_name: "Anna" })).url);
    const { page } = await reviewer.open();

    expect(textsOn(page)).toEqual({
      bluesky: "Shared words for everyone\n\n— Acme",
      mastodon: "Mastodon's own words",
    });
    expect(page).toContain("Bluesky · Acme Coffee");
    expect(page).toContain("Mastodon · @acme@social.example");
    // Alt text goes where the platform takes it (SPEC: per-platform media fields): Bluesky, not this Mastodon.
    expect(page).toContain('<img src="https://cdn.example.com/cup.png" alt="A cup of coffee"');
    expect(page).toContain("Alt text: A cup of coffee");
    expect(page).toContain("No alt text");
    // The scheduled time in the post's zone.
    expect(page).toContain(
      'Scheduled for <strong>Sat, 1 Jun 2030, 11:00</strong> <span class="muted">(Europe/Berlin)</span>',
    );

    await reviewer.submit("approved");
    await runDue(user.key);
    await settled(user.key, post.id);
    const sent = Object.fromEntries((await publishedCalls(user.key)).map((c) => [c.platform, c.text]));
    expect(sent).toEqual(textsOn(page));
  });

  it("works without JavaScript: no scripts, plain forms with a CSRF token and the post's version", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, {
      text: "No scripts",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "scheduled",
      scheduled_at: "2030-06-01T09:00:00Z",
    });
    await requestApproval(user.key, post.id);
    const reviewer = Reviewer.forUrl((await createLink(user.key, post.id)).url);
    const { page, headers, status } = await reviewer.open();
    expect(status).toBe(200);
    expect(page).not.toContain("<script");
    expect(page).toMatch(/<form class="card" method="post" action="\/review\/[A-Za-z0-9_-]{43}">/);
    expect(hiddenField(page, "version")).toMatch(/^\d+$/);
    expect(headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(headers.get("referrer-policy")).toBe("no-referrer");
    expect(headers.get("x-robots-tag")).toContain("noindex");
  });

  it("refuses a decision without the page's form token (403), recording nothing", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, {
      text: "CSRF",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "scheduled",
      scheduled_at: "2030-06-01T09:00:00Z",
    });
    await requestApproval(user.key, post.id);
    const reviewer = Reviewer.forUrl((await createLink(user.key, post.id)).url);
    const { page } = await reviewer.open();
    const res = await reviewer.browser.post(reviewer.path, {
      csrf: "forged",
      version: hiddenField(page, "version"),
      kind: "approved",
      reviewer_name: "Mallory",
    });
    expect(res.status).toBe(403);
    expect((await api("GET", `/api/v1/posts/${post.id}`, { key: user.key })).body.data.status).toBe(
      "waiting_for_approval",
    );
  });
});
