import { beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { Browser } from "../helpers/browser";
import { createPost, eventsOf, FUTURE, resetClock } from "../helpers/posts";
import { createLink, decisionsCount, notificationsOf, Reviewer } from "../helpers/reviews";

let user: Awaited<ReturnType<typeof newUser>>;
let bluesky: { id: string };
beforeEach(async () => {
  user = await newUser("studio");
  await resetClock(user.key);
  bluesky = await connect(user.key, "bluesky");
});

const scheduled = () =>
  createPost(user.key, {
    text: "Our spring launch",
    platforms: [{ platform: "bluesky", account_id: bluesky.id }],
    schedule_type: "scheduled",
    scheduled_at: FUTURE,
  });

/** A scheduled post (it takes comments) with a review link and a reviewer who has the page open. */
async function commenting(linkBody: Record<string, unknown> = {}) {
  const post = await scheduled();
  const link = await createLink(user.key, post.id, linkBody);
  const reviewer = Reviewer.forUrl(link.url);
  await reviewer.open();
  return { post, link, reviewer };
}

const reviewEvents = async () => (await eventsOf(user.userId)).filter((e) => e.type === "post.review_decision");

describe("review links cannot be flooded", () => {
  it("takes 20 decisions or comments an hour; the 21st is 429 with Retry-After on the page and stores nothing", async () => {
    const { post, reviewer } = await commenting({ reviewer_name: "Anna" });
    for (let i = 0; i < 20; i++) expect((await reviewer.submit("comment", { comment: `Note ${i}` })).status).toBe(303);

    const refused = await reviewer.submit("comment", { comment: "One more" });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.page).toContain("as many decisions and comments as it can in an hour");
    expect(refused.page).toContain("One more"); // what was typed stays in the form
    expect(await decisionsCount(post.id)).toBe(20);
    expect(await notificationsOf(user.userId)).toHaveLength(20);
    expect(await reviewEvents()).toHaveLength(20);

    // An hour after the first, the link takes decisions again.
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: retryAfter * 1000 } });
    await reviewer.open();
    expect((await reviewer.submit("comment", { comment: "Later" })).status).toBe(303);
    expect(await decisionsCount(post.id)).toBe(21);
  });

  it("30 submissions at once store exactly 20 (many rounds, a link each)", async () => {
    for (let round = 0; round < 3; round++) {
      const { post, reviewer } = await commenting({ reviewer_name: "Anna" });
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => reviewer.submit("comment", { comment: `Burst ${i}` })),
      );
      expect(answers.filter((a) => a.status === 303)).toHaveLength(20);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
      expect(await decisionsCount(post.id)).toBe(20);
    }
  });

  it("counts per link: another link to the same post is not held back", async () => {
    const { post, reviewer } = await commenting();
    await api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { review_link_decisions_per_hour: 2 } });
    try {
      for (let i = 0; i < 2; i++) await reviewer.submit("comment", { reviewer_name: "Bo", comment: `n${i}` });
      expect((await reviewer.submit("comment", { reviewer_name: "Bo", comment: "n2" })).status).toBe(429);
      const other = Reviewer.forUrl((await createLink(user.key, post.id)).url);
      await other.open();
      expect((await other.submit("comment", { reviewer_name: "Cy", comment: "hi" })).status).toBe(303);
    } finally {
      await api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { review_link_decisions_per_hour: 20 } });
    }
  });
});

describe("the name typed on the page is kept beside the link's", () => {
  it("the owner sees both: in the API, the dashboard's post page, the notification and the event", async () => {
    const { post, link, reviewer } = await commenting({ reviewer_name: "Anna at Acme" });
    expect((await reviewer.submit("comment", { reviewer_name: "Mallory", comment: "Looks fine" })).status).toBe(303);

    const [decision] = (await api("GET", `/api/v1/posts/${post.id}/review-links`, { key: user.key })).body.data[0]
      .decisions;
    expect(decision).toMatchObject({ reviewer_name: "Anna at Acme", typed_name: "Mallory" });
    const [note] = await notificationsOf(user.userId);
    expect(note!.message).toBe(
      `Anna at Acme (signed “Mallory”) commented on your post “Our spring launch” (review link ${link.id}): Looks fine`,
    );
    const [event] = await reviewEvents();
    expect(event!.data).toMatchObject({ reviewerName: "Anna at Acme", typedName: "Mallory" });

    const owner = await new Browser().signInWithKey(user.key);
    const page = await (await owner.fetch(`/dashboard/posts/${post.id}`)).text();
    expect(page).toContain('Anna at Acme <span class="muted">(signed “Mallory”)</span>');
  });

  it("a link without a name takes the typed one as the reviewer's name", async () => {
    const { post, reviewer } = await commenting();
    await reviewer.submit("comment", { reviewer_name: "Bo", comment: "Hi" });
    const [decision] = (await api("GET", `/api/v1/posts/${post.id}/review-links`, { key: user.key })).body.data[0]
      .decisions;
    expect(decision).toMatchObject({ reviewer_name: "Bo", typed_name: "Bo" });
    expect((await reviewEvents())[0]!.data).not.toHaveProperty("typedName");
  });
});
