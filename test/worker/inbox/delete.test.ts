// Issue 44, deleting a comment Herald's account wrote: one platform call under retries and races (the sandbox
// records it), a failed call changing nothing, and every refusal with nothing sent.
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { inbound, inboundTaken } from "../helpers/flow-runs";
import { accessTokenFor } from "../helpers/oauth-client";
import { resetClock } from "../helpers/posts";
import { eventually } from "../helpers/wait";

let user: { key: string; email: string; password: string };
beforeAll(async () => {
  const { data } = (await api("POST", "/api/v1/sandbox/users", { body: { plan: "studio" } })).body;
  user = { key: data.api_key, email: data.email, password: data.password };
  await resetClock(user.key);
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
const messages = async (convId: string) =>
  (await api("GET", `/api/v1/inbox/${convId}`, { key: user.key })).body.data.messages as any[];
/** A reply from Herald in the conversation, once it settled. */
async function settledReply(convId: string, body: Record<string, unknown>) {
  const answer = await api("POST", `/api/v1/inbox/${convId}/replies`, { key: user.key, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return eventually(async () => {
    const m = (await messages(convId)).find((x) => x.id === answer.body.data.id);
    return m && m.status !== "pending" ? m : undefined;
  }, "reply settled");
}
const remove = (convId: string, messageId: string, key = user.key) =>
  api("DELETE", `/api/v1/inbox/${convId}/messages/${messageId}`, { key });
const fault = (platform: string, mode: string, count: number) =>
  api("POST", "/api/v1/sandbox/faults", { key: user.key, body: { platform, mode, count } });

describe("DELETE /api/v1/inbox/{conversationId}/messages/{messageId}", () => {
  it("deletes Herald's reply on the platform once, whether retried or racing", async () => {
    const { account, conv } = await conversation("instagram", "comment", "c-del");
    const reply = await settledReply(conv.id, { text: "Oops, wrong post" });
    expect(reply.status).toBe("sent");
    const answers = await Promise.all([
      remove(conv.id, reply.id),
      remove(conv.id, reply.id),
      remove(conv.id, reply.id),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.every((a) => a.body.data.id === reply.id && a.body.data.deleted === true)).toBe(true);
    const again = await remove(conv.id, reply.id);
    expect([again.status, again.body.data.deleted]).toEqual([200, true]);
    const deletes = (await calls(account.id)).filter((c) => c.kind === "delete_comment");
    expect(deletes).toHaveLength(1);
    expect(deletes[0].parent_platform_post_id).toBe(reply.platform_message_id);
    expect((await messages(conv.id)).find((m) => m.id === reply.id).deleted).toBe(true);
  });

  it("a platform that does not answer deletes nothing and says so; a retry deletes it", async () => {
    const { account, conv } = await conversation("facebook", "comment", "c-del-fault");
    const reply = await settledReply(conv.id, { text: "Thanks" });
    await fault("facebook", "timeout", 1);
    const failed = await remove(conv.id, reply.id);
    expect([failed.status, failed.body.error.code]).toEqual([502, "platform_unreachable"]);
    expect((await messages(conv.id)).find((m) => m.id === reply.id).deleted).toBe(false);
    expect((await calls(account.id)).filter((c) => c.kind === "delete_comment")).toEqual([]);
    expect((await remove(conv.id, reply.id)).body.data.deleted).toBe(true);
    expect((await calls(account.id)).filter((c) => c.kind === "delete_comment")).toHaveLength(1);
  });

  it("refuses what is not Herald's own sent public comment, or not deletable there, with nothing sent", async () => {
    const ig = await conversation("instagram", "comment", "c-del-refuse");
    const theirs = (await messages(ig.conv.id))[0];
    const own = await settledReply(ig.conv.id, { text: "Ours" });
    const refusals: [string, string, number, string][] = [
      [ig.conv.id, theirs.id, 400, "delete_not_supported"],
      [ig.conv.id, "msg_nope", 404, "not_found"],
      [ig.conv.id, "m".repeat(101), 400, "validation_error"],
      ["conv_nope", own.id, 404, "not_found"],
    ];
    const fb = await conversation("facebook", "comment", "c-del-private");
    const privately = await settledReply(fb.conv.id, { text: "DM'd you", private: true });
    refusals.push([fb.conv.id, privately.id, 400, "delete_not_supported"]);
    // A message of another conversation is not found in this one.
    refusals.push([fb.conv.id, own.id, 404, "not_found"]);
    const dm = await conversation("facebook", "message", "m-del");
    const sentDm = await settledReply(dm.conv.id, { text: "Hello" });
    refusals.push([dm.conv.id, sentDm.id, 400, "delete_not_supported"]);
    // Bluesky's API can delete a post, but Herald's adapter does not yet: refused, as in production.
    const bsky = await conversation("bluesky", "comment", "c-del-bsky");
    const bskyReply = await settledReply(bsky.conv.id, { text: "Hi" });
    refusals.push([bsky.conv.id, bskyReply.id, 400, "delete_not_supported"]);
    await fault("instagram", "timeout", 1);
    const unsent = await settledReply(ig.conv.id, { text: "Lost" });
    expect(unsent).toMatchObject({ status: "failed", error: { ambiguous: true } });
    refusals.push([ig.conv.id, unsent.id, 409, "state_error"]);

    for (const [convId, messageId, status, code] of refusals) {
      const answer = await remove(convId, messageId);
      expect([messageId.slice(0, 12), answer.status, answer.body.error?.code]).toEqual([
        messageId.slice(0, 12),
        status,
        code,
      ]);
    }
    for (const a of [ig.account, fb.account, dm.account, bsky.account]) {
      expect((await calls(a.id)).filter((c) => c.kind === "delete_comment")).toEqual([]);
    }
    expect((await messages(ig.conv.id)).some((m) => m.deleted)).toBe(false);
  });

  it("needs inbox:write; another workspace's conversation is not found", async () => {
    const { account, conv } = await conversation("twitter", "comment", "c-del-scope");
    const reply = await settledReply(conv.id, { text: "Mine" });
    const reader = await accessTokenFor(user, "inbox:read");
    const unscoped = await api("DELETE", `/api/v1/inbox/${conv.id}/messages/${reply.id}`, {
      headers: { authorization: `Bearer ${reader}` },
    });
    expect([unscoped.status, unscoped.body.error.code]).toEqual([403, "insufficient_scope"]);
    const other = await newUser("studio");
    const foreign = await remove(conv.id, reply.id, other.key);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, "not_found"]);
    expect((await calls(account.id)).filter((c) => c.kind === "delete_comment")).toEqual([]);
    const done = await remove(conv.id, reply.id);
    expect(done.body.data.deleted).toBe(true);
    expect((await calls(account.id)).filter((c) => c.kind === "delete_comment")).toHaveLength(1);
  });
});
