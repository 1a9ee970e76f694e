import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { connect } from "../helpers/api";
import { open, signedInUser, submit } from "../helpers/dashboard";
import { createPost, FUTURE } from "../helpers/posts";

let owner: Awaited<ReturnType<typeof signedInUser>>;
let bluesky: { id: string };
beforeEach(async () => {
  owner = await signedInUser("studio");
  bluesky = await connect(owner.key, "bluesky");
});

const storedZone = async (userId: string) =>
  (await env.DB.prepare("SELECT time_zone FROM users WHERE id = ?").bind(userId).first<{ time_zone: string | null }>())!
    .time_zone;

const setZone = (zone: string) => submit(owner.browser, "/settings", "/settings/time-zone", { time_zone: zone });

describe("the time zone setting", () => {
  it("is kept in its canonical spelling and draws every dashboard page in it, whatever the browser says", async () => {
    await createPost(owner.key, {
      text: "Zoned",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE, // 09:00 UTC
    });
    owner.browser.cookies.set("herald_tz", "Asia%2FTokyo");
    const saved = await setZone("america/new_york");
    expect(saved.status).toBe(200);
    expect(saved.page).toContain("Times are now shown and read in America/New_York.");
    expect(saved.page).toContain('<option value="America/New_York" selected>');
    expect(await storedZone(owner.userId)).toBe("America/New_York");

    const week = await open(owner.browser, "/dashboard");
    expect(week.page).toContain('data-zone="America/New_York"');
    expect(week.page).toMatch(/<span class="time">05:00<\/span>/);
    // The setting decides: the browser's zone is not asked for.
    expect(week.page).not.toContain("/dashboard/zone.js");
    for (const path of ["/dashboard/posts", "/dashboard/notifications", "/dashboard/webhooks", "/settings"]) {
      expect((await open(owner.browser, path)).page).toContain('data-zone="America/New_York"');
    }
    // `?tz=` still shows one page in another zone.
    expect((await open(owner.browser, "/dashboard?tz=Asia/Tokyo")).page).toMatch(/<span class="time">18:00<\/span>/);
  });

  it("cleared, times follow the browser's zone again (the zone cookie, UTC until known)", async () => {
    await setZone("Europe/Berlin");
    const cleared = await setZone("");
    expect(cleared.page).toContain("Times now follow this browser&#39;s zone.");
    expect(await storedZone(owner.userId)).toBeNull();
    const utc = await open(owner.browser, "/dashboard");
    expect(utc.page).toContain('data-zone="UTC"');
    expect(utc.page).toContain('<script src="/dashboard/zone.js" defer></script>');
    owner.browser.cookies.set("herald_tz", "Asia%2FTokyo");
    expect((await open(owner.browser, "/dashboard")).page).toContain('data-zone="Asia/Tokyo"');
  });

  it("refuses a zone that does not exist (400 on the page) and a forged form (403), changing nothing", async () => {
    await setZone("Europe/Berlin");
    const unknown = await setZone("Mars/Olympus");
    expect(unknown.status).toBe(400);
    expect(unknown.page).toContain("unknown time zone Mars/Olympus");
    const forged = await owner.browser.post("/settings/time-zone", { csrf: "forged", time_zone: "Asia/Tokyo" });
    expect(forged.status).toBe(403);
    const signedOut = await signedInUser("studio");
    signedOut.browser.cookies.clear();
    expect((await signedOut.browser.post("/settings/time-zone", { time_zone: "Asia/Tokyo" })).status).toBe(302);
    expect(await storedZone(owner.userId)).toBe("Europe/Berlin");
    expect(await storedZone(signedOut.userId)).toBeNull();
  });
});
