import { beforeEach, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { Browser } from "../helpers/browser";
import { open, signedInUser, submit } from "../helpers/dashboard";
import { createPost, FUTURE, resetClock, runDue, settled } from "../helpers/posts";
import { createLink, Reviewer, requestApproval } from "../helpers/reviews";
import { createSlot } from "../helpers/slots";

let owner: Awaited<ReturnType<typeof signedInUser>>;
let bluesky: { id: string };
beforeEach(async () => {
  owner = await signedInUser("studio");
  await resetClock(owner.key); // Saturday 2030-06-01 08:00 UTC
  bluesky = await connect(owner.key, "bluesky", { name: "Acme Coffee" });
});

const schedule = (text: string, at = FUTURE, extra: Record<string, unknown> = {}) =>
  createPost(owner.key, {
    text,
    platforms: [{ platform: "bluesky", account_id: bluesky.id }],
    schedule_type: "scheduled",
    scheduled_at: at,
    ...extra,
  });

describe("signed-in pages", () => {
  it.each([
    "/dashboard",
    "/dashboard/posts",
    "/dashboard/posts/post_x",
    "/dashboard/notifications",
    "/dashboard/webhooks",
  ])("%s sends a signed-out browser to sign in and back", async (path) => {
    const res = await new Browser().fetch(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/signin?next=${encodeURIComponent(path)}`);
  });

  it("are sent with a CSP that allows only Herald's own script, no framing and no caching", async () => {
    const { status, headers, page } = await open(owner.browser, "/dashboard");
    expect(status).toBe(200);
    const csp = headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("cache-control")).toBe("no-store");
    expect(page).toContain('<script src="/dashboard/zone.js" defer></script>');
    expect(page).not.toMatch(/<script>|on(click|load)=/);

    const script = await new Browser().fetch("/dashboard/zone.js");
    expect(script.headers.get("content-type")).toContain("text/javascript");
    expect(await script.text()).toContain("herald_tz=");
  });

  it("escape what users wrote everywhere it is shown", async () => {
    const post = await schedule(`<script>alert("x")</script> & <b>bold</b>`);
    for (const path of ["/dashboard", "/dashboard/posts", `/dashboard/posts/${post.id}`]) {
      const { page } = await open(owner.browser, path);
      expect(page).not.toContain("<script>alert");
      expect(page).not.toContain("<b>bold</b>");
      expect(page).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;b&#62;bold&#60;/b&#62;");
    }
  });

  it("refuse a form without the session's CSRF token (403), doing nothing", async () => {
    const post = await schedule("Hold me");
    for (const csrf of [undefined, "forged"]) {
      const res = await owner.browser.post(`/dashboard/posts/${post.id}/request-approval`, csrf ? { csrf } : {});
      expect(res.status).toBe(403);
    }
    const still = await api("GET", `/api/v1/posts/${post.id}`, { key: owner.key });
    expect(still.body.data.status).toBe("scheduled");
    // Another user's session token does not work either.
    const other = await signedInUser("studio");
    const otherCsrf = await submit(other.browser, "/dashboard", `/dashboard/posts/${post.id}/request-approval`);
    expect(otherCsrf.status).toBe(404);
  });
});

describe("the week calendar", () => {
  it("shows the week's posts with their state, and each posting slot free or taken (slot rule 2)", async () => {
    await createSlot(owner.key, { account_ids: [bluesky.id], weekday: 6, time: "09:00", timezone: "UTC" });
    await createSlot(owner.key, { account_ids: [bluesky.id], weekday: 6, time: "10:00", timezone: "UTC" });
    const waiting = await schedule("Waiting one");
    await requestApproval(owner.key, waiting.id);
    await createPost(owner.key, {
      text: "A draft is not on the calendar",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      scheduled_at: "2030-06-01T12:00:00Z",
    });

    const { page } = await open(owner.browser, "/dashboard");
    expect(page).toContain("Week of 27 May – 2 Jun 2030");
    const saturday = page.slice(page.indexOf('aria-label="Sat 1 Jun"'), page.indexOf('aria-label="Sun 2 Jun"'));
    expect(saturday).toContain(`href="/dashboard/posts/${waiting.id}"`);
    expect(saturday).toMatch(
      /<span class="time">09:00<\/span><span class="badge s-waiting_for_approval">waiting for approval/,
    );
    expect(saturday).toMatch(
      /class="entry slot taken" href="\/dashboard\/posts\/[^"]+"[^>]*><span class="head"><span class="time">09:00<\/span>Slot taken/,
    );
    expect(saturday).toMatch(
      /class="entry slot free"[^>]*><span class="head"><span class="time">10:00<\/span>Free slot/,
    );
    expect(page).not.toContain("A draft is not on the calendar");
    expect(page).toMatch(/class="stat waiting"><span class="n">1<\/span>/);
    expect(page).toMatch(/class="stat free"><span class="n">1<\/span>/);
  });

  it("draws times in the browser's zone (the zone cookie, or ?tz=), UTC until it is known", async () => {
    await schedule("Zoned", FUTURE);
    const utc = await open(owner.browser, "/dashboard");
    expect(utc.page).toContain('data-zone="UTC"');
    expect(utc.page).toMatch(/<span class="time">09:00<\/span>/);

    owner.browser.cookies.set("herald_tz", "Asia%2FTokyo");
    const tokyo = await open(owner.browser, "/dashboard");
    expect(tokyo.page).toContain('data-zone="Asia/Tokyo"');
    expect(tokyo.page).toMatch(/<span class="time">18:00<\/span>/);
    expect(tokyo.page).toContain('aria-label="Sat 1 Jun"');

    const asked = await open(owner.browser, "/dashboard?tz=America/New_York");
    expect(asked.page).toMatch(/<span class="time">05:00<\/span>/);
    const unknown = await open(owner.browser, "/dashboard?tz=Mars/Olympus");
    expect(unknown.page).toContain('data-zone="Asia/Tokyo"');
  });

  it("moves a week at a time", async () => {
    await schedule("Next week", "2030-06-05T09:00:00Z");
    const now = await open(owner.browser, "/dashboard");
    expect(now.page).not.toContain("Next week");
    expect(now.page).toContain('href="/dashboard?week=2030-06-03"');
    const next = await open(owner.browser, "/dashboard?week=2030-06-03");
    expect(next.page).toContain("Week of 3 Jun – 9 Jun 2030");
    expect(next.page).toContain("Next week");
  });
});

describe("the list view", () => {
  it("filters by status", async () => {
    const waiting = await schedule("Needs a yes");
    await requestApproval(owner.key, waiting.id);
    await schedule("Just scheduled");
    const all = await open(owner.browser, "/dashboard/posts");
    expect(all.page).toContain("Needs a yes");
    expect(all.page).toContain("Just scheduled");
    const filtered = await open(owner.browser, "/dashboard/posts?status=waiting_for_approval");
    expect(filtered.page).toContain("Needs a yes");
    expect(filtered.page).not.toContain("Just scheduled");
    expect(filtered.page).toContain('href="/dashboard/posts?status=waiting_for_approval" aria-current="page"');
  });
});

describe("the post page", () => {
  it("shows each target's state, its platform link, and the error text of a failure", async () => {
    const mastodon = await connect(owner.key, "mastodon", { name: "@acme@social.example" });
    await api("POST", "/api/v1/sandbox/faults", {
      key: owner.key,
      body: { platform: "mastodon", mode: "reject", count: 1 },
    });
    const post = await createPost(owner.key, {
      text: "Two ways",
      platforms: [
        { platform: "bluesky", account_id: bluesky.id },
        { platform: "mastodon", account_id: mastodon.id },
      ],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    await runDue(owner.key);
    const done = await settled(owner.key, post.id);
    const [live, failed] = done.platforms;

    const { page } = await open(owner.browser, `/dashboard/posts/${post.id}`);
    expect(page).toContain("Acme Coffee");
    expect(page).toContain('<span class="badge s-published">published</span>');
    expect(page).toContain(`href="${live.url}"`);
    expect(page).toContain('<span class="badge s-failed">failed</span>');
    expect(page).toContain(`<strong>${failed.error.code}</strong> ${failed.error.message}`);
  });

  it("shows the text each platform will post, media with alt text, and the time in the post's zone", async () => {
    const post = await schedule("Shared words", "2030-06-01T11:00:00", {
      timezone: "Europe/Berlin",
      media: [{ type: "image", url: "https://cdn.example.com/a.png", alt_text: "A cup of coffee" }],
    });
    const { page } = await open(owner.browser, `/dashboard/posts/${post.id}`);
    expect(page).toContain('Sat, 1 Jun 2030, 09:00</strong> <span class="muted">(UTC)</span>');
    expect(page).toContain('Sat, 1 Jun 2030, 11:00 <span class="muted">(Europe/Berlin, the post\'s zone)</span>');
    expect(page).toContain('<img src="https://cdn.example.com/a.png" alt="A cup of coffee"');
    expect(page).toContain("Alt text: A cup of coffee");
  });

  it("shows the post's plugs and its review decisions", async () => {
    const instagram = await connect(owner.key, "instagram");
    const post = await createPost(owner.key, {
      text: "With a plug",
      platforms: [{ platform: "instagram", account_id: instagram.id }],
      media: [{ type: "image", url: "https://cdn.example.com/a.png" }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const armed = await api("POST", `/api/v1/posts/${post.id}/plugs`, {
      key: owner.key,
      body: {
        account_id: instagram.id,
        trigger: { metric: "likes", threshold: 50 },
        action: { kind: "comment", text: "Thanks!" },
      },
    });
    expect(armed.status).toBe(201);
    await requestApproval(owner.key, post.id);
    const reviewer = Reviewer.forUrl((await createLink(owner.key, post.id, { reviewer_name: "Anna" })).url);
    await reviewer.open();
    await reviewer.submit("comment", { comment: "Love the photo" });

    const { page } = await open(owner.browser, `/dashboard/posts/${post.id}`);
    expect(page).toContain('<h2 style="margin-top:0">Plugs</h2>');
    expect(page).toContain("comment at 50 likes");
    expect(page).toContain("<strong>Anna</strong> commented");
    expect(page).toContain("<div>Love the photo</div>");
  });

  it("is a 404 page for another user's post", async () => {
    const post = await schedule("Mine");
    const other = await signedInUser("studio");
    const { status, page } = await open(other.browser, `/dashboard/posts/${post.id}`);
    expect(status).toBe(404);
    expect(page).not.toContain("Mine");
  });
});
