import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/client";
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { agentUser, mcpClient, ok, refused } from "../helpers/mcp";
import { createPost, FUTURE, resetClock } from "../helpers/posts";
import { createSlot } from "../helpers/slots";

type User = Awaited<ReturnType<typeof agentUser>>;
let user: User;
let x: string;

beforeAll(async () => {
  user = await agentUser("creator");
  await resetClock(user.key);
  x = (await connect(user.key, "twitter")).id;
});

const scheduledPost = () =>
  createPost(user.key, {
    text: "Watch this",
    platforms: [{ platform: "twitter", account_id: x }],
    schedule_type: "scheduled",
    scheduled_at: FUTURE,
  });
const plugsOf = async (postId: string) =>
  (await api("GET", `/api/v1/posts/${postId}/plugs`, { key: user.key })).body.data.plugs;
const arm = (postId: string, extra: Record<string, unknown> = {}) => ({
  postId,
  metric: "likes",
  threshold: 100,
  action: "comment",
  text: "Thanks, everyone!",
  ...extra,
});

/** An elicitation-capable client whose person answers `answer`, recording what they were asked. */
async function askingClient(answer: ElicitResult) {
  const asked: ElicitRequestFormParams[] = [];
  const mcp = await mcpClient(
    { key: user.key },
    {
      elicit: (params) => {
        asked.push(params);
        return answer;
      },
    },
  );
  return { mcp, asked };
}

describe("confirmation without elicitation (confirm: true)", () => {
  it("without confirm a call answers exactly what it would do and changes nothing", async () => {
    const post = await scheduledPost();
    const mcp = await mcpClient({ key: user.key });
    const answer = await ok(mcp, "arm_plug", arm(post.id));
    expect(answer.status).toBe("confirmation_required");
    expect(answer.message).toContain("confirm: true");
    expect(answer.preview.summary).toBe(
      `Arm a plug on post ${post.id} for twitter account ${x}: when likes reach 100, comment "Thanks, everyone!" under it, once.`,
    );
    expect(answer.preview.details.plug).toMatchObject({
      post_id: post.id,
      account_id: x,
      trigger: { metric: "likes", threshold: 100 },
      action: { kind: "comment", text: "Thanks, everyone!" },
      state: "armed",
    });
    expect(await plugsOf(post.id)).toEqual([]);

    const done = await ok(mcp, "arm_plug", arm(post.id, { confirm: true }));
    expect(done.status).toBe("done");
    const { id: _, plug_id: __, created_at: ___, ...armed } = done.result;
    expect(armed).toEqual(answer.preview.details.plug);
    expect(await plugsOf(post.id)).toEqual([done.result]);
  });

  it("a call the service would refuse is refused before anyone is asked", async () => {
    const draft = await createPost(user.key, { text: "Draft", platforms: [{ platform: "twitter", account_id: x }] });
    expect((await refused(await mcpClient({ key: user.key }), "arm_plug", arm(draft.id))).code).toBe("post_is_draft");
    const { mcp, asked } = await askingClient({ action: "accept", content: { confirm: true } });
    expect((await refused(mcp, "arm_plug", arm(draft.id))).code).toBe("post_is_draft");
    expect(asked).toEqual([]);
  });

  it("removing a posting slot is destructive: previewed, then removed only with confirm", async () => {
    const slot = await createSlot(user.key, { account_ids: [x], weekday: 3, time: "12:00", timezone: "UTC" });
    const mcp = await mcpClient({ key: user.key });
    const preview = await ok(mcp, "manage_posting_slots", { action: "remove", slotId: slot.id });
    expect(preview).toMatchObject({ status: "confirmation_required", preview: { details: { action: "remove" } } });
    expect((await api("GET", "/api/v1/posting-slots", { key: user.key })).body.data.map((s: any) => s.id)).toContain(
      slot.id,
    );
    await ok(mcp, "manage_posting_slots", { action: "remove", slotId: slot.id, confirm: true });
    expect(
      (await api("GET", "/api/v1/posting-slots", { key: user.key })).body.data.map((s: any) => s.id),
    ).not.toContain(slot.id);
  });
});

describe("confirmation with elicitation", () => {
  it("the person is asked with the preview; accepting arms the plug", async () => {
    const post = await scheduledPost();
    const { mcp, asked } = await askingClient({ action: "accept", content: { confirm: true } });
    const done = await ok(mcp, "arm_plug", arm(post.id));
    expect(done.status).toBe("done");
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toContain(`Arm a plug on post ${post.id}`);
    expect(asked[0]?.requestedSchema.properties).toHaveProperty("confirm");
    expect(await plugsOf(post.id)).toEqual([done.result]);
  });

  it("the agent cannot answer for the person: confirm: true in the input still asks", async () => {
    const post = await scheduledPost();
    const { mcp, asked } = await askingClient({ action: "decline" });
    const answer = await ok(mcp, "arm_plug", arm(post.id, { confirm: true }));
    expect(asked).toHaveLength(1);
    expect(answer.status).toBe("declined");
    expect(await plugsOf(post.id)).toEqual([]);
  });

  for (const [what, reply] of [
    ["declining", { action: "decline" }],
    ["cancelling", { action: "cancel" }],
    ["accepting with confirm false", { action: "accept", content: { confirm: false } }],
  ] as const) {
    it(`${what} changes nothing`, async () => {
      const post = await scheduledPost();
      const { mcp } = await askingClient(reply as ElicitResult);
      expect(await ok(mcp, "arm_plug", arm(post.id))).toEqual({
        status: "declined",
        message: "Not confirmed: nothing was changed",
      });
      expect(await plugsOf(post.id)).toEqual([]);
    });
  }

  it("a tool that needs no confirmation does not ask", async () => {
    const { mcp, asked } = await askingClient({ action: "accept", content: { confirm: true } });
    expect((await ok(mcp, "list_accounts")).accounts.length).toBeGreaterThan(0);
    expect(asked).toEqual([]);
  });
});
