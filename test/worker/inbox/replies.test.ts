// Issue 44, replies: sent once through the queue (the sandbox platform records one call), retried once after a
// transient failure, never after a time-out (ambiguous), and refused up front with nothing sent.
import { env, runInDurableObject } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactRunner } from "../../../src/durable/contact-runner";
import { api, connect, newUser } from "../helpers/api";
import {
  executionIn,
  executionsOf,
  inbound,
  inboundTaken,
  liveFlow,
  message,
  moveClock,
  runnerOf,
  settle,
  textsTo,
  trigger,
} from "../helpers/flow-runs";
import { resetClock } from "../helpers/posts";
import { stubNetwork } from "../helpers/receiver";
import { joined } from "../helpers/teams";
import { eventually } from "../helpers/wait";
import { addWebhook, outboxEvents, signedWith } from "../helpers/webhooks";

const HOST = "inbox-replies.example.com";
const net = stubNetwork();
afterAll(() => net.restore());

let user: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  user = await newUser("studio");
  await resetClock(user.key);
  net.serve(HOST, 200);
});

async function conversation(platform: string, kind: string, id: string) {
  const account = await connect(user.key, platform);
  await inbound(user.key, { account_id: account.id, kind, id, sender_id: `p-${id}`, text: "hi", media_id: "post-1" });
  await inboundTaken(account.id, id);
  const list = await api("GET", `/api/v1/inbox?account_id=${account.id}`, { key: user.key });
  return { account, conv: list.body.data[0] };
}

const calls = async (accountId: string) =>
  (
    (await api("GET", `/api/v1/sandbox/published?account_id=${accountId}`, { key: user.key })).body.data as any[]
  ).filter((c) => c.kind !== "publish");
const reply = (convId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api("POST", `/api/v1/inbox/${convId}/replies`, { key: user.key, body, headers });
const messageOf = (convId: string, id: string) =>
  eventually(async () => {
    const res = await api("GET", `/api/v1/inbox/${convId}`, { key: user.key });
    const m = res.body.data.messages.find((x: any) => x.id === id);
    return m && m.status !== "pending" ? m : undefined;
  }, `reply ${id} settled`);
const fault = (platform: string, mode: string, count: number) =>
  api("POST", "/api/v1/sandbox/faults", { key: user.key, body: { platform, mode, count } });

describe("POST /api/v1/inbox/{conversationId}/replies", () => {
  it("a queue message delivered again, or racing itself, sends nothing twice; the outcome is delivered signed", async () => {
    const webhook = await addWebhook(user.key, {
      target_url: `https://${HOST}/replies`,
      events: ["inbox.reply_sent", "inbox.reply_failed"],
    });
    const { account, conv } = await conversation("mastodon", "comment", "c-race");
    const answer = await reply(conv.id, { text: "Racing" });
    expect(answer.status).toBe(202);
    const messageId = answer.body.data.id;
    // The queue delivers at least once: the same message many times at once, then again after it was sent.
    await Promise.all(Array.from({ length: 6 }, () => env.INBOX_REPLY_QUEUE.send({ messageId })));
    expect((await messageOf(conv.id, messageId)).status).toBe("sent");
    await Promise.all(Array.from({ length: 3 }, () => env.INBOX_REPLY_QUEUE.send({ messageId })));
    await settle();
    const recorded = await calls(account.id);
    expect(recorded).toHaveLength(1);
    // Mastodon threads a reply as a status in reply to the comment.
    expect(recorded[0]).toMatchObject({ kind: "comment", parent_platform_post_id: "c-race", text: "Racing" });
    const got = await eventually(
      async () => net.received(HOST).find((r) => r.body.data?.messageId === messageId),
      "inbox.reply_sent delivered",
    );
    expect(got.body.event).toBe("inbox.reply_sent");
    expect(got.body.data).toEqual({
      conversationId: conv.id,
      messageId,
      platform: "mastodon",
      accountId: account.id,
      platformMessageId: recorded[0].platform_post_id,
      error: null,
    });
    expect(await signedWith(webhook.signing_secret, got)).toBe(true);
    expect(
      (await outboxEvents(user.key, "inbox.reply_sent")).filter((e) => e.data.messageId === messageId),
    ).toHaveLength(1);
  });

  it("a reply is by the member who sent it: their member id and name, not the workspace's", async () => {
    const { conv } = await conversation("mastodon", "comment", "c-by-member");
    const editor = await joined({ key: user.key, id: user.userId }, "editor");
    await env.DB.prepare("UPDATE users SET name = 'Ana Editor' WHERE id = ?").bind(editor.id).run();
    const byEditor = await api("POST", `/api/v1/inbox/${conv.id}/replies`, {
      key: editor.workspaceKey,
      body: { text: "From the team" },
    });
    expect(byEditor.status).toBe(202);
    expect(byEditor.body.data.author).toEqual({ id: editor.memberId, name: "Ana Editor" });
    const sent = await messageOf(conv.id, byEditor.body.data.id);
    expect(sent.author).toEqual({ id: editor.memberId, name: "Ana Editor" });
  });

  it("a Google review (the sandbox's stand-in for the poll) is answered with one review reply", async () => {
    const { account, conv } = await conversation("google_business", "comment", "accounts/1/locations/2/reviews/r-1");
    expect([conv.platform, conv.kind]).toEqual(["google_business", "comment"]);
    const answer = await reply(conv.id, { text: "Thank you for the kind words" });
    expect(answer.status).toBe(202);
    expect((await messageOf(conv.id, answer.body.data.id)).status).toBe("sent");
    expect((await calls(account.id)).map((c) => [c.kind, c.text])).toEqual([["reply", "Thank you for the kind words"]]);
  });

  it("a reply left mid-call by a consumer that died fails as ambiguous by the sweep, once, and is never sent", async () => {
    const { account, conv } = await conversation("twitter", "comment", "c-abandon");
    const first = await reply(conv.id, { text: "first" });
    await messageOf(conv.id, first.body.data.id);
    // A consumer claimed this one (sending) and died before the platform answered.
    await env.DB.prepare(
      `INSERT INTO inbox_messages (id, conversation_id, user_id, account_id, direction, text, at, author_id, reply_to_id, state, tries)
       SELECT 'msg_abandoned', conversation_id, user_id, account_id, 'out', 'lost', at, author_id, reply_to_id, 'sending', 1
       FROM inbox_messages WHERE id = ?`,
    )
      .bind(first.body.data.id)
      .run();
    const tick = () => api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["inbox-sweep"] } });
    await tick();
    const detail = async () =>
      (await api("GET", `/api/v1/inbox/${conv.id}`, { key: user.key })).body.data.messages.find(
        (m: any) => m.id === "msg_abandoned",
      );
    expect((await detail()).status).toBe("pending");
    await moveClock(user.key, 16 * 60_000);
    await Promise.all([tick(), tick()]);
    expect(await detail()).toMatchObject({
      status: "failed",
      error: { code: "AMBIGUOUS_MAY_HAVE_POSTED", ambiguous: true },
    });
    const failed = (await outboxEvents(user.key, "inbox.reply_failed")).filter(
      (e) => e.data.messageId === "msg_abandoned",
    );
    expect(failed).toHaveLength(1);
    expect((await calls(account.id)).map((c) => c.text)).toEqual(["first"]);
  });

  it("a reply whose queue message never arrives is queued again for 15 minutes, then fails as not sent, once", async () => {
    const { account, conv } = await conversation("twitter", "comment", "c-never");
    const first = await reply(conv.id, { text: "first" });
    await messageOf(conv.id, first.body.data.id);
    // Asked for, and its queue message lost before any consumer claimed it.
    await env.DB.prepare(
      `INSERT INTO inbox_messages (id, conversation_id, user_id, account_id, direction, text, at, author_id, reply_to_id, state, tries)
       SELECT 'msg_never', conversation_id, user_id, account_id, 'out', 'never', at, author_id, reply_to_id, 'pending', 0
       FROM inbox_messages WHERE id = ?`,
    )
      .bind(first.body.data.id)
      .run();
    await moveClock(user.key, 16 * 60_000);
    const tick = () => api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["inbox-sweep"] } });
    await Promise.all([tick(), tick()]);
    const detail = (await api("GET", `/api/v1/inbox/${conv.id}`, { key: user.key })).body.data.messages.find(
      (m: any) => m.id === "msg_never",
    );
    expect(detail).toMatchObject({ status: "failed", error: { code: "internal_error", ambiguous: false } });
    const failed = (await outboxEvents(user.key, "inbox.reply_failed")).filter((e) => e.data.messageId === "msg_never");
    expect(failed).toHaveLength(1);
    await tick();
    expect((await calls(account.id)).map((c) => c.text)).toEqual(["first"]);
  });

  it("a person's reply where a flow runs takes the contact over: the flow sends nothing more while it lasts", async () => {
    const ig = await connect(user.key, "instagram");
    const flow = await liveFlow(
      user.key,
      ig.id,
      "Drip",
      [
        trigger("dm_keyword", ["DRIP"]),
        message("First", "First"),
        { type: "delay", name: "Wait", data: { delay_time: 10 * 60_000 } },
        message("Second", "Second"),
      ],
      [
        ["Trigger", "First"],
        ["First", "Wait"],
        ["Wait", "Second"],
      ],
    );
    await inbound(user.key, { account_id: ig.id, kind: "message", id: "m-drip", sender_id: "u-drip", text: "drip" });
    await executionIn(flow.id, "waiting_delay");
    const [conv] = (await api("GET", `/api/v1/inbox?account_id=${ig.id}`, { key: user.key })).body.data;
    expect(conv.flow).toMatchObject({ flow_id: flow.id, status: "waiting_delay" });
    const answer = await reply(conv.id, { text: "A person here" });
    expect(answer.status).toBe(202);
    await messageOf(conv.id, answer.body.data.id);
    const detail = (await api("GET", `/api/v1/inbox/${conv.id}`, { key: user.key })).body.data;
    expect(detail.human_until).toEqual(expect.any(String));
    // The delay ends inside the hour's takeover: the run wakes, finds a person in charge and stops, sending nothing.
    await moveClock(user.key, 11 * 60_000);
    await runInDurableObject(runnerOf(ig.id, "u-drip"), (r: ContactRunner) => r.alarm());
    expect((await executionsOf(flow.id))[0]).toMatchObject({ status: "stopped", stop_reason: "human_takeover" });
    expect(await textsTo(user.key, ig.id, "u-drip")).toEqual(["First", "A person here"]);
  });

  it("answers 202 pending and sends once under an Idempotency-Key retried and racing", async () => {
    const { account, conv } = await conversation("instagram", "comment", "c-once");
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => reply(conv.id, { text: "Thanks!" }, { "idempotency-key": "k-once" })),
    );
    const first = answers.find((a) => a.status === 202)!;
    expect(first.body.data).toMatchObject({ direction: "out", text: "Thanks!", status: "pending" });
    expect(answers.every((a) => a.status === 202 || a.body.error.code === "idempotency_in_progress")).toBe(true);
    const again = await reply(conv.id, { text: "Thanks!" }, { "idempotency-key": "k-once" });
    expect(again.body.data.id).toBe(first.body.data.id);
    const sent = await messageOf(conv.id, first.body.data.id);
    expect(sent.status).toBe("sent");
    const recorded = await calls(account.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ kind: "reply", parent_platform_post_id: "c-once", text: "Thanks!" });
    const events = (await outboxEvents(user.key, "inbox.reply_sent")).filter((e) => e.data.messageId === sent.id);
    expect(events).toHaveLength(1);
  });

  it("a transient failure is tried once more; a time-out is not tried again and is shown as ambiguous", async () => {
    const { account, conv } = await conversation("bluesky", "comment", "c-fail");
    await fault("bluesky", "error", 1);
    const retried = await reply(conv.id, { text: "one" });
    expect((await messageOf(conv.id, retried.body.data.id)).status).toBe("sent");
    await fault("bluesky", "timeout", 1);
    const lost = await reply(conv.id, { text: "two" });
    const failed = await messageOf(conv.id, lost.body.data.id);
    expect(failed).toMatchObject({ status: "failed", error: { ambiguous: true } });
    expect((await calls(account.id)).map((c) => c.text)).toEqual(["one"]);
    const events = await outboxEvents(user.key, "inbox.reply_failed");
    expect(events.filter((e) => e.data.messageId === failed.id)).toHaveLength(1);
  });

  it("refuses up front, sending nothing: over the limit, no such reply, outside the window, opted out", async () => {
    const { account, conv } = await conversation("bluesky", "comment", "c-refuse");
    const long = await reply(conv.id, { text: "x".repeat(301) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain("Bluesky");
    const priv = await reply(conv.id, { text: "psst", private: true });
    expect(priv.body.error.code).toBe("reply_not_supported");

    const dm = await conversation("instagram", "message", "m-window");
    await moveClock(user.key, 25 * 3_600_000);
    const late = await reply(dm.conv.id, { text: "sorry for the wait" });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("outside_messaging_window");

    const out = await conversation("facebook", "message", "m-out");
    await api("PATCH", `/api/v1/accounts/${out.account.id}/contacts/p-m-out`, {
      key: user.key,
      body: { opted_out: true },
    });
    const refused = await reply(out.conv.id, { text: "hello" });
    expect(refused.body.error.code).toBe("contact_opted_out");
    const wa = await conversation("whatsapp", "message", "m-wa-late");
    await moveClock(user.key, 25 * 3_600_000);
    const template = await reply(wa.conv.id, { text: "hello again" });
    expect(template.body.error).toMatchObject({ code: "outside_messaging_window" });
    expect(template.body.error.message).toContain("template");

    // LinkedIn's API has comment replies, but Herald's adapter makes none yet: refused, as in production.
    const li = await conversation("linkedin", "comment", "c-li");
    const unsupported = await reply(li.conv.id, { text: "thanks" });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error).toMatchObject({ code: "reply_not_supported" });
    const longDm = await reply(dm.conv.id, { text: "x".repeat(1001) });
    expect(longDm.body.error.message).toContain("Instagram direct messages take at most 1000 characters");
    for (const a of [account, dm.account, out.account, wa.account, li.account]) expect(await calls(a.id)).toEqual([]);
  });

  it("a private reply (Meta) once per comment", async () => {
    const { account, conv } = await conversation("facebook", "comment", "c-private");
    const first = await reply(conv.id, { text: "DM'd you", private: true });
    expect(first.status).toBe(202);
    expect((await messageOf(conv.id, first.body.data.id)).private).toBe(true);
    const second = await reply(conv.id, { text: "again", private: true });
    expect(second.body.error.code).toBe("private_reply_used");
    expect((await calls(account.id)).map((c) => c.kind)).toEqual(["private_reply"]);
  });
});

describe("POST /api/v1/inbox/{conversationId}/hide and /unhide", () => {
  it("hides the person's comments on the platform, once each; shows one again; refuses where hiding is not", async () => {
    const { account, conv } = await conversation("instagram", "comment", "c-hide-1");
    await inbound(user.key, {
      account_id: account.id,
      kind: "comment",
      id: "c-hide-2",
      sender_id: "p-c-hide-1",
      text: "spam again",
      media_id: "post-1",
    });
    await inboundTaken(account.id, "c-hide-2");
    const hide = (body?: Record<string, unknown>) =>
      api("POST", `/api/v1/inbox/${conv.id}/hide`, { key: user.key, ...(body ? { body } : {}) });

    const hidden = await hide();
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body.data.map((m: any) => [m.platform_message_id, m.hidden]).sort()).toEqual([
      ["c-hide-1", true],
      ["c-hide-2", true],
    ]);
    // Again, and racing: nothing more reaches the platform.
    const again = await Promise.all([hide(), hide()]);
    expect(again.map((a) => a.status)).toEqual([200, 200]);
    const hides = (await calls(account.id)).filter((c) => c.kind === "hide");
    expect(hides.map((c) => c.parent_platform_post_id).sort()).toEqual(["c-hide-1", "c-hide-2"]);

    const detail = (await api("GET", `/api/v1/inbox/${conv.id}`, { key: user.key })).body.data;
    const first = detail.messages.find((m: any) => m.platform_message_id === "c-hide-1");
    expect(detail.messages.every((m: any) => m.hidden)).toBe(true);
    const shown = await api("POST", `/api/v1/inbox/${conv.id}/unhide`, {
      key: user.key,
      body: { message_id: first.id },
    });
    expect(shown.body.data).toEqual([expect.objectContaining({ id: first.id, hidden: false })]);
    expect((await calls(account.id)).filter((c) => c.kind === "unhide").map((c) => c.parent_platform_post_id)).toEqual([
      "c-hide-1",
    ]);

    const bsky = await conversation("bluesky", "comment", "c-hide-bsky");
    const refused = await api("POST", `/api/v1/inbox/${bsky.conv.id}/hide`, { key: user.key });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("hide_not_supported");
    const dm = await conversation("facebook", "message", "m-hide");
    const notComments = await api("POST", `/api/v1/inbox/${dm.conv.id}/hide`, { key: user.key });
    expect(notComments.body.error.code).toBe("hide_not_supported");
    for (const a of [bsky.account, dm.account]) expect(await calls(a.id)).toEqual([]);
  });

  it("a platform that does not answer changes nothing and says so", async () => {
    const { account, conv } = await conversation("facebook", "comment", "c-hide-fault");
    await fault("facebook", "timeout", 1);
    const failed = await api("POST", `/api/v1/inbox/${conv.id}/hide`, { key: user.key });
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe("platform_unreachable");
    const detail = (await api("GET", `/api/v1/inbox/${conv.id}`, { key: user.key })).body.data;
    expect(detail.messages.map((m: any) => m.hidden)).toEqual([false]);
    expect(await calls(account.id)).toEqual([]);
    const retried = await api("POST", `/api/v1/inbox/${conv.id}/hide`, { key: user.key });
    expect(retried.body.data).toHaveLength(1);
  });
});
