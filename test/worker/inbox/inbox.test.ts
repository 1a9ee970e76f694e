// Issue 44, the inbox over HTTP: every filter of GET /api/v1/inbox, newest activity first with a cursor; a
// conversation's messages oldest first, read marking it read; PATCH's rules and conversation.assigned; scopes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { inbound, inboundTaken, moveClock } from "../helpers/flow-runs";
import { accessTokenFor } from "../helpers/oauth-client";
import { resetClock } from "../helpers/posts";
import { stubNetwork } from "../helpers/receiver";
import { eventually } from "../helpers/wait";
import { addWebhook, outboxEvents, signedWith, sweep } from "../helpers/webhooks";

const HOST = "inbox-hooks.example.com";
const net = stubNetwork();
afterAll(() => net.restore());

let user: Awaited<ReturnType<typeof newUser>>;
let ig: { id: string };
let fb: { id: string };
let wa: { id: string };

const take = async (accountId: string, kind: string, id: string, sender: string, text: string, extra = {}) => {
  await inbound(user.key, { account_id: accountId, kind, id, sender_id: sender, text, ...extra });
  await inboundTaken(accountId, id);
  // Each item a minute after the last, so activity order is clear.
  await moveClock(user.key, 60_000);
};

const inbox = async (query = "", key = user.key) => {
  const res = await api("GET", `/api/v1/inbox${query}`, { key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: any[]; next_cursor: string | null };
};
const contactsOf = async (query = "") => (await inbox(query)).data.map((c) => c.contact.id);
const conversationOf = async (contact: string) => (await inbox()).data.find((c) => c.contact.id === contact)!;

beforeAll(async () => {
  net.serve(HOST, 200);
  user = await newUser("studio");
  await resetClock(user.key);
  ig = await connect(user.key, "instagram");
  fb = await connect(user.key, "facebook");
  wa = await connect(user.key, "whatsapp");
  await take(ig.id, "comment", "c-1", "ada", "Love the blue one", { media_id: "post-1", sender_handle: "ada.l" });
  await take(ig.id, "message", "m-1", "bob", "Do you ship to Spain?", { sender_name: "Bob Ross" });
  await take(fb.id, "comment", "c-2", "cat", "What 100% cotton?", { media_id: "post-9" });
  await take(wa.id, "message", "m-2", "dan", "hola");
  await take(ig.id, "message", "m-3", "bob", "hello again");
});

describe("GET /api/v1/inbox", () => {
  it("lists conversations newest activity first, in the contract's shape", async () => {
    expect(await contactsOf()).toEqual(["bob", "dan", "cat", "ada"]);
    const bob = await conversationOf("bob");
    expect(bob).toEqual({
      id: expect.stringMatching(/^conv_/),
      kind: "message",
      platform: "instagram",
      account_id: ig.id,
      contact: { id: "bob", name: "Bob Ross", handle: null, avatar_url: null },
      post_id: null,
      platform_post_id: null,
      last_message: { text: "hello again", at: expect.any(String), direction: "in" },
      unread: true,
      status: "open",
      assignee_id: null,
      labels: [],
      flow: null,
      window_closes_at: expect.any(String),
    });
    expect(Date.parse(bob.window_closes_at) - Date.parse(bob.last_message.at)).toBe(24 * 3_600_000);
    expect((await conversationOf("ada")).window_closes_at).toBeNull();
  });

  it("filters by kind, account, platform and text, every filter given holding", async () => {
    expect(await contactsOf("?kind=comment")).toEqual(["cat", "ada"]);
    expect(await contactsOf("?kind=message")).toEqual(["bob", "dan"]);
    expect(await contactsOf(`?account_id=${ig.id}`)).toEqual(["bob", "ada"]);
    expect(await contactsOf("?platform=whatsapp")).toEqual(["dan"]);
    expect(await contactsOf(`?platform=instagram&kind=comment`)).toEqual(["ada"]);
    // Text in an older message, the contact's name and handle; LIKE's wildcards are taken literally.
    expect(await contactsOf("?q=spain")).toEqual(["bob"]);
    expect(await contactsOf("?q=ross")).toEqual(["bob"]);
    expect(await contactsOf("?q=ada.l")).toEqual(["ada"]);
    expect(await contactsOf(`?q=${encodeURIComponent("100%")}`)).toEqual(["cat"]);
    expect(await contactsOf(`?q=${encodeURIComponent("%")}`)).toEqual(["cat"]);
    expect(await contactsOf("?q=nothing-like-it")).toEqual([]);
  });

  it("pages with a cursor, each conversation once", async () => {
    const first = await inbox("?limit=3");
    expect(first.data.map((c) => c.contact.id)).toEqual(["bob", "dan", "cat"]);
    const second = await inbox(`?limit=3&cursor=${first.next_cursor}`);
    expect(second.data.map((c) => c.contact.id)).toEqual(["ada"]);
    expect(second.next_cursor).toBeNull();
    const bad = await api("GET", "/api/v1/inbox?cursor=nope", { key: user.key });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_error");
  });

  it("another workspace sees none of them, and reads none by id", async () => {
    const other = await newUser("creator");
    expect((await inbox("", other.key)).data).toEqual([]);
    const bob = await conversationOf("bob");
    for (const [method, path, body] of [
      ["GET", `/api/v1/inbox/${bob.id}`, undefined],
      ["PATCH", `/api/v1/inbox/${bob.id}`, { status: "done" }],
    ] as const) {
      const res = await api(method, path, { key: other.key, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await conversationOf("bob")).status).toBe("open");
  });
});

describe("GET /api/v1/inbox/{conversationId}", () => {
  it("answers the messages oldest first with a cursor, and marks the conversation read (unread filter)", async () => {
    const bob = await conversationOf("bob");
    expect(await contactsOf("?unread=true")).toContain("bob");
    const page = await api("GET", `/api/v1/inbox/${bob.id}?limit=1`, { key: user.key });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      id: bob.id,
      unread: false,
      human_until: null,
      opted_out: false,
      post: null,
    });
    expect(page.body.data.messages).toEqual([
      {
        id: expect.stringMatching(/^msg_/),
        direction: "in",
        text: "Do you ship to Spain?",
        media: [],
        at: expect.any(String),
        author: { id: "bob", name: "Bob Ross" },
        platform_message_id: "m-1",
        private: false,
        hidden: false,
        deleted: false,
        status: "sent",
        error: null,
      },
    ]);
    const next = await api("GET", `/api/v1/inbox/${bob.id}?limit=1&cursor=${page.body.next_cursor}`, {
      key: user.key,
    });
    expect(next.body.data.messages.map((m: any) => m.platform_message_id)).toEqual(["m-3"]);
    expect(next.body.next_cursor).toBeNull();

    expect(await contactsOf("?unread=true")).not.toContain("bob");
    expect(await contactsOf("?unread=false")).toEqual(["bob"]);
    // A new message makes it unread again.
    await take(ig.id, "message", "m-4", "bob", "still there?");
    expect(await contactsOf("?unread=true")).toContain("bob");
  });
});

describe("PATCH /api/v1/inbox/{conversationId}", () => {
  it("done and open again; a new message reopens a done conversation; status filter", async () => {
    const dan = await conversationOf("dan");
    const done = await api("PATCH", `/api/v1/inbox/${dan.id}`, { key: user.key, body: { status: "done" } });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe("done");
    expect(await contactsOf("?status=done")).toEqual(["dan"]);
    expect(await contactsOf("?status=open")).not.toContain("dan");
    await take(wa.id, "message", "m-5", "dan", "one more thing");
    expect(await contactsOf("?status=done")).toEqual([]);
  });

  it("labels: replaced, duplicates dropped, at most 20 of at most 50 characters; the label filter", async () => {
    const cat = await conversationOf("cat");
    const res = await api("PATCH", `/api/v1/inbox/${cat.id}`, {
      key: user.key,
      body: { labels: ["lead", "spain", "lead"] },
    });
    expect(res.body.data.labels).toEqual(["lead", "spain"]);
    expect(await contactsOf("?label=lead")).toEqual(["cat"]);
    expect(await contactsOf("?label=lea")).toEqual([]);
    for (const labels of [Array.from({ length: 21 }, (_, i) => `l${i}`), ["x".repeat(51)], [""]]) {
      const refused = await api("PATCH", `/api/v1/inbox/${cat.id}`, { key: user.key, body: { labels } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("validation_error");
    }
    const twenty = Array.from({ length: 20 }, (_, i) => `${"y".repeat(48)}${i}`);
    expect(
      (await api("PATCH", `/api/v1/inbox/${cat.id}`, { key: user.key, body: { labels: twenty } })).body.data.labels,
    ).toHaveLength(20);
    expect((await conversationOf("cat")).labels).toHaveLength(20);
    const empty = await api("PATCH", `/api/v1/inbox/${cat.id}`, { key: user.key, body: {} });
    expect(empty.status).toBe(400);
  });

  it("assignee: a member only; none lists the unassigned; conversation.assigned once, signed, under racing requests", async () => {
    const webhook = await addWebhook(user.key, {
      target_url: `https://${HOST}/assigned`,
      events: ["conversation.assigned"],
    });
    const ada = await conversationOf("ada");
    const stranger = await api("PATCH", `/api/v1/inbox/${ada.id}`, {
      key: user.key,
      body: { assignee_id: "usr_nobody" },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.issues[0].path).toBe("assignee_id");
    expect((await conversationOf("ada")).assignee_id).toBeNull();

    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        api("PATCH", `/api/v1/inbox/${ada.id}`, { key: user.key, body: { assignee_id: user.userId } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.every((a) => a.body.data.assignee_id === user.userId)).toBe(true);
    expect(await contactsOf(`?assignee_id=${user.userId}`)).toEqual(["ada"]);
    expect(await contactsOf("?assignee_id=none")).not.toContain("ada");

    const got = await eventually(
      async () => net.received(HOST).find((r) => r.body.event === "conversation.assigned"),
      "conversation.assigned delivered",
    );
    expect(got.body.data).toEqual({ conversationId: ada.id, assigneeId: user.userId, accountId: ig.id });
    expect(await signedWith(webhook.signing_secret, got)).toBe(true);
    await sweep(user.key);
    expect(await outboxEvents(user.key, "conversation.assigned")).toHaveLength(1);

    const unassigned = await api("PATCH", `/api/v1/inbox/${ada.id}`, { key: user.key, body: { assignee_id: null } });
    expect(unassigned.body.data.assignee_id).toBeNull();
    expect(await contactsOf("?assignee_id=none")).toContain("ada");
    const events = await outboxEvents(user.key, "conversation.assigned");
    expect(events.map((e) => e.data.assigneeId)).toEqual([user.userId, null]);
  });
});

describe("scopes", () => {
  it("inbox:read reads but cannot change; a read-only consent keeps inbox:read and drops inbox:write", async () => {
    const person = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator" } });
    const signIn = { email: person.body.data.email, password: person.body.data.password };
    const reader = await accessTokenFor(signIn, "inbox:read inbox:write", { readOnly: true });
    const bearer = { headers: { authorization: `Bearer ${reader}` } };
    expect((await api("GET", "/api/v1/inbox", bearer)).status).toBe(200);
    const write = await api("PATCH", "/api/v1/inbox/conv_x", { ...bearer, body: { status: "done" } });
    expect(write.status).toBe(403);
    expect(write.body.error).toMatchObject({ code: "insufficient_scope", scope: "inbox:write" });
    const postsOnly = await accessTokenFor(signIn, "posts:read");
    const refused = await api("GET", "/api/v1/inbox", { headers: { authorization: `Bearer ${postsOnly}` } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "insufficient_scope", scope: "inbox:read" });
  });
});
