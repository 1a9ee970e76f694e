// Issue 44, the inbox's agent tools: list_inbox, get_conversation, reply_to_conversation (asks first) and
// update_conversation, over the tool server, calling the services the REST routes call, with their refusals.
import type { ElicitRequestFormParams } from "@modelcontextprotocol/client";
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { inbound, inboundTaken, moveClock } from "../helpers/flow-runs";
import { agentUser, mcpClient, mcpToken, ok, refused, toolNames } from "../helpers/mcp";
import { resetClock } from "../helpers/posts";
import { joined } from "../helpers/teams";
import { eventually } from "../helpers/wait";

type User = Awaited<ReturnType<typeof agentUser>>;
let user: User;
let ig: { id: string };
let comment: any;
let dm: any;
let editor: Awaited<ReturnType<typeof joined>>;

const take = async (accountId: string, kind: string, id: string, sender: string, text: string, extra = {}) => {
  await inbound(user.key, { account_id: accountId, kind, id, sender_id: sender, text, ...extra });
  await inboundTaken(accountId, id);
  await moveClock(user.key, 60_000);
};
const conversationOf = async (contact: string, key = user.key) =>
  (await api("GET", "/api/v1/inbox", { key })).body.data.find((c: any) => c.contact.id === contact);
const sandboxCalls = async (accountId: string) =>
  (
    (await api("GET", `/api/v1/sandbox/published?account_id=${accountId}`, { key: user.key })).body.data as any[]
  ).filter((c) => c.kind !== "publish");
const messagesOf = async (convId: string) =>
  (await api("GET", `/api/v1/inbox/${convId}`, { key: user.key })).body.data.messages as any[];

beforeAll(async () => {
  user = await agentUser("studio");
  await resetClock(user.key);
  ig = await connect(user.key, "instagram");
  await take(ig.id, "comment", "c-1", "ada", "Love the blue one", { media_id: "post-1", sender_handle: "ada.l" });
  await take(ig.id, "message", "m-1", "bob", "Do you ship to Spain?", { sender_name: "Bob Ross" });
  comment = await conversationOf("ada");
  dm = await conversationOf("bob");
  editor = await joined({ key: user.key, id: user.userId }, "editor");
});

describe("list_inbox and get_conversation", () => {
  it("list the conversations the REST API lists, with its filters, and read one, marking it read", async () => {
    const mcp = await mcpClient({ key: user.key });
    const rest = (await api("GET", "/api/v1/inbox", { key: user.key })).body.data;
    const all = await ok(mcp, "list_inbox");
    expect(all).toEqual({ conversations: rest, nextCursor: null });
    expect((await ok(mcp, "list_inbox", { kind: "comment" })).conversations.map((c: any) => c.id)).toEqual([
      comment.id,
    ]);
    expect((await ok(mcp, "list_inbox", { q: "spain", accountId: ig.id })).conversations).toEqual([dm]);
    const first = await ok(mcp, "list_inbox", { limit: 1 });
    expect(first.conversations.map((c: any) => c.id)).toEqual([dm.id]);
    const next = await ok(mcp, "list_inbox", { limit: 1, cursor: first.nextCursor });
    expect([next.conversations.map((c: any) => c.id), next.nextCursor]).toEqual([[comment.id], null]);

    expect((await ok(mcp, "list_inbox", { unread: true })).conversations).toHaveLength(2);
    const read = await ok(mcp, "get_conversation", { conversationId: dm.id });
    expect(read.conversation).toMatchObject({ id: dm.id, unread: false, human_until: null, opted_out: false });
    expect(read.conversation.messages.map((m: any) => [m.direction, m.text])).toEqual([
      ["in", "Do you ship to Spain?"],
    ]);
    expect(read.nextCursor).toBeNull();
    expect((await ok(mcp, "list_inbox", { unread: true })).conversations.map((c: any) => c.id)).toEqual([comment.id]);
    expect((await ok(mcp, "list_inbox", { unread: false })).conversations.map((c: any) => c.id)).toEqual([dm.id]);
  });

  it("refuse bad input naming the field, and another workspace's conversation is not found", async () => {
    const mcp = await mcpClient({ key: user.key });
    expect(await refused(mcp, "list_inbox", { kind: "tweet" })).toMatchObject({
      code: "validation_error",
      issues: [{ path: "kind" }],
    });
    expect(await refused(mcp, "list_inbox", { unread: "yes" })).toMatchObject({ issues: [{ path: "unread" }] });
    expect(await refused(mcp, "list_inbox", { limit: 101 })).toMatchObject({ issues: [{ path: "limit" }] });
    expect(await refused(mcp, "list_inbox", { q: "x".repeat(201) })).toMatchObject({ issues: [{ path: "q" }] });
    expect(await refused(mcp, "get_conversation", {})).toMatchObject({ issues: [{ path: "conversationId" }] });
    expect(await refused(mcp, "get_conversation", { conversationId: 7 })).toMatchObject({
      issues: [{ path: "conversationId" }],
    });
    const other = await agentUser("studio");
    const theirs = await mcpClient({ key: other.key });
    expect(await ok(theirs, "list_inbox")).toEqual({ conversations: [], nextCursor: null });
    for (const [name, args] of [
      ["get_conversation", { conversationId: comment.id }],
      ["update_conversation", { conversationId: comment.id, status: "done" }],
      ["reply_to_conversation", { conversationId: comment.id, text: "hi", confirm: true }],
    ] as const) {
      expect(await refused(theirs, name, args)).toMatchObject({ code: "not_found" });
    }
    expect((await conversationOf("ada")).status).toBe("open");
    expect(await sandboxCalls(ig.id)).toEqual([]);
  });
});

describe("reply_to_conversation", () => {
  it("without confirm answers what it would send and sends nothing; confirmed, it is sent once", async () => {
    const mcp = await mcpClient({ key: user.key });
    const asked = await ok(mcp, "reply_to_conversation", { conversationId: comment.id, text: "Thank you!" });
    expect(asked.status).toBe("confirmation_required");
    expect(asked.preview).toEqual({
      summary: 'Answer publicly under the comment of ada.l on Instagram: "Thank you!".',
      details: {
        conversation_id: comment.id,
        account_id: ig.id,
        kind: "comment",
        text: "Thank you!",
        takes_over_flow: false,
      },
    });
    expect(await messagesOf(comment.id)).toHaveLength(1);

    const done = await ok(mcp, "reply_to_conversation", {
      conversationId: comment.id,
      text: "Thank you!",
      confirm: true,
    });
    expect(done.status).toBe("done");
    expect(done.result).toMatchObject({ direction: "out", text: "Thank you!", status: "pending", private: false });
    const sent = await eventually(
      async () => (await messagesOf(comment.id)).find((m) => m.id === done.result.id && m.status === "sent"),
      "the reply sent",
    );
    expect(sent.platform_message_id).toEqual(expect.any(String));
    const calls = await sandboxCalls(ig.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ kind: "reply", parent_platform_post_id: "c-1", text: "Thank you!" });
  });

  it("a private reply and a direct message say so; an elicitation declined sends nothing", async () => {
    const mcp = await mcpClient({ key: user.key });
    const priv = await ok(mcp, "reply_to_conversation", { conversationId: comment.id, text: "DM'd", private: true });
    expect(priv.preview.summary).toBe(
      'Answer privately, in their inbox, to the comment of ada.l on Instagram: "DM\'d".',
    );
    const asked: ElicitRequestFormParams[] = [];
    const eliciting = await mcpClient(
      { key: user.key },
      {
        elicit: (params) => {
          asked.push(params);
          return { action: "decline" };
        },
      },
    );
    const declined = await ok(eliciting, "reply_to_conversation", { conversationId: dm.id, text: "Yes, we do" });
    expect(declined.status).toBe("declined");
    expect(asked[0]?.message).toContain('Answer with a direct message to Bob Ross on Instagram: "Yes, we do"');
    expect((await messagesOf(dm.id)).map((m) => m.direction)).toEqual(["in"]);
    expect(await sandboxCalls(ig.id)).toHaveLength(1);
  });

  it("refuses what REST refuses before asking, with nothing sent", async () => {
    const mcp = await mcpClient({ key: user.key });
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ conversationId: dm.id }, { code: "validation_error", issues: [{ path: "text" }] }],
      [
        { conversationId: dm.id, text: 42 },
        { code: "validation_error", issues: [{ path: "text" }] },
      ],
      [{ text: "hi" }, { code: "validation_error", issues: [{ path: "conversationId" }] }],
      [{ conversationId: "c".repeat(101), text: "hi" }, { issues: [{ path: "conversationId" }] }],
      [{ conversationId: dm.id, text: "hi", tone: "warm" }, { issues: [{ path: "tone" }] }],
      [{ conversationId: dm.id, text: "hi", private: true }, { code: "reply_not_supported" }],
      [{ conversationId: "conv_nope", text: "hi" }, { code: "not_found" }],
    ];
    for (const [args, refusal] of cases) {
      for (const confirm of [false, true]) {
        expect(await refused(mcp, "reply_to_conversation", { ...args, confirm })).toMatchObject(refusal);
      }
    }
    const long = await refused(mcp, "reply_to_conversation", { conversationId: dm.id, text: "x".repeat(1001) });
    expect(long).toMatchObject({ code: "validation_error", issues: [{ path: "text" }] });
    expect(long.issues).toEqual([
      expect.objectContaining({ message: "Instagram direct messages take at most 1000 characters; this has 1001" }),
    ]);
    expect((await messagesOf(dm.id)).map((m) => m.direction)).toEqual(["in"]);
    expect(await sandboxCalls(ig.id)).toHaveLength(1);
  });

  it("outside the messaging window it is refused at the preview, as over REST", async () => {
    const late = await connect(user.key, "instagram");
    await take(late.id, "message", "m-late", "cyd", "hello?");
    await moveClock(user.key, 25 * 3_600_000);
    const conv = (await api("GET", `/api/v1/inbox?account_id=${late.id}`, { key: user.key })).body.data[0];
    const mcp = await mcpClient({ key: user.key });
    expect(await refused(mcp, "reply_to_conversation", { conversationId: conv.id, text: "sorry" })).toMatchObject({
      code: "outside_messaging_window",
    });
    expect(await sandboxCalls(late.id)).toEqual([]);
  });
});

describe("update_conversation", () => {
  it("closes, labels and assigns to a member, as PATCH does; refuses what PATCH refuses, changing nothing", async () => {
    const member = editor;
    const mcp = await mcpClient({ key: user.key });
    const done = await ok(mcp, "update_conversation", {
      conversationId: dm.id,
      status: "done",
      labels: ["shipping", "shipping", "es"],
      assigneeId: member.id,
    });
    expect(done).toMatchObject({ id: dm.id, status: "done", labels: ["shipping", "es"], assignee_id: member.id });
    expect(done.messages).toBeUndefined();
    expect(await conversationOf("bob")).toMatchObject({ status: "done", assignee_id: member.id });

    const cases: [Record<string, unknown>, string][] = [
      [{ conversationId: dm.id }, "arguments"],
      [{ conversationId: dm.id, status: "closed" }, "status"],
      [{ conversationId: dm.id, labels: Array.from({ length: 21 }, (_, i) => `l${i}`) }, "labels"],
      [{ conversationId: dm.id, labels: ["x".repeat(51)] }, "labels.0"],
      [{ conversationId: dm.id, assigneeId: "usr_stranger" }, "assigneeId"],
    ];
    for (const [args, path] of cases) {
      const refusal = await refused(mcp, "update_conversation", args);
      expect([refusal.code, (refusal.issues as any[])[0].path]).toEqual(["validation_error", path]);
    }
    expect(await conversationOf("bob")).toMatchObject({ labels: ["shipping", "es"], assignee_id: member.id });
    expect((await ok(mcp, "update_conversation", { conversationId: dm.id, assigneeId: null })).assignee_id).toBeNull();
  });
});

describe("who gets the inbox tools", () => {
  it("inbox:read lists and reads; replying and changing need inbox:write, and nothing is changed", async () => {
    const mcp = await mcpClient({ token: await mcpToken(user, "inbox:read agent:execute") });
    expect(toolNames(mcp)).toEqual(["get_conversation", "list_capabilities", "list_inbox"]);
    expect((await ok(mcp, "list_inbox")).conversations.length).toBeGreaterThan(0);
    const capabilities = await ok(mcp, "list_capabilities");
    expect(
      capabilities.unavailable.filter((u: any) => ["reply_to_conversation", "update_conversation"].includes(u.name)),
    ).toEqual([
      expect.objectContaining({
        name: "reply_to_conversation",
        reason: expect.objectContaining({ scopes: ["inbox:write"] }),
      }),
      expect.objectContaining({
        name: "update_conversation",
        reason: expect.objectContaining({ scopes: ["inbox:write"] }),
      }),
    ]);
    for (const [name, args] of [
      ["reply_to_conversation", { conversationId: dm.id, text: "hi", confirm: true }],
      ["update_conversation", { conversationId: dm.id, status: "open" }],
    ] as const) {
      expect(await refused(mcp, name, args)).toMatchObject({ code: "insufficient_scope", scopes: ["inbox:write"] });
    }
    const none = await mcpClient({ token: await mcpToken(user, "posts:read agent:execute") });
    expect(await refused(none, "list_inbox")).toMatchObject({ code: "insufficient_scope", scopes: ["inbox:read"] });
    expect((await conversationOf("bob")).status).toBe("done");
    expect(await sandboxCalls(ig.id)).toHaveLength(1);
  });

  it("a viewer reads; answering is refused for the role, and an editor answers", async () => {
    const viewer = await mcpClient({ key: (await joined({ key: user.key, id: user.userId }, "viewer")).workspaceKey });
    expect(toolNames(viewer)).toContain("list_inbox");
    expect(toolNames(viewer)).not.toContain("reply_to_conversation");
    expect((await ok(viewer, "get_conversation", { conversationId: comment.id })).conversation.id).toBe(comment.id);
    expect(
      await refused(viewer, "reply_to_conversation", { conversationId: comment.id, text: "hi", confirm: true }),
    ).toMatchObject({ code: "insufficient_role", role: "viewer" });
    const asEditor = await mcpClient({ key: editor.workspaceKey });
    const asked = await ok(asEditor, "reply_to_conversation", { conversationId: comment.id, text: "From the team" });
    expect(asked.status).toBe("confirmation_required");
    expect(await sandboxCalls(ig.id)).toHaveLength(1);
  });
});
