// Issue 44, intake: every inbox platform's comments and messages land once, on their conversation, through the
// sandbox inbound (as the platform's webhook or Herald's poll brings them), under redelivery and races.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { INBOX_RULES } from "../../../src/platforms/inbox-rules";
import { api, connect, newUser } from "../helpers/api";
import { inbound, inboundTaken } from "../helpers/flow-runs";
import { resetClock } from "../helpers/posts";
import { outboxEvents } from "../helpers/webhooks";

let user: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  user = await newUser("studio");
  await resetClock(user.key);
});

const conversationsOf = (accountId: string) =>
  env.DB.prepare("SELECT * FROM conversations WHERE account_id = ? ORDER BY created_at, thread_key")
    .bind(accountId)
    .all<Record<string, any>>()
    .then((r) => r.results);
const messagesOf = (accountId: string) =>
  env.DB.prepare("SELECT * FROM inbox_messages WHERE account_id = ? ORDER BY at, id")
    .bind(accountId)
    .all<Record<string, any>>()
    .then((r) => r.results);

const send = (accountId: string, kind: string, id: string, sender: string, extra: Record<string, string> = {}) =>
  inbound(user.key, { account_id: accountId, kind, id, sender_id: sender, text: `text of ${id}`, ...extra });

describe("every inbox platform", () => {
  it("takes the comments and messages its platform sends, each on its conversation", async () => {
    for (const [platform, rules] of Object.entries(INBOX_RULES)) {
      const account = await connect(user.key, platform);
      const kinds = [...(rules.comments ? ["comment"] : []), ...(rules.messages ? ["message"] : [])];
      for (const kind of kinds) {
        await send(account.id, kind, `${platform}-${kind}-1`, "person", { media_id: "post-1" });
        await inboundTaken(account.id, `${platform}-${kind}-1`);
      }
      const got = await conversationsOf(account.id);
      expect(got.map((c) => c.kind).sort(), platform).toEqual([...kinds].sort());
      expect((await messagesOf(account.id)).map((m) => [m.direction, m.state])).toEqual(
        kinds.map(() => ["in", "sent"]),
      );
      if (!rules.comments) {
        const refused = await api("POST", "/api/v1/sandbox/inbound", {
          key: user.key,
          body: { account_id: account.id, kind: "comment", id: "x", sender_id: "p" },
        });
        expect(refused.status).toBe(400);
        expect(refused.body.error.issues[0].path).toBe("kind");
      }
    }
  });

  it("a platform with no comment or message intake (TikTok, Pinterest) is refused, and nothing lands", async () => {
    const tiktok = await connect(user.key, "tiktok");
    const res = await api("POST", "/api/v1/sandbox/inbound", {
      key: user.key,
      body: { account_id: tiktok.id, kind: "comment", id: "t-1", sender_id: "p" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(await conversationsOf(tiktok.id)).toEqual([]);
  });
});

describe("grouping", () => {
  it("comments: one conversation per post and commenter; messages: one per contact per account", async () => {
    const ig = await connect(user.key, "instagram");
    const other = await connect(user.key, "instagram");
    await send(ig.id, "comment", "c-a1", "ada", { media_id: "post-A" });
    await send(ig.id, "comment", "c-a2", "ada", { media_id: "post-A" });
    await send(ig.id, "comment", "c-b1", "bob", { media_id: "post-A" });
    await send(ig.id, "comment", "c-a3", "ada", { media_id: "post-B" });
    await send(ig.id, "message", "m-a1", "ada");
    await send(ig.id, "message", "m-a2", "ada");
    await send(ig.id, "story_reply", "m-a3", "ada", { media_id: "story-1" });
    await send(other.id, "message", "m-o1", "ada");
    for (const id of ["c-a1", "c-a2", "c-b1", "c-a3", "m-a1", "m-a2", "m-a3"]) await inboundTaken(ig.id, id);
    await inboundTaken(other.id, "m-o1");

    const threads = await conversationsOf(ig.id);
    expect(threads.map((c) => c.thread_key).sort()).toEqual([
      "comment:post-A:ada",
      "comment:post-A:bob",
      "comment:post-B:ada",
      "dm:ada",
    ]);
    const messages = await messagesOf(ig.id);
    const on = (key: string) =>
      messages
        .filter((m) => m.conversation_id === threads.find((c) => c.thread_key === key)!.id)
        .map((m) => m.platform_message_id);
    expect(on("comment:post-A:ada").sort()).toEqual(["c-a1", "c-a2"]);
    expect(on("dm:ada").sort()).toEqual(["m-a1", "m-a2", "m-a3"]);
    expect(await conversationsOf(other.id)).toHaveLength(1);
  });
});

describe("each item lands once", () => {
  it("many rounds of redelivery and racing deliveries make one message, one unread bump and one event", async () => {
    const ig = await connect(user.key, "instagram");
    for (let round = 0; round < 5; round++) {
      const ids = [`r${round}-1`, `r${round}-2`];
      // The platform delivers each item several times at once, racing itself (and a poll racing a webhook).
      await Promise.all(
        ids.flatMap((id) =>
          Array.from({ length: 4 }, () => send(ig.id, "message", id, "racer", { sender_name: "Racer" })),
        ),
      );
      for (const id of ids) await inboundTaken(ig.id, id);
      // Redelivered once more after it was handled.
      await send(ig.id, "message", ids[0]!, "racer");
    }
    await inboundTaken(ig.id, "r4-1");
    const messages = await messagesOf(ig.id);
    expect(messages.map((m) => m.platform_message_id).sort()).toEqual(
      Array.from({ length: 5 }, (_, r) => [`r${r}-1`, `r${r}-2`])
        .flat()
        .sort(),
    );
    const [conversation] = await conversationsOf(ig.id);
    expect(conversation).toMatchObject({ kind: "message", contact_id: "racer", contact_name: "Racer", unread: 1 });
    const events = (await outboxEvents(user.key, "message.received")).filter((e: any) => e.data.accountId === ig.id);
    expect(events).toHaveLength(10);
    expect(new Set(events.map((e: any) => e.data.conversationId))).toEqual(new Set([conversation!.id]));
  });

  it("comment.received names the conversation the comment landed on", async () => {
    const fb = await connect(user.key, "facebook");
    await send(fb.id, "comment", "fb-c1", "carol", { media_id: "page_post" });
    await inboundTaken(fb.id, "fb-c1");
    const [conversation] = await conversationsOf(fb.id);
    const [event] = (await outboxEvents(user.key, "comment.received")).filter((e: any) => e.data.accountId === fb.id);
    expect(event?.data).toMatchObject({
      conversationId: conversation!.id,
      commentId: "fb-c1",
      platformPostId: "page_post",
    });
  });
});
