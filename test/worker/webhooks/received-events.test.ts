// Issue #39: message.received, comment.received and flow.completed are sent. A comment or message taken in through
// sandbox inbound (as the platform's webhook brings it) and a flow run that ends each reach a signed receiver and
// `GET /api/v1/events`, once per fact, to webhooks whose account filter takes the account.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { PLANS } from "../../../src/services/plans";
import { api, connect, newUser } from "../helpers/api";
import { executionIn, inbound, inboundTaken, liveFlow, message, moveClock, trigger } from "../helpers/flow-runs";
import { expectOk, flows } from "../helpers/flows";
import { createPost, resetClock } from "../helpers/posts";
import { stubNetwork } from "../helpers/receiver";
import { eventually } from "../helpers/wait";
import { addWebhook, deliveryRow, outboxEvents, signedWith, sweep } from "../helpers/webhooks";

const HOST = "hooks.example.com";
const HOUR = 3_600_000;
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

/** The one request carrying `event` (and matching `which`), once it has arrived; a sweep then sends no second. */
async function theRequest(event: string, which: (data: any) => boolean = () => true) {
  const carrying = () => requestsTo("in").filter((r) => r.body.event === event && which(r.body.data));
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

const dm = (id: string, text: string, kind = "message", extra: Record<string, string> = {}) =>
  inbound(user.key, { account_id: instagram.id, kind, id, sender_id: "ig_person_1", text, ...extra });

describe("message.received", () => {
  it("a DM taken in is sent signed once, however often the platform delivers it, and listed in GET /events", async () => {
    const webhook = await webhooks(["message.received"]);
    const received = await dm("mid.1", "Is it in stock?");
    // The platform delivers the same message again, at once and later.
    await Promise.all(Array.from({ length: 4 }, () => dm("mid.1", "Is it in stock?")));
    await inboundTaken(instagram.id, "mid.1");
    await dm("mid.1", "Is it in stock?");

    const got = await theRequest("message.received");
    expect(got.body.data).toEqual({
      accountId: instagram.id,
      platform: "instagram",
      conversationId: expect.stringMatching(/^conv_/),
      contactId: "ig_person_1",
      messageId: "mid.1",
      text: "Is it in stock?",
      receivedAt: received.received_at,
    });
    expect(got.body.data).not.toHaveProperty("media");
    expect(await signedWith(webhook.signing_secret, got)).toBe(true);
    expect(requestsTo("elsewhere")).toEqual([]);
    const listed = await outboxOf("message.received");
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: got.body.id, data: got.body.data });
  });

  it("is sent whether or not a flow ran; story replies and mentions are messages; a comment is not one", async () => {
    await webhooks(["message.received"]);
    const flow = await liveFlow(
      user.key,
      instagram.id,
      "Stock",
      [trigger("dm_keyword", ["STOCK"]), message("Reply", "In stock!")],
      [["Trigger", "Reply"]],
    );
    await dm("mid.flow", "stock?");
    await executionIn(flow.id, "completed");
    await dm("mid.plain", "hello");
    await dm("mid.story", "nice story", "story_reply", { media_id: "story_1" });
    await dm("mid.mention", "", "story_mention");
    await dm("c_1", "a comment", "comment");
    const ids = () => requestsTo("in").map((r) => r.body.data.messageId);
    await eventually(async () => (ids().length === 4 ? ids() : undefined), "four message.received");
    expect(new Set(ids())).toEqual(new Set(["mid.flow", "mid.plain", "mid.story", "mid.mention"]));
    expect((await outboxOf("message.received")).map((e) => e.data.messageId)).toEqual([
      "mid.flow",
      "mid.plain",
      "mid.story",
      "mid.mention",
    ]);
    expect(await outboxOf("comment.received")).toHaveLength(1);
  });

  it("is written but not delivered while the plan has no API access", async () => {
    const webhook = await webhooks(["message.received"]);
    PLANS.studio.apiAccess = false;
    try {
      await dm("mid.no_access", "hello");
      const [event] = await eventually(async () => {
        const written = await outboxOf("message.received");
        return written.length > 0 ? written : undefined;
      }, "the event written");
      await sweep(user.key);
      expect(await deliveryRow(webhook.id, event!.id)).toBeNull();
    } finally {
      PLANS.studio.apiAccess = true;
    }
  });
});

describe("comment.received", () => {
  it("names Herald's post when Herald published the one commented on, once per comment, to the account's webhooks", async () => {
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
    const taken = await dm("c_1", "Love it", "comment", { media_id: platformPostId });
    await Promise.all(Array.from({ length: 3 }, () => dm("c_1", "Love it", "comment", { media_id: platformPostId })));

    const got = await theRequest("comment.received", (d) => d.commentId === "c_1");
    expect(got.body.data).toEqual({
      accountId: instagram.id,
      platform: "instagram",
      conversationId: expect.stringMatching(/^conv_/),
      postId: post.id,
      platformPostId,
      commentId: "c_1",
      contactId: "ig_person_1",
      text: "Love it",
      receivedAt: taken.received_at,
    });
    expect(await signedWith(webhook.signing_secret, got)).toBe(true);

    // A post Herald did not publish: no post id; the platform named none: both null.
    await dm("c_2", "hm", "comment", { media_id: "ig_media_not_ours" });
    await dm("c_3", "hm", "comment");
    // The same post id on the other account is another post: the comment goes to the webhook taking that account.
    await inbound(user.key, {
      account_id: other.id,
      kind: "comment",
      id: "c_4",
      sender_id: "fb_person",
      text: "hi",
      media_id: platformPostId,
    });
    const elsewhere = await eventually(async () => requestsTo("elsewhere")[0], "the other account's comment");
    expect(elsewhere.body.data).toMatchObject({ commentId: "c_4", accountId: other.id, postId: null, platformPostId });
    const byId = await eventually(async () => {
      const written = new Map((await outboxOf("comment.received")).map((e) => [e.data.commentId, e.data]));
      return written.size === 4 ? written : undefined;
    }, "four comments written");
    expect(byId.get("c_2")).toMatchObject({ postId: null, platformPostId: "ig_media_not_ours" });
    expect(byId.get("c_3")).toMatchObject({ postId: null, platformPostId: null });
    expect(requestsTo("in").map((r) => r.body.data.commentId)).not.toContain("c_4");
    expect(await outboxOf("message.received")).toEqual([]);
  });
});

describe("flow.completed", () => {
  it("a run that ends well names the answers' labels and validity, never their values, once", async () => {
    const webhook = await webhooks(["flow.completed"]);
    const flow = await liveFlow(
      user.key,
      instagram.id,
      "Welcome",
      [
        trigger("dm_keyword", ["HELLO"]),
        { type: "collect", name: "Email", data: { field_type: "email", label: "Email", retries: 2 } },
        { type: "collect", name: "Phone", data: { field_type: "phone", label: "Phone" } },
        message("Thanks", "Thanks!"),
      ],
      [
        ["Trigger", "Email"],
        ["Email", "Phone", "valid"],
        ["Phone", "Thanks", "valid"],
      ],
    );
    await dm("mid.hello", "hello");
    await executionIn(flow.id, "waiting_input");
    for (const [id, answer] of [
      ["mid.a1", "not-an-email"],
      ["mid.a2", "ada@example.com"],
      ["mid.a3", "+49 30 1234567"],
    ]) {
      await dm(id!, answer!);
      await inboundTaken(instagram.id, id!);
    }
    const done = await executionIn(flow.id, "completed");

    const got = await theRequest("flow.completed");
    expect(got.body.data).toEqual({
      flowId: flow.id,
      flowName: "Welcome",
      executionId: done.id,
      accountId: instagram.id,
      platform: "instagram",
      contactId: "ig_person_1",
      completedAt: new Date(done.ended_at).toISOString(),
      collected: [
        { fieldLabel: "Email", valid: false },
        { fieldLabel: "Email", valid: true },
        { fieldLabel: "Phone", valid: true },
      ],
    });
    for (const value of ["not-an-email", "ada@example.com", "+49 30 1234567"]) expect(got.raw).not.toContain(value);
    expect(await signedWith(webhook.signing_secret, got)).toBe(true);
    expect(requestsTo("elsewhere")).toEqual([]);
    expect(await outboxOf("flow.completed")).toHaveLength(1);
  });

  it("a run that is stopped or fails sends none", async () => {
    await webhooks(["flow.completed", "flow.error"]);
    const later = (name: string, keyword: string) =>
      liveFlow(
        user.key,
        instagram.id,
        name,
        [
          trigger("dm_keyword", [keyword]),
          { type: "delay", name: "Wait", data: { delay_time: 25 * HOUR } },
          message("Later", "A day later"),
        ],
        [
          ["Trigger", "Wait"],
          ["Wait", "Later"],
        ],
      );
    const halted = await later("Halted", "HALT");
    await dm("mid.halt", "halt");
    await executionIn(halted.id, "waiting_delay");
    await expectOk(flows(user.key).deactivate(halted.id));
    // The window the DM opened has closed when the delay ends: the message cannot go.
    const failing = await later("Fails", "FAIL");
    await dm("mid.fail", "fail");
    await executionIn(failing.id, "waiting_delay");
    await moveClock(user.key, 25 * HOUR);
    await executionIn(failing.id, "errored");
    await eventually(async () => requestsTo("in").find((r) => r.body.event === "flow.error"), "flow.error");
    await sweep(user.key);
    expect(await outboxOf("flow.completed")).toEqual([]);
  });
});
