import { env } from "cloudflare:test";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { PLANS } from "../../../src/services/plans";
import { createRuntime } from "../../../src/services/runtime";
import {
  type Received,
  recordCommentReceived,
  recordFlowCompleted,
  recordMessageReceived,
  recordReceived,
} from "../../../src/services/webhooks/emit";
import { api, connect, newUser } from "../helpers/api";
import { createPost, resetClock } from "../helpers/posts";
import { stubNetwork } from "../helpers/receiver";
import { eventually } from "../helpers/wait";
import { addWebhook, deliveryRow, outboxEvents, signedWith, sweep } from "../helpers/webhooks";

// The service functions that write message.received, comment.received and flow.completed (the inbound consumer and
// the flow runtime call them): each written once per fact, delivered signed, to webhooks whose account filter takes
// the account.

const HOST = "hooks.example.com";
const net = stubNetwork();
afterAll(() => net.restore());

let user: Awaited<ReturnType<typeof newUser>>;
let instagram: { id: string };
let other: { id: string };
beforeEach(async () => {
  net.reset();
  net.serve(HOST, 200);
  user = await newUser("studio");
  await resetClock(user.key);
  instagram = await connect(user.key, "instagram");
  other = await connect(user.key, "facebook");
});

const outboxOf = (event: string) => outboxEvents(user.key, event);

/** This test's endpoints (a request of an earlier test may still arrive at that test's). */
const endpoint = (name: "in" | "elsewhere") => `https://${HOST}/${instagram.id}/${name}`;
const requestsTo = (name: "in" | "elsewhere") => net.received(HOST).filter((r) => r.url === endpoint(name));

/** The one request carrying `event`, once it has arrived; the sweep then finds nothing more to send. */
async function theRequest(event: string) {
  const carrying = () => requestsTo("in").filter((r) => r.body.event === event);
  const got = await eventually(async () => carrying()[0], `a ${event} request`);
  await sweep(user.key);
  expect(carrying()).toHaveLength(1);
  return got;
}

/** Webhooks for the events: one taking the Instagram account, one taking only the other account. */
async function webhooks(events: string[]) {
  const taking = await addWebhook(user.key, { target_url: endpoint("in"), events, account_ids: [instagram.id] });
  await addWebhook(user.key, { target_url: endpoint("elsewhere"), events, account_ids: [other.id] });
  return taking;
}

const message = (over: Partial<Received> = {}): Received => ({
  accountId: instagram.id,
  platform: "instagram",
  kind: "message",
  id: "mid.1",
  senderId: "ig_person_1",
  text: "Is it in stock?",
  at: Date.parse("2030-06-01T08:00:05.000Z"),
  ...over,
});

describe("message.received", () => {
  it("is written once per message, however often and at once it is recorded, and delivered signed", async () => {
    const webhook = await webhooks(["message.received"]);
    const rt = await createRuntime(env);
    const media = [{ type: "image", url: "https://lookaside.example.com/1.jpg" }];
    const written = await Promise.all(Array.from({ length: 8 }, () => recordMessageReceived(rt, message({ media }))));
    expect(written.filter(Boolean)).toHaveLength(1);
    expect(await recordMessageReceived(rt, message({ text: "sent again by the platform" }))).toBe(false);

    const got = await theRequest("message.received");
    expect(got.body.data).toEqual({
      accountId: instagram.id,
      platform: "instagram",
      contactId: "ig_person_1",
      messageId: "mid.1",
      text: "Is it in stock?",
      media,
      receivedAt: "2030-06-01T08:00:05.000Z",
    });
    expect(await signedWith(webhook.signing_secret, got)).toBe(true);
    expect(requestsTo("elsewhere")).toEqual([]);
    expect(await outboxOf("message.received")).toHaveLength(1);
  });

  it("has no media key without media; story replies and mentions are messages too", async () => {
    const rt = await createRuntime(env);
    expect(await recordReceived(rt, message({ id: "mid.plain", media: [] }))).toBe(true);
    expect(await recordReceived(rt, message({ id: "mid.story", kind: "story_reply", mediaId: "story_1" }))).toBe(true);
    expect(await recordReceived(rt, message({ id: "mid.mention", kind: "story_mention" }))).toBe(true);
    const written = await outboxOf("message.received");
    expect(written.map((e) => e.data.messageId)).toEqual(["mid.plain", "mid.story", "mid.mention"]);
    for (const e of written) expect(e.data).not.toHaveProperty("media");
    expect(await outboxOf("comment.received")).toEqual([]);
  });

  it("writes nothing for an account that is not there, and is not delivered without API access", async () => {
    const rt = await createRuntime(env);
    expect(await recordMessageReceived(rt, message({ accountId: "acct_gone" }))).toBe(false);
    expect(await outboxOf("message.received")).toEqual([]);

    const webhook = await webhooks(["message.received"]);
    PLANS.studio.apiAccess = false;
    try {
      await recordMessageReceived(rt, message({ id: "mid.no_access" }));
      await sweep(user.key);
      const [event] = await outboxOf("message.received");
      expect(await deliveryRow(webhook.id, event!.id)).toBeNull();
    } finally {
      PLANS.studio.apiAccess = true;
    }
  });
});

describe("comment.received", () => {
  it("names Herald's post when Herald published the one commented on, once per comment", async () => {
    const webhook = await webhooks(["comment.received"]);
    const post = await createPost(user.key, {
      text: "New drop",
      platforms: [{ platform: "instagram", account_id: instagram.id }],
      schedule_type: "immediate",
    });
    const platformPostId = await eventually(async () => {
      const res = await api("GET", `/api/v1/posts/${post.id}`, { key: user.key });
      return res.body.data.platforms[0].platform_post_id ?? undefined;
    }, "the post to be published");
    const rt = await createRuntime(env);
    const comment = message({ kind: "comment", id: "c_1", text: "Love it", mediaId: platformPostId });
    const written = await Promise.all(Array.from({ length: 5 }, () => recordCommentReceived(rt, comment)));
    expect(written.filter(Boolean)).toHaveLength(1);

    const got = await theRequest("comment.received");
    expect(got.body.data).toEqual({
      accountId: instagram.id,
      platform: "instagram",
      postId: post.id,
      platformPostId,
      commentId: "c_1",
      contactId: "ig_person_1",
      text: "Love it",
      receivedAt: "2030-06-01T08:00:05.000Z",
    });
    expect(await signedWith(webhook.signing_secret, got)).toBe(true);
    expect(requestsTo("elsewhere")).toEqual([]);

    // A post Herald did not publish, or published from another account: no post id; none known: both null.
    await recordReceived(rt, message({ kind: "comment", id: "c_2", mediaId: "ig_media_not_ours" }));
    const onOther = { kind: "comment" as const, id: "c_3", accountId: other.id, platform: "facebook" };
    await recordReceived(rt, message({ ...onOther, mediaId: platformPostId }));
    await recordReceived(rt, message({ kind: "comment", id: "c_4" }));
    const byId = new Map((await outboxOf("comment.received")).map((e) => [e.data.commentId, e.data]));
    expect(byId.get("c_2")).toMatchObject({ postId: null, platformPostId: "ig_media_not_ours" });
    expect(byId.get("c_3")).toMatchObject({ postId: null, platformPostId, accountId: other.id });
    expect(byId.get("c_4")).toMatchObject({ postId: null, platformPostId: null });
    // The account filter both ways: the other account's comment goes to the webhook taking that account alone.
    const elsewhere = await eventually(async () => requestsTo("elsewhere")[0], "the other account's comment");
    expect(elsewhere.body.data).toMatchObject({ commentId: "c_3", accountId: other.id });
    expect(requestsTo("in").map((r) => r.body.data.commentId)).not.toContain("c_3");
    expect(await outboxOf("message.received")).toEqual([]);
  });
});

describe("flow.completed", () => {
  /** An answer to a collect step, as the flow runtime keeps it. */
  const answer = (executionId: string, label: string, value: string, valid: boolean, at: number) =>
    env.DB.prepare(
      "INSERT INTO collected_items (id, user_id, flow_id, flow_name, execution_id, step_id, field_type, field_label, value, valid, collected_at) VALUES (?, ?, 'flow_1', 'Welcome', ?, 'step_1', 'email', ?, ?, ?, ?)",
    )
      .bind(`item_${crypto.randomUUID()}`, user.userId, executionId, label, value, valid ? 1 : 0, at)
      .run();

  it("names the answers' labels and validity, never their values, once per execution", async () => {
    const webhook = await webhooks(["flow.completed"]);
    await answer("exec_1", "Email", "not-an-email", false, 1);
    await answer("exec_1", "Email", "ada@example.com", true, 2);
    await answer("exec_1", "Phone", "+49 30 1234567", true, 3);
    await answer("exec_other", "Email", "bob@example.com", true, 4);
    const rt = await createRuntime(env);
    const execution = {
      id: "exec_1",
      flowId: "flow_1",
      flowName: "Welcome",
      userId: user.userId,
      accountId: instagram.id,
      platform: "instagram",
      contactId: "ig_person_1",
    };
    const written = await Promise.all(Array.from({ length: 5 }, () => recordFlowCompleted(rt, execution)));
    expect(written.filter(Boolean)).toHaveLength(1);

    const got = await theRequest("flow.completed");
    expect(got.body.data).toEqual({
      flowId: "flow_1",
      flowName: "Welcome",
      executionId: "exec_1",
      accountId: instagram.id,
      platform: "instagram",
      contactId: "ig_person_1",
      completedAt: expect.any(String),
      collected: [
        { fieldLabel: "Email", valid: false },
        { fieldLabel: "Email", valid: true },
        { fieldLabel: "Phone", valid: true },
      ],
    });
    for (const value of ["not-an-email", "ada@example.com", "+49 30 1234567", "bob@example.com"]) {
      expect(got.raw).not.toContain(value);
    }
    expect(await signedWith(webhook.signing_secret, got)).toBe(true);
    expect(requestsTo("elsewhere")).toEqual([]);
  });
});
