import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { expectOk, flowRow, flows, readyFlow } from "../helpers/flows";
import { agentUser } from "../helpers/mcp";
import { accessTokenFor } from "../helpers/oauth-client";
import { createPost, FUTURE, resetClock, runDue, settled } from "../helpers/posts";

type User = Awaited<ReturnType<typeof agentUser>>;
let user: User;
let key: string;
let instagram: string;
let f: ReturnType<typeof flows>;

beforeAll(async () => {
  user = await agentUser("creator");
  key = user.key;
  await resetClock(key);
  instagram = (await connect(key, "instagram")).id;
  f = flows(key);
});

afterEach(async () => {
  await env.DB.prepare("DELETE FROM sandbox_faults").run();
  await resetClock(key);
});

let keywordSeq = 0;
const scheduledPost = () =>
  createPost(key, {
    text: "Comment GUIDE for the guide",
    platforms: [{ platform: "instagram", account_id: instagram }],
    schedule_type: "scheduled",
    scheduled_at: FUTURE,
  });
const automation = (postId: string) => `/api/v1/posts/${postId}/automation`;
const attach = (postId: string, body: Record<string, unknown>) => api("PUT", automation(postId), { key, body });
const arm = (postId: string, armed: boolean) => api("PATCH", automation(postId), { key, body: { armed } });
const postOf = async (postId: string) => expectOk(api("GET", `/api/v1/posts/${postId}`, { key }));

/** A scheduled post with a ready flow attached (not yet set to turn on). */
async function attached() {
  const post = await scheduledPost();
  const flow = await readyFlow(key, instagram, `AUTO${++keywordSeq}`);
  const answer = await expectOk(attach(post.id, { flow_id: flow.id }));
  return { post, flow, answer };
}

describe("attaching a flow to a scheduled post (the owner, over REST)", () => {
  it("shows the automation on the post: off while ready, building while it has problems", async () => {
    const post = await scheduledPost();
    expect((await postOf(post.id)).automation).toBeUndefined();
    const { post: withOne, flow, answer } = await attached();
    expect(answer).toEqual({ flowId: flow.id, flowName: flow.name, state: "off", armed: false });
    expect((await postOf(withOne.id)).automation).toEqual(answer);
    expect((await f.get(flow.id)).post_id).toBe(withOne.id);

    await expectOk(f.updateNode(flow.id, "Reply", { text: "" }));
    expect((await postOf(withOne.id)).automation).toMatchObject({
      state: "building",
      problem: { code: "empty_message", message: expect.any(String) },
    });
  });

  it("needs both posts:write and flows:write", async () => {
    const post = await scheduledPost();
    const flow = await readyFlow(key, instagram, `SCOPE${++keywordSeq}`);
    for (const [scope, missing] of [
      ["posts:write posts:read", "flows:write"],
      ["flows:write flows:read", "posts:write"],
    ] as const) {
      const token = await accessTokenFor(user, scope);
      const res = await api("PUT", automation(post.id), {
        headers: { authorization: `Bearer ${token}` },
        body: { flow_id: flow.id },
      });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "insufficient_scope", scope: missing });
    }
    expect((await flowRow(flow.id))!.post_id).toBeNull();
  });

  it("refuses a flow on another account, a live flow, a second automation and a post already out; nothing changes", async () => {
    const post = await scheduledPost();
    const otherAccount = await readyFlow(key, (await connect(key, "instagram")).id, `ELSE${++keywordSeq}`);
    const wrong = await attach(post.id, { flow_id: otherAccount.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.issues[0].path).toBe("flow_id");
    const live = await readyFlow(key, instagram, `LIVE${++keywordSeq}`);
    await expectOk(f.activate(live.id));
    expect((await attach(post.id, { flow_id: live.id })).body.error.code).toBe("state_error");
    const first = await readyFlow(key, instagram, `ONE${++keywordSeq}`);
    await expectOk(attach(post.id, { flow_id: first.id }));
    const second = await readyFlow(key, instagram, `TWO${++keywordSeq}`);
    expect((await attach(post.id, { flow_id: second.id })).body.error.code).toBe("state_error");
    expect((await attach((await scheduledPost()).id, { flow_id: first.id })).body.error.message).toContain(
      "already listens",
    );
    const out = await createPost(key, {
      text: "Already out",
      platforms: [{ platform: "instagram", account_id: instagram }],
      schedule_type: "immediate",
    });
    await settled(key, out.id);
    const late = await attach(out.id, { flow_id: second.id });
    expect(late.body.error).toMatchObject({ code: "state_error", status: "published" });
    for (const id of [otherAccount.id, live.id, second.id]) expect((await flowRow(id))!.post_id).toBeNull();
  });
});

describe("turning it on with the post", () => {
  it("needs a flow with no problems", async () => {
    const { post, flow } = await attached();
    await expectOk(f.updateNode(flow.id, "Trigger", { keywords: [] }));
    const res = await arm(post.id, true);
    expect(res.status).toBe(409);
    expect(res.body.error.problems.map((p: { code: string }) => p.code)).toEqual(["trigger_without_keywords"]);
    expect((await postOf(post.id)).automation.armed).toBe(false);
  });

  it("an edit turns the setting off: the answer carries a notice and the owner is notified", async () => {
    const { post, flow } = await attached();
    expect(await expectOk(arm(post.id, true))).toMatchObject({ state: "armed", armed: true });
    const edited = await expectOk(f.updateNode(flow.id, "Reply", { text: "New words" }));
    expect(edited.notice).toContain("turned that off");
    expect(edited.armed).toBe(false);
    expect((await postOf(post.id)).automation).toMatchObject({ state: "off", armed: false });
    const notes = await expectOk(api("GET", "/api/v1/notifications", { key }));
    expect(notes[0]).toMatchObject({
      kind: "flow_automation_disarmed",
      data: { flow_id: flow.id, post_id: post.id },
    });
    // An edit of a flow not set to turn on carries no notice and notifies nobody.
    const quiet = await expectOk(f.updateNode(flow.id, "Reply", { text: "Again" }));
    expect(quiet.notice).toBeUndefined();
    expect((await expectOk(api("GET", "/api/v1/notifications", { key }))).length).toBe(notes.length);
  });

  it("goes live when the post goes live on the flow's account, running the version pinned when it was set", async () => {
    const { post, flow } = await attached();
    const armed = await expectOk(arm(post.id, true));
    expect(armed.state).toBe("armed");
    const pinned = (await flowRow(flow.id))!.armed_version_id;
    await runDue(key);
    expect((await settled(key, post.id)).status).toBe("published");
    const row = await flowRow(flow.id);
    expect(row).toMatchObject({ status: "live", live_version_id: pinned });
    expect((await postOf(post.id)).automation).toMatchObject({ state: "live", armed: true });
    // Live now: edits need a duplicate, which listens on no post.
    expect((await f.updateNode(flow.id, "Reply", { text: "x" })).body.error.suggestion).toBe("duplicate_flow");
    expect((await f.duplicate(flow.id)).post_id).toBeNull();
    // A runtime problem asks for attention.
    await env.DB.prepare("UPDATE flows SET runtime_problem = ? WHERE id = ?")
      .bind(JSON.stringify({ code: "send_failed", message: "Instagram refused a reply" }), flow.id)
      .run();
    expect((await postOf(post.id)).automation).toMatchObject({
      state: "needs_attention",
      problem: { code: "send_failed", message: "Instagram refused a reply" },
    });
    // Turning it off turns the flow off.
    expect(await expectOk(arm(post.id, false))).toMatchObject({ state: "off", armed: false });
    expect((await flowRow(flow.id))!.status).toBe("off");
  });

  it("on a post already live, turns on at once", async () => {
    const { post, flow } = await attached();
    await runDue(key);
    await settled(key, post.id);
    expect((await flowRow(flow.id))!.status).toBe("draft");
    expect(await expectOk(arm(post.id, true))).toMatchObject({ state: "live", armed: true });
    expect((await flowRow(flow.id))!.status).toBe("live");
  });

  it("fails with its post, and asks for attention when a problem appears after it was set", async () => {
    const { post } = await attached();
    await expectOk(arm(post.id, true));
    await api("PATCH", `/api/v1/sandbox/accounts/${instagram}`, { key, body: { status: "reauth_required" } });
    expect((await postOf(post.id)).automation).toMatchObject({
      state: "needs_attention",
      problem: { code: "account_missing_permission" },
    });
    await api("PATCH", `/api/v1/sandbox/accounts/${instagram}`, { key, body: { status: "active" } });
    await api("POST", "/api/v1/sandbox/faults", { key, body: { platform: "instagram", mode: "reject", count: 1 } });
    await runDue(key);
    expect((await settled(key, post.id)).status).toBe("failed");
    expect((await postOf(post.id)).automation).toMatchObject({ state: "failed", problem: { code: "post_failed" } });
  });

  it("is not turned on by activate_flow: only the owner turns it on with its post", async () => {
    const { flow } = await attached();
    const res = await f.activate(flow.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain("turns it on with its post");
    expect((await flowRow(flow.id))!.status).toBe("draft");
  });

  it("the post it listens on is the owner's: an edit may not narrow the trigger to other posts", async () => {
    const { flow } = await attached();
    const before = await flowRow(flow.id);
    const res = await f.updateNode(flow.id, "Trigger", { data: { config: { media_ids: ["1789"] } } });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("data.config.media_ids");
    expect(await flowRow(flow.id)).toEqual(before);
  });
});

describe("removing it (REST; the tool is detach_post_automation)", () => {
  it("detaches the flow, which stays as a flow listening on no post; a live one is turned off", async () => {
    const { post, flow } = await attached();
    const gone = await expectOk(api("DELETE", automation(post.id), { key }));
    expect(gone).toEqual({ post_id: post.id, flow_id: flow.id, flow_status: "draft", detached: true });
    expect((await postOf(post.id)).automation).toBeUndefined();
    expect((await api("GET", automation(post.id), { key })).status).toBe(404);
    expect((await api("DELETE", automation(post.id), { key })).status).toBe(404);
    expect((await f.get(flow.id)).post_id).toBeNull();

    const live = await attached();
    await expectOk(arm(live.post.id, true));
    await runDue(key);
    await settled(key, live.post.id);
    const detached = await expectOk(api("DELETE", automation(live.post.id), { key }));
    expect(detached.flow_status).toBe("off");
  });

  it("deleting the flow removes the automation", async () => {
    const { post, flow } = await attached();
    await expectOk(api("DELETE", `/api/v1/flows/${flow.id}`, { key }));
    expect((await postOf(post.id)).automation).toBeUndefined();
  });
});
