import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { createPost, eventsOf, FUTURE, publishedCalls, resetClock, runDue, settled } from "../helpers/posts";
import { createLink, decisionsCount, getPost, notificationsOf, Reviewer, requestApproval } from "../helpers/reviews";
import { createSlot, findSlot, setClock } from "../helpers/slots";

let user: Awaited<ReturnType<typeof newUser>>;
let bluesky: { id: string };
let mastodon: { id: string };
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM sandbox_calls").run();
  user = await newUser("studio");
  await resetClock(user.key); // Saturday 2030-06-01 08:00 UTC; FUTURE is 09:00
  bluesky = await connect(user.key, "bluesky");
  mastodon = await connect(user.key, "mastodon");
});

const platforms = () => [
  { platform: "bluesky", account_id: bluesky.id },
  { platform: "mastodon", account_id: mastodon.id },
];

const scheduled = (text = "Our spring launch") =>
  createPost(user.key, { text, platforms: platforms(), schedule_type: "scheduled", scheduled_at: FUTURE });

/** A post waiting for approval, with a review link and a reviewer who has the page open. */
async function waitingWithReviewer(linkBody: Record<string, unknown> = {}) {
  const post = await scheduled();
  await requestApproval(user.key, post.id);
  const link = await createLink(user.key, post.id, linkBody);
  const reviewer = Reviewer.forUrl(link.url);
  await reviewer.open();
  return { post, link, reviewer };
}

const targetStatuses = async (postId: string) => (await getPost(user.key, postId)).platforms.map((t: any) => t.status);

describe("request-approval", () => {
  it("moves a scheduled post to waiting_for_approval; it keeps its time", async () => {
    const post = await scheduled();
    const res = await api("POST", `/api/v1/posts/${post.id}/request-approval`, { key: user.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "waiting_for_approval",
      approval: "requested",
      scheduled_at: FUTURE,
      schedule_type: "scheduled",
    });
  });

  it("moves a draft with a time to waiting_for_approval, checked as a scheduled post", async () => {
    const draft = await createPost(user.key, { text: "Planned", platforms: platforms(), scheduled_at: FUTURE });
    expect(draft.status).toBe("draft");
    const waiting = await requestApproval(user.key, draft.id);
    expect(waiting).toMatchObject({ status: "waiting_for_approval", scheduled_at: FUTURE, schedule_type: "scheduled" });
    expect(waiting.platforms.map((t: any) => t.status)).toEqual(["scheduled", "scheduled"]);

    // A draft over Bluesky's limit is fine as a draft, but cannot wait for an approval that would publish it.
    const long = await createPost(user.key, { text: "x".repeat(400), platforms: platforms(), scheduled_at: FUTURE });
    const refused = await api("POST", `/api/v1/posts/${long.id}/request-approval`, { key: user.key });
    expect([refused.status, refused.body.error.targets[0].code]).toEqual([400, "text_too_long"]);
    expect((await getPost(user.key, long.id)).status).toBe("draft");
  });

  it("refuses a draft without a time (400 naming scheduled_at) and a post that went out (409), changing nothing", async () => {
    const draft = await createPost(user.key, { text: "Someday", platforms: platforms() });
    const noTime = await api("POST", `/api/v1/posts/${draft.id}/request-approval`, { key: user.key });
    expect([noTime.status, noTime.body.error.issues[0].path]).toEqual([400, "scheduled_at"]);
    expect((await getPost(user.key, draft.id)).status).toBe("draft");

    const post = await scheduled();
    await runDue(user.key);
    await settled(user.key, post.id);
    const late = await api("POST", `/api/v1/posts/${post.id}/request-approval`, { key: user.key });
    expect([late.status, late.body.error.code]).toEqual([409, "state_error"]);
    expect((await getPost(user.key, post.id)).status).toBe("published");
  });

  it("answers a post already waiting as it is", async () => {
    const post = await scheduled();
    const first = await requestApproval(user.key, post.id);
    const again = await requestApproval(user.key, post.id);
    expect(again).toEqual(first);
  });

  it("is available on every plan, review links or not", async () => {
    const free = await newUser("free");
    await resetClock(free.key);
    const account = await connect(free.key, "bluesky");
    const post = await createPost(free.key, {
      text: "Free plan",
      platforms: [{ platform: "bluesky", account_id: account.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    expect((await requestApproval(free.key, post.id)).status).toBe("waiting_for_approval");
  });
});

describe("while it waits", () => {
  it("is never published, even long past its time (the dispatcher takes only scheduled posts)", async () => {
    const post = await scheduled();
    await requestApproval(user.key, post.id);
    await runDue(user.key, "2030-06-01T12:00:00.000Z");
    await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["publish-sweep"] } });
    expect((await getPost(user.key, post.id)).status).toBe("waiting_for_approval");
    expect(await targetStatuses(post.id)).toEqual(["scheduled", "scheduled"]);
    expect(await publishedCalls(user.key)).toEqual([]);
  });

  it("takes its posting slot (slot rule 2), where a draft at the same time takes none", async () => {
    const slot = await createSlot(user.key, { account_ids: [bluesky.id], weekday: 6, time: "09:00", timezone: "UTC" });
    const draft = await createPost(user.key, { text: "Draft", platforms: platforms(), scheduled_at: FUTURE });
    const occurrence = async () => {
      const res = await api("GET", "/api/v1/posting-slots/occurrences?from=2030-06-01&to=2030-06-01", {
        key: user.key,
      });
      return res.body.data.find((o: any) => o.slot_id === slot.id);
    };
    expect(await occurrence()).toMatchObject({ at: FUTURE, taken: false });
    expect((await findSlot(user.key, [bluesky.id])).body.data.at).toBe(FUTURE);
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 11 * 60_000 } }); // the hold lapses

    const waiting = await requestApproval(user.key, draft.id);
    expect(await occurrence()).toMatchObject({ at: FUTURE, taken: true, taken_by: waiting.id });
    expect((await findSlot(user.key, [bluesky.id])).body.data.at).toBe("2030-06-08T09:00:00.000Z");
  });
});

describe("decisions on the review page", () => {
  it("approved: the post is scheduled again and goes out at its time, once", async () => {
    const { post, reviewer } = await waitingWithReviewer({ reviewer_name: "Anna at Acme" });
    const done = await reviewer.submit("approved");
    expect([done.status, done.location]).toEqual([303, `${new URL(reviewer.path, "http://x").pathname}?done=approved`]);

    const approved = await getPost(user.key, post.id);
    expect(approved).toMatchObject({ status: "scheduled", approval: "approved", scheduled_at: FUTURE });
    expect(await publishedCalls(user.key)).toEqual([]);
    await runDue(user.key);
    expect((await settled(user.key, post.id)).status).toBe("published");
    const calls = await publishedCalls(user.key);
    expect(calls.map((c) => c.text).sort()).toEqual(["Our spring launch", "Our spring launch"]);
  });

  it("approved after its time has passed: it is published at once, as publishing rules have it", async () => {
    const { post, reviewer } = await waitingWithReviewer();
    await setClock(user.key, "2030-06-01T10:00:00.000Z");
    await reviewer.open(); // the link lives 7 days
    expect((await reviewer.submit("approved", { reviewer_name: "Anna" })).status).toBe(303);
    expect((await settled(user.key, post.id)).status).toBe("published");
    expect(await publishedCalls(user.key)).toHaveLength(2);
  });

  it("changes_requested: the post is a draft again, keeps its time and the comment", async () => {
    const { post, reviewer } = await waitingWithReviewer();
    const done = await reviewer.submit("changes_requested", {
      reviewer_name: "Anna",
      comment: "Say “summer”, not spring",
    });
    expect(done.status).toBe(303);
    const back = await getPost(user.key, post.id);
    expect(back).toMatchObject({
      status: "draft",
      schedule_type: "draft",
      scheduled_at: FUTURE,
      approval: "changes_requested",
      approval_comment: "Say “summer”, not spring",
    });
    expect(back.platforms.map((t: any) => t.status)).toEqual(["draft", "draft"]);
    await runDue(user.key);
    expect(await publishedCalls(user.key)).toEqual([]);
  });

  it("changes_requested without a comment is refused (400) and changes nothing", async () => {
    const { post, reviewer } = await waitingWithReviewer();
    const done = await reviewer.submit("changes_requested", { reviewer_name: "Anna", comment: "  " });
    expect(done.status).toBe(400);
    expect(done.page).toContain("Say what should change.");
    expect((await getPost(user.key, post.id)).status).toBe("waiting_for_approval");
    expect(await decisionsCount(post.id)).toBe(0);
  });

  it("a comment is stored and sent, and changes nothing about the post", async () => {
    const { post, reviewer } = await waitingWithReviewer();
    expect((await reviewer.submit("comment", { reviewer_name: "Anna", comment: "Love the photo" })).status).toBe(303);
    expect((await getPost(user.key, post.id)).status).toBe("waiting_for_approval");
    const events = (await eventsOf(user.userId)).filter((e) => e.type === "post.review_decision");
    expect(events.map((e) => e.data.kind)).toEqual(["comment"]);
  });

  it("without a name on the page or the link, is refused (400) until the reviewer says who they are", async () => {
    const { post, reviewer } = await waitingWithReviewer();
    const nameless = await reviewer.submit("approved");
    expect([nameless.status, nameless.page.includes("Say who you are.")]).toEqual([400, true]);
    expect(await decisionsCount(post.id)).toBe(0);
  });

  it("approve and request changes are offered only while the post waits; a comment until it goes out", async () => {
    const post = await scheduled();
    const link = await createLink(user.key, post.id);
    const reviewer = Reviewer.forUrl(link.url);
    const { page } = await reviewer.open();
    expect(page).not.toContain('value="approved"');
    expect(page).toContain('value="comment"');
    // A hand-made approval of a post that does not wait is refused.
    const forced = await reviewer.submit("approved", { reviewer_name: "Anna" });
    expect(forced.status).toBe(409);
    expect((await getPost(user.key, post.id)).status).toBe("scheduled");

    await runDue(user.key);
    await settled(user.key, post.id);
    const after = await reviewer.open();
    expect(after.page).toContain("This post has gone out");
    expect(after.page).not.toContain("<form");
  });
});

describe("every decision is stored, notifies the owner and is sent once", () => {
  it("records kind, the link's name with the name typed beside it, comment and time; notifies naming the post and link", async () => {
    const { post, link, reviewer } = await waitingWithReviewer({ reviewer_name: "Anna at Acme" });
    await reviewer.submit("comment", { comment: "First thought" });
    await reviewer.open();
    await reviewer.submit("changes_requested", { reviewer_name: "Bo", comment: "Shorter, please" });

    const list = await api("GET", `/api/v1/posts/${post.id}/review-links`, { key: user.key });
    expect(list.body.data[0].decisions).toEqual([
      expect.objectContaining({
        kind: "comment",
        by: "reviewer",
        reviewer_name: "Anna at Acme",
        comment: "First thought",
        review_link_id: link.id,
      }),
      expect.objectContaining({
        kind: "changes_requested",
        reviewer_name: "Anna at Acme",
        typed_name: "Bo",
        comment: "Shorter, please",
        created_at: expect.any(String),
      }),
    ]);

    const notes = await notificationsOf(user.userId);
    expect(notes).toHaveLength(2);
    expect(notes[1]!.message).toBe(
      `Anna at Acme (signed “Bo”) asked for changes to your post “Our spring launch” (review link ${link.id}): Shorter, please`,
    );
    expect(notes[1]!.data).toMatchObject({ post_id: post.id, review_link_id: link.id, kind: "changes_requested" });
    const api_notes = await api("GET", "/api/v1/notifications", { key: user.key });
    expect(api_notes.body.data[0]).toMatchObject({ kind: "review_decision", read_at: null });
  });

  it("post.review_decision carries postId, reviewLinkId, kind, reviewerName and comment, written once per decision", async () => {
    const { post, link, reviewer } = await waitingWithReviewer();
    await reviewer.submit("approved", { reviewer_name: "Anna", comment: "Ship it" });
    // The same form sent again (a double click): the post no longer waits, so nothing more is recorded.
    const twice = await reviewer.submit("approved", { reviewer_name: "Anna", comment: "Ship it" });
    expect(twice.status).toBe(409);
    const events = (await eventsOf(user.userId)).filter((e) => e.type === "post.review_decision");
    expect(events).toEqual([
      {
        type: "post.review_decision",
        data: { postId: post.id, reviewLinkId: link.id, kind: "approved", reviewerName: "Anna", comment: "Ship it" },
      },
    ]);
    expect(await decisionsCount(post.id)).toBe(1);
    expect(await notificationsOf(user.userId)).toHaveLength(1);
  });
});

describe("editing after a decision", () => {
  it("an approved post that is edited waits for approval again, and the page shows the new version", async () => {
    const { post, reviewer } = await waitingWithReviewer();
    await reviewer.submit("approved", { reviewer_name: "Anna" });
    const edited = await api("PATCH", `/api/v1/posts/${post.id}`, {
      key: user.key,
      body: { text: "Our summer launch" },
    });
    expect(edited.body.data).toMatchObject({ status: "waiting_for_approval", approval: "requested" });
    await runDue(user.key);
    expect(await publishedCalls(user.key)).toEqual([]);
    const { page } = await reviewer.open();
    expect(page).toContain("Our summer launch");
    expect(page).toContain('value="approved"');
  });

  it("a form loaded before an edit is refused (409) and records nothing; the page then shows the new version", async () => {
    const { post, reviewer } = await waitingWithReviewer();
    await api("PATCH", `/api/v1/posts/${post.id}`, { key: user.key, body: { text: "Second version" } });
    const stale = await reviewer.submit("approved", { reviewer_name: "Anna" });
    expect(stale.status).toBe(409);
    expect(stale.page).toContain("The post changed after you opened this page");
    expect(stale.page).toContain("Second version");
    expect(await decisionsCount(post.id)).toBe(0);
    expect((await getPost(user.key, post.id)).status).toBe("waiting_for_approval");
    expect((await eventsOf(user.userId)).filter((e) => e.type === "post.review_decision")).toEqual([]);

    // The page as it is now decides.
    await reviewer.open();
    expect((await reviewer.submit("approved", { reviewer_name: "Anna" })).status).toBe(303);
    const decisions = (await api("GET", `/api/v1/posts/${post.id}/review-links`, { key: user.key })).body.data[0]
      .decisions;
    const row = await env.DB.prepare("SELECT version FROM posts WHERE id = ?")
      .bind(post.id)
      .first<{ version: number }>();
    // The version the reviewer saw; the decision itself moved the post on by one, so older edits lose.
    expect(decisions.map((d: any) => d.post_version)).toEqual([row!.version - 1]);
  });

  it("a draft after changes were requested stays a draft when edited; sent again, it waits", async () => {
    const { post, reviewer } = await waitingWithReviewer();
    await reviewer.submit("changes_requested", { reviewer_name: "Anna", comment: "Shorter" });
    const edited = await api("PATCH", `/api/v1/posts/${post.id}`, { key: user.key, body: { text: "Short" } });
    expect(edited.body.data).toMatchObject({
      status: "draft",
      approval: "changes_requested",
      approval_comment: "Shorter",
    });
    expect((await requestApproval(user.key, post.id)).status).toBe("waiting_for_approval");
  });

  it("a post never sent for approval is scheduled by an edit as before", async () => {
    const post = await scheduled();
    const edited = await api("PATCH", `/api/v1/posts/${post.id}`, { key: user.key, body: { text: "Edited" } });
    expect(edited.body.data).toMatchObject({ status: "scheduled", approval: null });
  });
});
