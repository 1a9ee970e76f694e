import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { open, signedInUser } from "../helpers/dashboard";
import { createPost, FUTURE, fastRetries, resetClock, runDue, settled } from "../helpers/posts";

let owner: Awaited<ReturnType<typeof signedInUser>>;
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM sandbox_faults").run();
  owner = await signedInUser("creator");
  await resetClock(owner.key);
  await fastRetries(owner.key);
});

describe("the post page shows a thread segment by segment", () => {
  it("each segment's status and link, where the chain stopped, and the first comment", async () => {
    const bluesky = await connect(owner.key, "bluesky");
    const mastodon = await connect(owner.key, "mastodon");
    // Mastodon's second segment times out: that chain stops there, may have posted.
    await api("POST", "/api/v1/sandbox/faults", {
      key: owner.key,
      body: { platform: "mastodon", mode: "timeout", count: 1, after: 1 },
    });
    const post = await createPost(owner.key, {
      text: "1/ Launch",
      thread: [{ text: "2/ Details" }, { text: "3/ Try it" }],
      first_comment: { text: "Questions welcome" },
      platforms: [
        { platform: "bluesky", account_id: bluesky.id },
        { platform: "mastodon", account_id: mastodon.id },
      ],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    await runDue(owner.key);
    const done = await settled(owner.key, post.id);
    const [sky, masto] = done.platforms;
    expect([sky.status, masto.status]).toEqual(["published", "failed"]);

    const { page } = await open(owner.browser, `/dashboard/posts/${post.id}`);
    const lists = [...page.matchAll(/<ol class="small segments" aria-label="Thread">([\s\S]*?)<\/ol>/g)].map(
      (m) => m[1]!,
    );
    expect(lists).toHaveLength(2);
    const [skyList, mastoList] = lists;
    // Bluesky: every segment out, each with its link, and the first comment under the post.
    for (const segment of sky.segments) expect(skyList).toContain(`href="${segment.url}"`);
    expect(skyList).toMatch(/Post <span class="badge s-published">published<\/span>/);
    expect(skyList).toMatch(/Segment 2 <span class="badge s-published">published<\/span>/);
    expect(skyList).toMatch(/First comment <span class="badge s-published">published<\/span>/);
    // Mastodon: the post went out, segment 1 failed as may-have-posted, segment 2 never went.
    expect(mastoList).toMatch(/Post <span class="badge s-published">published<\/span>/);
    expect(mastoList).toMatch(
      /Segment 1 <span class="badge s-failed">failed<\/span>[^<]*<strong>AMBIGUOUS_MAY_HAVE_POSTED<\/strong>/,
    );
    expect(mastoList).toMatch(/Segment 2 <span class="badge s-scheduled">pending<\/span>/);
    expect(mastoList).toMatch(/First comment <span class="badge s-scheduled">pending<\/span>/);
  });

  it("shows no segment list for a post without a thread or first comment", async () => {
    const bluesky = await connect(owner.key, "bluesky");
    const post = await createPost(owner.key, {
      text: "Just one",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const { page } = await open(owner.browser, `/dashboard/posts/${post.id}`);
    expect(page).not.toContain('aria-label="Thread"');
  });
});
