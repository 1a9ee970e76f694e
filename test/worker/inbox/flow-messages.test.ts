// Issue 44, a flow's messages in the conversation: what a flow sends shows in the thread, once, as the flow's, beside
// the person's messages and a member's replies; a private reply on the comment's conversation.
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import {
  executionIn,
  inbound,
  inboundTaken,
  liveFlow,
  message,
  moveClock,
  runnerIdle,
  sent,
  sentAtLeast,
  settle,
  trigger,
} from "../helpers/flow-runs";
import { resetClock } from "../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  user = await newUser("studio");
  await resetClock(user.key);
});

const inboxOf = async (accountId: string) =>
  (await api("GET", `/api/v1/inbox?account_id=${accountId}`, { key: user.key })).body.data as any[];
const detail = async (convId: string) => (await api("GET", `/api/v1/inbox/${convId}`, { key: user.key })).body.data;
/** The thread as [direction, text, who]: the contact, the flow, or a member. */
const thread = async (convId: string, contactId: string) =>
  (await detail(convId)).messages.map((m: any) => [
    m.direction,
    m.text,
    m.author.id.startsWith("flow:") ? "flow" : m.author.id === contactId ? "contact" : "member",
  ]);

describe("a flow's messages in the conversation", () => {
  it("a DM flow's messages show in the thread once, as the flow's, and the list shows the last one", async () => {
    const ig = await connect(user.key, "instagram");
    const flow = await liveFlow(
      user.key,
      ig.id,
      "Welcome",
      [
        trigger("dm_keyword", ["HELLO"]),
        message("Hi", "Hi! How can we help?"),
        message("More", "We reply within a day"),
      ],
      [
        ["Trigger", "Hi"],
        ["Hi", "More"],
      ],
    );
    const dm = { account_id: ig.id, kind: "message", id: "m-hello", sender_id: "u-hello", text: "hello" };
    await inbound(user.key, dm);
    await inboundTaken(ig.id, "m-hello");
    const execution = await executionIn(flow.id, "completed");
    const [conv] = await inboxOf(ig.id);
    expect(conv).toMatchObject({
      kind: "message",
      unread: true,
      last_message: { text: "We reply within a day", direction: "out" },
      flow: { flow_id: flow.id, status: "completed" },
    });
    const messages = (await detail(conv.id)).messages;
    // The flow's two messages may be written in one millisecond: their order between them is not asserted.
    expect(messages[0]).toMatchObject({ direction: "in", text: "hello" });
    expect(
      messages
        .slice(1)
        .map((m: any) => [m.direction, m.text])
        .sort(),
    ).toEqual([
      ["out", "Hi! How can we help?"],
      ["out", "We reply within a day"],
    ]);
    const first = messages.find((m: any) => m.text === "Hi! How can we help?");
    const recorded = await sent(user.key, ig.id);
    expect(first).toMatchObject({
      author: { id: `flow:${execution.id}`, name: "Welcome" },
      status: "sent",
      private: false,
      platform_message_id: recorded.find((c) => c.text === "Hi! How can we help?")!.platform_post_id,
    });

    // The webhook delivered again: the flow sends nothing more, and the thread is the same.
    await inbound(user.key, dm);
    await settle();
    await runnerIdle(ig.id, "u-hello");
    expect((await detail(conv.id)).messages).toHaveLength(3);
    expect(await sent(user.key, ig.id)).toHaveLength(2);

    // A member's reply, a minute later, sits after the flow's.
    await moveClock(user.key, 60_000);
    const reply = await api("POST", `/api/v1/inbox/${conv.id}/replies`, { key: user.key, body: { text: "A person" } });
    expect(reply.status).toBe(202);
    await sentAtLeast(user.key, ig.id, 3);
    const whole = await thread(conv.id, "u-hello");
    expect(whole.map(([, , who]: string[]) => who)).toEqual(["contact", "flow", "flow", "member"]);
    expect(whole[3]).toEqual(["out", "A person", "member"]);
    // The member's reply was sent by the inbox, not the flow: it is there once.
    expect((await detail(conv.id)).messages).toHaveLength(4);
  });

  it("a comment flow's private reply shows on the comment's conversation, as private", async () => {
    const fb = await connect(user.key, "facebook");
    await liveFlow(
      user.key,
      fb.id,
      "Guide",
      [trigger("comment_keyword", ["GUIDE"]), message("Send", "Here is the guide")],
      [["Trigger", "Send"]],
    );
    await inbound(user.key, {
      account_id: fb.id,
      kind: "comment",
      id: "c-guide",
      sender_id: "u-guide",
      text: "GUIDE please",
      media_id: "post-7",
    });
    await inboundTaken(fb.id, "c-guide");
    await sentAtLeast(user.key, fb.id, 1);
    const convs = await inboxOf(fb.id);
    expect(convs.map((c) => c.kind)).toEqual(["comment"]);
    const messages = (await detail(convs[0].id)).messages;
    expect(messages.map((m: any) => [m.direction, m.text, m.private])).toEqual([
      ["in", "GUIDE please", false],
      ["out", "Here is the guide", true],
    ]);
    expect(messages[1].author.name).toBe("Guide");
    expect((await sent(user.key, fb.id))[0]).toMatchObject({ kind: "private_reply" });
  });
});
