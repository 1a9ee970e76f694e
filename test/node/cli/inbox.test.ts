// Issue 44 through the command line: herald inbox list|show|reply|done|assign against the running service.
import { beforeAll, describe, expect, it } from "vitest";
import { accessTokenFor, api, baseUrl, connect, herald, heraldAs, newSignIn, newUser, published } from "./helpers";

let user: Awaited<ReturnType<typeof newSignIn>>;
let key: string;
let instagram: string;
let comment: any;
let dm: any;

/** Waits until the service lists `count` conversations for the user (intake runs through the inbound queue). */
async function conversations(count: number): Promise<any[]> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const listed = await api("GET", "/api/v1/inbox", key);
    if (listed.length >= count) return listed;
  }
  throw new Error(`fewer than ${count} conversations`);
}

/** A person who joins the user's workspace as an editor, over HTTP as the invitation mail says. */
async function joinedMember(): Promise<{ email: string; personId: string }> {
  const email = `cli-${crypto.randomUUID()}@herald.test`;
  const person = await api("POST", "/api/v1/sandbox/users", undefined, { plan: "free", email });
  await api("POST", "/api/v1/members", key, { email, role: "editor" });
  const mails = await api("GET", `/api/v1/sandbox/emails?to=${encodeURIComponent(email)}`);
  const token = /\/join\/([A-Za-z0-9_-]+)/.exec(mails.at(-1).text)![1];
  await api("POST", "/api/v1/invitations/accept", person.api_key, { token });
  return { email, personId: person.user_id };
}

beforeAll(async () => {
  user = await newSignIn("studio");
  key = user.key;
  instagram = (await connect(key, "instagram")).id;
  await api("POST", "/api/v1/sandbox/inbound", key, {
    account_id: instagram,
    kind: "comment",
    id: "cli-c1",
    sender_id: "ada",
    text: "Love the blue one",
    media_id: "post-1",
  });
  await api("POST", "/api/v1/sandbox/inbound", key, {
    account_id: instagram,
    kind: "message",
    id: "cli-m1",
    sender_id: "bob",
    text: "Do you ship to Spain?",
  });
  const listed = await conversations(2);
  comment = listed.find((c) => c.kind === "comment");
  dm = listed.find((c) => c.kind === "message");
});

describe("herald inbox", () => {
  it("list filters as the API does; show prints every message and marks it read", async () => {
    const all = await heraldAs(key, ["inbox", "list"]);
    expect(all.code).toBe(0);
    expect(all.json.map((c: any) => c.id).sort()).toEqual([comment.id, dm.id].sort());
    const comments = await heraldAs(key, ["inbox", "list", "--kind", "comment", "--account-id", instagram]);
    expect(comments.json.map((c: any) => c.id)).toEqual([comment.id]);
    expect((await heraldAs(key, ["inbox", "list", "--q", "spain"])).json.map((c: any) => c.id)).toEqual([dm.id]);

    const shown = await heraldAs(key, ["inbox", "show", dm.id]);
    expect(shown.code).toBe(0);
    expect(shown.json).toMatchObject({ id: dm.id, unread: false, opted_out: false });
    expect(shown.json.messages.map((m: any) => m.text)).toEqual(["Do you ship to Spain?"]);
    expect((await heraldAs(key, ["inbox", "list", "--unread"])).json.map((c: any) => c.id)).toEqual([comment.id]);
    expect((await heraldAs(key, ["inbox", "list", "--read"])).json.map((c: any) => c.id)).toEqual([dm.id]);
  });

  it("reply sends once, retried with the same --idempotency-key; the platform records one call", async () => {
    const args = ["inbox", "reply", comment.id, "--text", "Thank you!", "--idempotency-key", "cli-once"];
    const first = await heraldAs(key, args);
    expect(first.code).toBe(0);
    expect(first.json).toMatchObject({ direction: "out", text: "Thank you!", status: "pending" });
    const again = await heraldAs(key, args);
    expect(again.json.id).toBe(first.json.id);
    const calls = await published(key, (c) => c.some((x) => x.kind === "reply"));
    expect(calls.filter((c) => c.kind !== "publish")).toMatchObject([
      { kind: "reply", parent_platform_post_id: "cli-c1", text: "Thank you!" },
    ]);
  });

  it("done closes and --reopen opens; assign takes a member's email or id, and none", async () => {
    const done = await heraldAs(key, ["inbox", "done", dm.id]);
    expect([done.code, done.json.status]).toEqual([0, "done"]);
    expect((await heraldAs(key, ["inbox", "list", "--status", "done"])).json.map((c: any) => c.id)).toEqual([dm.id]);
    expect((await heraldAs(key, ["inbox", "done", dm.id, "--reopen"])).json.status).toBe("open");

    const member = await joinedMember();
    const byEmail = await heraldAs(key, ["inbox", "assign", dm.id, member.email.toUpperCase()]);
    expect([byEmail.code, byEmail.json.assignee_id]).toEqual([0, member.personId]);
    const mine = await heraldAs(key, ["inbox", "list", "--assignee", member.personId]);
    expect(mine.json.map((c: any) => c.id)).toEqual([dm.id]);
    expect((await heraldAs(key, ["inbox", "assign", dm.id, "none"])).json.assignee_id).toBeNull();
    const byId = await heraldAs(key, ["inbox", "assign", dm.id, member.personId]);
    expect(byId.json.assignee_id).toBe(member.personId);
  });

  it("says the refusals: bad command lines (exit 2) and the API's (exit 1), with nothing sent or changed", async () => {
    for (const args of [
      ["inbox", "reply", dm.id],
      ["inbox", "list", "--kind", "tweet"],
      ["inbox", "list", "--unread", "--read"],
      ["inbox", "assign", dm.id],
      ["inbox", "show"],
    ]) {
      const run = await heraldAs(key, args);
      expect([args.join(" "), run.code, run.error.error.code]).toEqual([args.join(" "), 2, "usage_error"]);
    }
    const refusals: [string[], number, string][] = [
      [["inbox", "reply", dm.id, "--text", "x".repeat(1001)], 400, "validation_error"],
      [["inbox", "reply", dm.id, "--text", "psst", "--private"], 400, "reply_not_supported"],
      [["inbox", "reply", "c".repeat(101), "--text", "hi"], 400, "validation_error"],
      [["inbox", "assign", dm.id, "nobody@herald.test"], 400, "validation_error"],
      [["inbox", "assign", dm.id, "usr_stranger"], 400, "validation_error"],
      [["inbox", "show", "conv_nope"], 404, "not_found"],
    ];
    for (const [args, status, code] of refusals) {
      const run = await heraldAs(key, args);
      expect([args[2], run.code, run.error.status, run.error.error.code]).toEqual([args[2], 1, status, code]);
    }
    const long = await heraldAs(key, ["inbox", "reply", dm.id, "--text", "x".repeat(1001)]);
    expect(long.error.error.message).toContain("Instagram direct messages take at most 1000 characters");

    const other = await newUser("studio");
    for (const args of [
      ["inbox", "show", dm.id],
      ["inbox", "reply", dm.id, "--text", "hi"],
      ["inbox", "done", dm.id],
    ]) {
      const run = await heraldAs(other, args);
      expect([run.code, run.error.status, run.error.error.code]).toEqual([1, 404, "not_found"]);
    }
    const detail = await api("GET", `/api/v1/inbox/${dm.id}`, key);
    expect(detail.status).toBe("open");
    expect(detail.messages.map((m: any) => m.direction)).toEqual(["in"]);
  });

  it("a token with inbox:read lists and shows; reply, done and assign are 403 insufficient_scope, nothing changed", async () => {
    const token = await accessTokenFor(user, "inbox:read");
    const asReader = (args: string[]) => herald(args, { HERALD_TOKEN: token, HERALD_BASE_URL: baseUrl });
    const listed = await asReader(["inbox", "list", "--kind", "message"]);
    expect([listed.code, listed.json.map((c: any) => c.id)]).toEqual([0, [dm.id]]);
    expect((await asReader(["inbox", "show", dm.id])).code).toBe(0);
    for (const args of [
      ["inbox", "reply", dm.id, "--text", "hi"],
      ["inbox", "done", dm.id],
      ["inbox", "assign", dm.id, "none"],
    ]) {
      const run = await asReader(args);
      expect([args[1], run.code, run.error.status, run.error.error.code]).toEqual([
        args[1],
        1,
        403,
        "insufficient_scope",
      ]);
    }
    const detail = await api("GET", `/api/v1/inbox/${dm.id}`, key);
    expect(detail.status).toBe("open");
    expect(detail.messages.map((m: any) => m.direction)).toEqual(["in"]);
  });
});
