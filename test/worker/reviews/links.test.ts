import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, connect, newUser, type Plan } from "../helpers/api";
import { BASE, createPost, FUTURE, resetClock, runDue, settled } from "../helpers/posts";
import { createLink, decisionsCount, Reviewer, requestApproval, tokenOf } from "../helpers/reviews";
import { advanceClock } from "../helpers/slots";

const DAY_MS = 86_400_000;

async function studioPost(plan: Plan = "studio") {
  const user = await newUser(plan);
  await resetClock(user.key);
  const bluesky = await connect(user.key, "bluesky");
  const post = await createPost(user.key, {
    text: "Our spring launch",
    platforms: [{ platform: "bluesky", account_id: bluesky.id }],
    schedule_type: "scheduled",
    scheduled_at: FUTURE,
  });
  return { user, bluesky, post };
}

const linkRows = async (postId: string) =>
  (await env.DB.prepare("SELECT * FROM review_links WHERE post_id = ?").bind(postId).all()).results;

describe("plan gate", () => {
  it.each(["free", "creator"] as const)(
    "the %s plan gets 403 feature_disabled on every review-link route, and nothing is written",
    async (plan) => {
      const { user, post } = await studioPost(plan);
      const create = await api("POST", `/api/v1/posts/${post.id}/review-links`, { key: user.key, body: {} });
      const list = await api("GET", `/api/v1/posts/${post.id}/review-links`, { key: user.key });
      const revoke = await api("DELETE", `/api/v1/posts/${post.id}/review-links/rvl_x`, { key: user.key });
      for (const res of [create, list, revoke]) {
        expect([res.status, res.body.error.code]).toEqual([403, "feature_disabled"]);
      }
      expect(await linkRows(post.id)).toEqual([]);
    },
  );

  it.each(["studio", "pro", "agency"] as const)("the %s plan creates, lists and revokes links", async (plan) => {
    const { user, post } = await studioPost(plan);
    const link = await createLink(user.key, post.id);
    const list = await api("GET", `/api/v1/posts/${post.id}/review-links`, { key: user.key });
    expect(list.body.data.map((l: any) => l.id)).toEqual([link.id]);
    const revoke = await api("DELETE", `/api/v1/posts/${post.id}/review-links/${link.id}`, { key: user.key });
    expect([revoke.status, revoke.body.data.state]).toEqual([200, "revoked"]);
  });

  it("a link stops working when its owner's plan no longer has review links", async () => {
    const { user, post } = await studioPost();
    const link = await createLink(user.key, post.id);
    await env.DB.prepare("UPDATE users SET plan = 'creator' WHERE id = ?").bind(user.userId).run();
    const opened = await Reviewer.forUrl(link.url).open();
    expect(opened.status).toBe(410);
    expect(opened.page).toContain("This review link is not available");
  });
});

describe("the link and its token", () => {
  it("answers the URL once: a 32-byte token of which only the SHA-256 is kept", async () => {
    const { user, post } = await studioPost();
    const link = await createLink(user.key, post.id, { reviewer_name: "Anna at Acme" });
    const token = tokenOf(link.url);
    expect(link.url).toBe(`http://localhost:8787/review/${token}`);
    // 32 bytes in base64url without padding are 43 characters.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(atob(`${token.replaceAll("-", "+").replaceAll("_", "/")}=`).length).toBe(32);
    expect(link).toMatchObject({ reviewer_name: "Anna at Acme", allow_comments: true, state: "active" });

    const [row] = await linkRows(post.id);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
    expect(row!.token_hash).toBe([...digest].map((b) => b.toString(16).padStart(2, "0")).join(""));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await api("GET", `/api/v1/posts/${post.id}/review-links`, { key: user.key });
    expect(JSON.stringify(list.body)).not.toContain(token);
    expect(list.body.data[0].url).toBeUndefined();
  });

  it("gives each link its own token", async () => {
    const { user, post } = await studioPost();
    const [a, b] = [await createLink(user.key, post.id), await createLink(user.key, post.id)];
    expect(tokenOf(a.url)).not.toBe(tokenOf(b.url));
  });

  it("expires 7 days after creation by default, or after 1 to 30 days as asked", async () => {
    const { user, post } = await studioPost();
    const lifetime = (link: { expires_at: string; created_at: string }) =>
      Date.parse(link.expires_at) - Date.parse(link.created_at);
    const first = await createLink(user.key, post.id);
    expect(Date.parse(first.created_at) - Date.parse(BASE)).toBeLessThan(60_000);
    expect(lifetime(first)).toBe(7 * DAY_MS);
    expect(lifetime(await createLink(user.key, post.id, { expires_in_days: 1 }))).toBe(DAY_MS);
    expect(lifetime(await createLink(user.key, post.id, { expires_in_days: 30 }))).toBe(30 * DAY_MS);
  });

  it.each([0, 31, 2.5, "7"])("refuses expires_in_days %j with 400 naming it, writing nothing", async (days) => {
    const { user, post } = await studioPost();
    const res = await api("POST", `/api/v1/posts/${post.id}/review-links`, {
      key: user.key,
      body: { expires_in_days: days },
    });
    expect([res.status, res.body.error.code, res.body.error.issues[0].path]).toEqual([
      400,
      "validation_error",
      "expires_in_days",
    ]);
    expect(await linkRows(post.id)).toEqual([]);
  });

  it("is 404 for another user's post, and for an unknown link on revoke", async () => {
    const { post } = await studioPost();
    const other = await newUser("studio");
    const res = await api("POST", `/api/v1/posts/${post.id}/review-links`, { key: other.key, body: {} });
    expect([res.status, res.body.error.code]).toEqual([404, "not_found"]);
    const mine = await studioPost();
    const revoke = await api("DELETE", `/api/v1/posts/${mine.post.id}/review-links/rvl_nope`, { key: mine.user.key });
    expect([revoke.status, revoke.body.error.code]).toEqual([404, "not_found"]);
  });

  it("is refused on a post that has gone out (409 state_error)", async () => {
    const { user, post } = await studioPost();
    await runDue(user.key);
    await settled(user.key, post.id);
    const res = await api("POST", `/api/v1/posts/${post.id}/review-links`, { key: user.key, body: {} });
    expect([res.status, res.body.error.code]).toEqual([409, "state_error"]);
  });
});

describe("a dead link says so plainly", () => {
  it("an unknown token: 404 and a page saying no link matches", async () => {
    const opened = await new Reviewer(`/review/${"A".repeat(43)}`).open();
    expect(opened.status).toBe(404);
    expect(opened.page).toContain("This review link does not work");
    expect(opened.page).not.toContain("<form");
  });

  it("expiry (sandbox clock): works until its time, then 410 and a page saying it expired; a form loaded before is refused", async () => {
    const { user, post } = await studioPost();
    await requestApproval(user.key, post.id);
    const link = await createLink(user.key, post.id, { expires_in_days: 2 });
    const reviewer = Reviewer.forUrl(link.url);
    await advanceClock(user.key, 2 * DAY_MS - 60_000);
    expect((await reviewer.open()).status).toBe(200);

    await advanceClock(user.key, 60_000);
    const submitted = await reviewer.submit("approved", { reviewer_name: "Anna" });
    expect(submitted.status).toBe(410);
    expect(submitted.page).toContain("This review link has expired");
    expect(await decisionsCount(post.id)).toBe(0);
    expect((await api("GET", `/api/v1/posts/${post.id}`, { key: user.key })).body.data.status).toBe(
      "waiting_for_approval",
    );
    const reopened = await reviewer.open();
    expect(reopened.status).toBe(410);
    const list = await api("GET", `/api/v1/posts/${post.id}/review-links`, { key: user.key });
    expect(list.body.data[0].state).toBe("expired");
  });

  it("revocation: the link stops at once, and a page loaded before cannot decide", async () => {
    const { user, post } = await studioPost();
    await requestApproval(user.key, post.id);
    const link = await createLink(user.key, post.id);
    const reviewer = Reviewer.forUrl(link.url);
    await reviewer.open();
    const revoked = await api("DELETE", `/api/v1/posts/${post.id}/review-links/${link.id}`, { key: user.key });
    expect(revoked.body.data).toMatchObject({ state: "revoked", revoked_at: expect.any(String) });

    const submitted = await reviewer.submit("approved", { reviewer_name: "Anna" });
    expect(submitted.status).toBe(410);
    expect(submitted.page).toContain("This review link was turned off");
    expect(await decisionsCount(post.id)).toBe(0);
    const again = await api("DELETE", `/api/v1/posts/${post.id}/review-links/${link.id}`, { key: user.key });
    expect(again.body.data.revoked_at).toBe(revoked.body.data.revoked_at);
  });

  it("a deleted post: 410 and a page saying the post is gone", async () => {
    const { user, post } = await studioPost();
    const link = await createLink(user.key, post.id);
    await api("DELETE", `/api/v1/posts/${post.id}`, { key: user.key });
    const opened = await Reviewer.forUrl(link.url).open();
    expect(opened.status).toBe(410);
    expect(opened.page).toContain("This post is gone");
  });
});

describe("allow_comments", () => {
  it("false removes the Comment action and refuses a comment (403 comments_disabled), writing nothing", async () => {
    const { user, post } = await studioPost();
    await requestApproval(user.key, post.id);
    const link = await createLink(user.key, post.id, { allow_comments: false });
    expect(link.allow_comments).toBe(false);
    const reviewer = Reviewer.forUrl(link.url);
    const { page } = await reviewer.open();
    expect(page).toContain('value="approved"');
    expect(page).toContain('value="changes_requested"');
    expect(page).not.toContain('value="comment"');

    const submitted = await reviewer.submit("comment", { reviewer_name: "Anna", comment: "Nice" });
    expect(submitted.status).toBe(403);
    expect(submitted.page).toContain("Comments are turned off for this review link");
    expect(await decisionsCount(post.id)).toBe(0);
  });

  it("true (the default) offers Comment beside the decisions", async () => {
    const { user, post } = await studioPost();
    await requestApproval(user.key, post.id);
    const { page } = await Reviewer.forUrl((await createLink(user.key, post.id)).url).open();
    expect(page).toContain('value="comment"');
  });
});
