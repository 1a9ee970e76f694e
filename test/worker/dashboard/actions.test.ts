import { env } from "cloudflare:test";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { hiddenField } from "../helpers/browser";
import { open, signedInUser, submit } from "../helpers/dashboard";
import { createPost, eventsOf, FUTURE, resetClock } from "../helpers/posts";
import { stubNetwork } from "../helpers/receiver";
import { createLink, getPost, notificationsOf, Reviewer, requestApproval } from "../helpers/reviews";
import { addWebhook, emit } from "../helpers/webhooks";

const HOST = "hooks.example.com";
const net = stubNetwork();
afterAll(() => net.restore());

let owner: Awaited<ReturnType<typeof signedInUser>>;
let bluesky: { id: string };
beforeEach(async () => {
  net.reset();
  net.serve(HOST, 200);
  owner = await signedInUser("studio");
  await resetClock(owner.key);
  bluesky = await connect(owner.key, "bluesky");
});

const schedule = (text = "For approval") =>
  createPost(owner.key, {
    text,
    platforms: [{ platform: "bluesky", account_id: bluesky.id }],
    schedule_type: "scheduled",
    scheduled_at: FUTURE,
  });

/** Submits the post page's approval form as it was loaded. */
async function decide(postId: string, kind: string, comment = "", page?: string) {
  const loaded = page ?? (await open(owner.browser, `/dashboard/posts/${postId}`)).page;
  const res = await owner.browser.post(`/dashboard/posts/${postId}/decide`, {
    csrf: hiddenField(loaded, "csrf"),
    version: hiddenField(loaded, "version"),
    kind,
    comment,
  });
  return { status: res.status, page: await res.text() };
}

describe("approval in the dashboard (every plan)", () => {
  it("Send for approval, then Approve: the post is scheduled again; the decision is kept, without a notification or event", async () => {
    const post = await schedule();
    const sent = await submit(
      owner.browser,
      `/dashboard/posts/${post.id}`,
      `/dashboard/posts/${post.id}/request-approval`,
    );
    expect(sent.page).toContain("Sent for approval");
    expect((await getPost(owner.key, post.id)).status).toBe("waiting_for_approval");

    const approved = await decide(post.id, "approved");
    expect(approved.status).toBe(200);
    expect(approved.page).toContain("Approved: it goes out at its time.");
    expect((await getPost(owner.key, post.id)).status).toBe("scheduled");
    expect(approved.page).toMatch(/<strong>sandbox-[^<]+<\/strong> <span class="muted">\(you\)<\/span> approved/);
    expect(await notificationsOf(owner.userId)).toEqual([]);
    expect((await eventsOf(owner.userId)).filter((e) => e.type === "post.review_decision")).toEqual([]);
  });

  it("Back to draft needs a note, which stays on the post", async () => {
    const post = await schedule();
    await requestApproval(owner.key, post.id);
    const refused = await decide(post.id, "changes_requested", "");
    expect(refused.status).toBe(400);
    expect((await getPost(owner.key, post.id)).status).toBe("waiting_for_approval");

    const back = await decide(post.id, "changes_requested", "Fix the date");
    expect(back.status).toBe(200);
    expect(await getPost(owner.key, post.id)).toMatchObject({ status: "draft", approval_comment: "Fix the date" });
    expect(back.page).toContain("Changes asked:</strong> Fix the date");
  });

  it("a form loaded before an edit is refused (409) and changes nothing", async () => {
    const post = await schedule();
    await requestApproval(owner.key, post.id);
    const { page } = await open(owner.browser, `/dashboard/posts/${post.id}`);
    await api("PATCH", `/api/v1/posts/${post.id}`, { key: owner.key, body: { text: "Edited meanwhile" } });
    const stale = await decide(post.id, "approved", "", page);
    expect(stale.status).toBe(409);
    expect((await getPost(owner.key, post.id)).status).toBe("waiting_for_approval");
  });

  it("works on the Free plan, which has no review links", async () => {
    const free = await signedInUser("free");
    await resetClock(free.key);
    const account = await connect(free.key, "bluesky");
    const post = await createPost(free.key, {
      text: "Free",
      platforms: [{ platform: "bluesky", account_id: account.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    await submit(free.browser, `/dashboard/posts/${post.id}`, `/dashboard/posts/${post.id}/request-approval`);
    const { page } = await open(free.browser, `/dashboard/posts/${post.id}`);
    expect(page).toContain("Studio, Pro and Agency plans");
    const res = await free.browser.post(`/dashboard/posts/${post.id}/decide`, {
      csrf: hiddenField(page, "csrf"),
      version: hiddenField(page, "version"),
      kind: "approved",
    });
    expect(res.status).toBe(200);
    expect((await getPost(free.key, post.id)).status).toBe("scheduled");
    const link = await submit(free.browser, `/dashboard/posts/${post.id}`, `/dashboard/posts/${post.id}/review-links`, {
      expires_in_days: "7",
    });
    expect(link.status).toBe(403);
    expect(link.page).toContain("Client review links: not included in the free plan");
  });
});

describe("review links in the dashboard", () => {
  it("creates a link whose URL is shown once and works, lists its decisions, and revokes it", async () => {
    const post = await schedule();
    await requestApproval(owner.key, post.id);
    const created = await submit(
      owner.browser,
      `/dashboard/posts/${post.id}`,
      `/dashboard/posts/${post.id}/review-links`,
      {
        reviewer_name: "Anna",
        expires_in_days: "3",
        allow_comments: "1",
      },
    );
    const url = /id="shown-once">([^<]+)</.exec(created.page)![1]!;
    expect(url).toMatch(/^http:\/\/localhost:8787\/review\/[A-Za-z0-9_-]{43}$/);
    expect((await open(owner.browser, `/dashboard/posts/${post.id}`)).page).not.toContain(url);

    const reviewer = Reviewer.forUrl(url);
    await reviewer.open();
    await reviewer.submit("comment", { comment: "Looks good so far" });
    const { page } = await open(owner.browser, `/dashboard/posts/${post.id}`);
    expect(page).toContain("Anna commented");

    const [link] = (await api("GET", `/api/v1/posts/${post.id}/review-links`, { key: owner.key })).body.data;
    await submit(
      owner.browser,
      `/dashboard/posts/${post.id}`,
      `/dashboard/posts/${post.id}/review-links/${link.id}/revoke`,
    );
    expect((await reviewer.open()).status).toBe(410);
  });

  it("refuses a lifetime outside 1 to 30 days, creating nothing", async () => {
    const post = await schedule();
    const res = await submit(owner.browser, `/dashboard/posts/${post.id}`, `/dashboard/posts/${post.id}/review-links`, {
      expires_in_days: "45",
    });
    expect(res.status).toBe(400);
    expect(res.page).toContain("expires_in_days");
    expect((await api("GET", `/api/v1/posts/${post.id}/review-links`, { key: owner.key })).body.data).toEqual([]);
  });
});

describe("notifications", () => {
  it("a review decision arrives unread, counted in the menu; Mark read and Mark all read", async () => {
    const post = await schedule("Client post");
    await requestApproval(owner.key, post.id);
    const link = await createLink(owner.key, post.id, { reviewer_name: "Anna" });
    const reviewer = Reviewer.forUrl(link.url);
    await reviewer.open();
    await reviewer.submit("comment", { comment: "One" });
    await reviewer.open();
    await reviewer.submit("approved");

    const inbox = await open(owner.browser, "/dashboard/notifications");
    expect(inbox.page).toContain(`Anna approved your post “Client post” (review link ${link.id}).`);
    expect(inbox.page).toContain(`href="/dashboard/posts/${post.id}"`);
    expect(inbox.page).toContain('Notifications <span class="badge s-waiting_for_approval">2</span>');
    const [newest] = (await api("GET", "/api/v1/notifications", { key: owner.key })).body.data;

    await submit(owner.browser, "/dashboard/notifications", "/dashboard/notifications/read", { id: newest.id });
    const after = (await api("GET", "/api/v1/notifications", { key: owner.key })).body.data;
    expect(after.map((n: any) => n.read_at !== null)).toEqual([true, false]);
    const one = await open(owner.browser, "/dashboard/notifications");
    expect(one.page).toContain('Notifications <span class="badge s-waiting_for_approval">1</span>');

    await submit(owner.browser, "/dashboard/notifications", "/dashboard/notifications/read", { id: "all" });
    const read = (await api("GET", "/api/v1/notifications", { key: owner.key })).body.data;
    expect(read.every((n: any) => n.read_at !== null)).toBe(true);
    expect((await open(owner.browser, "/dashboard")).page).not.toContain('Notifications <span class="badge');
  });

  it("one user cannot mark another's notifications read", async () => {
    const post = await schedule();
    await requestApproval(owner.key, post.id);
    const reviewer = Reviewer.forUrl((await createLink(owner.key, post.id, { reviewer_name: "Anna" })).url);
    await reviewer.open();
    await reviewer.submit("approved");
    const [note] = (await api("GET", "/api/v1/notifications", { key: owner.key })).body.data;
    const other = await signedInUser("studio");
    await submit(other.browser, "/dashboard/notifications", "/dashboard/notifications/read", { id: note.id });
    expect((await api("GET", "/api/v1/notifications", { key: owner.key })).body.data[0].read_at).toBeNull();
  });
});

describe("the webhooks page", () => {
  it("offers every event Herald sends but test, with those the plan lacks switched off", async () => {
    const creator = await signedInUser("creator");
    const { page } = await open(creator.browser, "/dashboard/webhooks");
    const offered = [...page.matchAll(/name="events" value="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(offered)).toEqual(
      new Set([
        "post.published",
        "post.failed",
        "flow.triggered",
        "flow.error",
        "flow.completed",
        "message.received",
        "comment.received",
        "account.disconnected",
        "whatsapp.template_status",
        "post.review_decision",
        "post.plug_fired",
        "conversation.assigned",
        "inbox.reply_sent",
        "inbox.reply_failed",
      ]),
    );
    expect(page).not.toContain('value="test"');
    expect(page).toMatch(/value="account\.disconnected">/);
    expect(page).toMatch(/value="post\.review_decision" disabled>/);
    expect(page).toMatch(/value="post\.plug_fired">/);
  });

  it("adds a webhook from the form, showing its signing secret once; an event not offered is refused", async () => {
    const added = await submit(owner.browser, "/dashboard/webhooks", "/dashboard/webhooks", {
      target_url: `https://${HOST}/in`,
      events: "post.review_decision",
    });
    expect(added.page).toMatch(/id="shown-once">whsec_[A-Za-z0-9]{40}</);
    expect(added.page).toContain("Signed: Herald (X-Service-Signature)");
    const [hook] = (await api("GET", "/api/v1/webhooks", { key: owner.key })).body.data;
    expect(hook).toMatchObject({
      target_url: `https://${HOST}/in`,
      events: ["post.review_decision"],
      signature_format: "service",
    });

    const refused = await submit(owner.browser, "/dashboard/webhooks", "/dashboard/webhooks", {
      target_url: `https://${HOST}/other`,
      events: "test",
    });
    expect(refused.status).toBe(400);
    expect((await api("GET", "/api/v1/webhooks", { key: owner.key })).body.data).toHaveLength(1);
  });

  it("adds a webhook signed the Standard Webhooks way when the form asks; an unknown format is refused", async () => {
    const form = { target_url: `https://${HOST}/std`, events: "account.disconnected" };
    const { page } = await open(owner.browser, "/dashboard/webhooks");
    expect(page).toContain('<option value="standard">');
    const refused = await submit(owner.browser, "/dashboard/webhooks", "/dashboard/webhooks", {
      ...form,
      signature_format: "svix",
    });
    expect(refused.status).toBe(400);
    expect((await api("GET", "/api/v1/webhooks", { key: owner.key })).body.data).toEqual([]);
    const added = await submit(owner.browser, "/dashboard/webhooks", "/dashboard/webhooks", {
      ...form,
      signature_format: "standard",
    });
    expect(added.status).toBe(200);
    expect(added.page).toContain("Signed: Standard Webhooks");
    const [hook] = (await api("GET", "/api/v1/webhooks", { key: owner.key })).body.data;
    expect(hook).toMatchObject({ events: ["account.disconnected"], signature_format: "standard" });
  });

  it("Send test shows the endpoint's status code and time, within 5 a minute", async () => {
    const hook = await addWebhook(owner.key, { target_url: `https://${HOST}/test`, events: ["post.published"] });
    for (let i = 0; i < 5; i++) {
      const sent = await submit(owner.browser, "/dashboard/webhooks", `/dashboard/webhooks/${hook.id}/test`);
      expect(sent.status).toBe(200);
      expect(sent.page).toMatch(/Test sent at \d\d:\d\d:\d\d UTC: HTTP 200 in \d+ ms\./);
    }
    const sixth = await submit(owner.browser, "/dashboard/webhooks", `/dashboard/webhooks/${hook.id}/test`);
    expect(sixth.status).toBe(429);
    expect(sixth.page).toContain("Send test: at most 5 per minute per webhook");
    expect(net.received(HOST)).toHaveLength(5);
    expect(net.received(HOST)[0]!.body.event).toBe("test");
  });

  it("lists each webhook's deliveries and redelivers one with the same event id", async () => {
    const hook = await addWebhook(owner.key, { target_url: `https://${HOST}/d`, events: ["flow.error"] });
    const [eventId] = await emit(owner.key, "flow.error", { flowId: "f1" });
    await expect
      .poll(async () => (await open(owner.browser, "/dashboard/webhooks")).page, { timeout: 15_000 })
      .toContain(`/dashboard/webhooks/${hook.id}/deliveries/${eventId}/redeliver`);
    const again = await submit(
      owner.browser,
      "/dashboard/webhooks",
      `/dashboard/webhooks/${hook.id}/deliveries/${eventId}/redeliver`,
    );
    expect(again.page).toContain("Sent flow.error again: HTTP 200");
    expect(net.received(HOST).map((r) => r.body.id)).toEqual([eventId, eventId]);
    expect(again.page).toContain("redeliver");
  });

  it("saving events keeps test, which the form does not offer; switch off and on", async () => {
    const hook = await addWebhook(owner.key, {
      target_url: `https://${HOST}/keep`,
      events: ["post.published", "test"],
    });
    await submit(owner.browser, "/dashboard/webhooks", `/dashboard/webhooks/${hook.id}/events`, {
      events: "message.received",
    });
    const [saved] = (await api("GET", "/api/v1/webhooks", { key: owner.key })).body.data;
    expect(saved.events).toEqual(["message.received", "test"]);

    await submit(owner.browser, "/dashboard/webhooks", `/dashboard/webhooks/${hook.id}/switch`, { active: "0" });
    expect((await api("GET", "/api/v1/webhooks", { key: owner.key })).body.data[0].active).toBe(false);
    const row = await env.DB.prepare("SELECT active FROM webhooks WHERE id = ?")
      .bind(hook.id)
      .first<{ active: number }>();
    expect(row!.active).toBe(0);
  });
});
