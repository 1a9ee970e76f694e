import { env } from "cloudflare:test";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { createPost, FUTURE, resetClock } from "../helpers/posts";
import { stubNetwork, verifySignature } from "../helpers/receiver";
import { createLink, Reviewer, requestApproval } from "../helpers/reviews";
import { eventually } from "../helpers/wait";
import { addWebhook } from "../helpers/webhooks";

const HOST = "hooks.example.com";
const net = stubNetwork();
afterAll(() => net.restore());
beforeEach(() => {
  net.reset();
  net.serve(HOST, 200);
});

const serviceNow = async () => Math.floor(Date.parse((await api("GET", "/api/v1/health")).body.data.time) / 1000);

describe("post.review_decision reaches a subscriber", () => {
  it("once per decision, signed with the webhook's secret, with the fields SPEC lists", async () => {
    const user = await newUser("studio");
    await resetClock(user.key);
    // Filtered to another account: the event names no account, so it is always sent (SPEC: Account filter).
    const elsewhere = await connect(user.key, "threads");
    const webhook = await addWebhook(user.key, {
      target_url: `https://${HOST}/reviews`,
      events: ["post.review_decision"],
      account_ids: [elsewhere.id],
    });
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, {
      text: "For the client",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    await requestApproval(user.key, post.id);
    const link = await createLink(user.key, post.id, { reviewer_name: "Anna at Acme" });
    const reviewer = Reviewer.forUrl(link.url);
    await reviewer.open();
    await reviewer.submit("changes_requested", { comment: "Add our logo" });

    const got = await eventually(async () => net.received(HOST)[0], "the review decision request");
    expect(got.headers["x-service-event"]).toBe("post.review_decision");
    expect(got.body).toEqual({
      id: expect.stringMatching(/^evt_/),
      event: "post.review_decision",
      timestamp: expect.any(String),
      data: {
        postId: post.id,
        reviewLinkId: link.id,
        kind: "changes_requested",
        reviewerName: "Anna at Acme",
        comment: "Add our logo",
      },
    });
    expect(
      await verifySignature(webhook.signing_secret, got.headers["x-service-signature"], got.raw, await serviceNow()),
    ).toBe(true);
    // Sent once: one outbox event, so one delivery, even after the sweep fans out anything left.
    await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["webhook-sweep"] } });
    const deliveries = await env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = ?")
      .bind(webhook.id)
      .first<{ n: number }>();
    expect(deliveries!.n).toBe(1);
    expect(net.received(HOST)).toHaveLength(1);
  });

  it("an approval without a comment carries no comment field", async () => {
    const user = await newUser("pro");
    await resetClock(user.key);
    await addWebhook(user.key, { target_url: `https://${HOST}/approvals`, events: ["post.review_decision"] });
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, {
      text: "Approve me",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    await requestApproval(user.key, post.id);
    const reviewer = Reviewer.forUrl((await createLink(user.key, post.id)).url);
    await reviewer.open();
    await reviewer.submit("approved", { reviewer_name: "Bo" });
    const got = await eventually(async () => net.received(HOST)[0], "the approval request");
    expect(got.body.data).toEqual({
      postId: post.id,
      reviewLinkId: expect.any(String),
      kind: "approved",
      reviewerName: "Bo",
    });
  });
});

describe("subscribing to post.review_decision", () => {
  it.each(["free", "creator"] as const)(
    "on the %s plan (no review links) still answers 400 naming the event",
    async (plan) => {
      const user = await newUser(plan);
      const res = await api("POST", "/api/v1/webhooks", {
        key: user.key,
        body: {
          target_url: `https://${HOST}/x`,
          events: ["post.published", "post.review_decision"],
          integration_type: "zapier",
        },
      });
      expect([res.status, res.body.error.code, res.body.error.issues[0].path]).toEqual([
        400,
        "validation_error",
        "events.1",
      ]);
    },
  );
});
