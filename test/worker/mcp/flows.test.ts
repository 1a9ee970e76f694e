import { env } from "cloudflare:test";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/client";
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { expectOk, flowRow, flows, readyFlow, revisionCount } from "../helpers/flows";
import { agentUser, mcpClient, mcpToken, ok, refused } from "../helpers/mcp";
import { createPost, FUTURE, resetClock } from "../helpers/posts";

type User = Awaited<ReturnType<typeof agentUser>>;
let user: User;
let instagram: string;
let mcp: Awaited<ReturnType<typeof mcpClient>>;

const GUIDE = 'Send our guide https://example.com/guide to everyone who comments "GUIDE" and ask for their email';

beforeAll(async () => {
  user = await agentUser("creator");
  await resetClock(user.key);
  instagram = (await connect(user.key, "instagram", { name: "agent.shop" })).id;
  mcp = await mcpClient({ key: user.key });
});

/** The flow as REST shows it: every tool answer must be the same resource. */
const restFlow = (id: string, nodeId?: string) => flows(user.key).get(id, nodeId);

describe("building and editing a flow through the tools", () => {
  it("generate_flow → get_flow → the edit tools → revisions → revert → activate → duplicate, each answering the REST resource", async () => {
    const built = await ok(mcp, "generate_flow", { description: GUIDE, accountId: "agent.shop" });
    expect(built).toMatchObject({ builder: "local", credits: { charged: 15 } });
    const flowId = built.flow.id;
    expect(built.flow).toEqual(await restFlow(flowId));
    expect(built.flow.problems).toEqual([]);

    const read = await ok(mcp, "get_flow", { flowId, nodeId: "Reply" });
    expect(read).toEqual(await restFlow(flowId, "Reply"));
    expect(read.node.data.link).toBe("https://example.com/guide");

    const updated = await ok(mcp, "update_node", { flowId, nodeId: "Reply", text: "Thanks! What is your email?" });
    expect(updated.nodes[1].summary).toBe('Send "Thanks! What is your email?" (a link)');
    const added = await ok(mcp, "add_node", {
      flowId,
      type: "message",
      name: "Thanks",
      data: { blocks: [{ text: "Here it is" }] },
    });
    expect(added.problems.map((p: { code: string }) => p.code)).toEqual(["unreachable_step"]);
    const connected = await ok(mcp, "add_edge", { flowId, from: "Collect email", to: "Thanks", handle: "valid" });
    expect(connected.problems).toEqual([]);
    const edge = connected.edges.at(-1);
    const unwired = await ok(mcp, "delete_edge", { flowId, edgeId: edge.id });
    expect(unwired.edges.map((e: { id: string }) => e.id)).not.toContain(edge.id);
    const removed = await ok(mcp, "delete_node", { flowId, nodeId: "Thanks" });
    expect(removed.nodes).toHaveLength(3);
    expect(removed).toEqual(await restFlow(flowId));

    const { revisions, nextCursor } = await ok(mcp, "get_flow_revisions", { flowId });
    expect(nextCursor).toBeNull();
    // Five edits, four revisions: removing the connection brought back content a revision already held.
    expect(revisions).toHaveLength(4);
    expect(revisions.every((r: { label: string }) => r.label === "Before AI edit")).toBe(true);
    expect(revisions.at(-1).content_hash).toBe(built.flow.content_hash);
    const reverted = await ok(mcp, "revert_flow_to_version", { flowId, revisionId: revisions.at(-1).id });
    expect(reverted.content_hash).toBe(built.flow.content_hash);

    const live = await ok(mcp, "activate_flow", { flowId });
    expect(live.status).toBe("live");
    const copy = await ok(mcp, "duplicate_flow", { flowId });
    expect(copy).toMatchObject({ status: "draft", name: `${built.flow.name} (copy)` });
    expect(copy).toEqual(await restFlow(copy.id));
  });

  it("refuses as REST does, with the tool's field names, and changes nothing", async () => {
    const flow = await readyFlow(user.key, instagram, "TOOLS");
    const before = await flowRow(flow.id);
    const post = await refused(mcp, "update_node", {
      flowId: flow.id,
      nodeId: "Trigger",
      data: { config: { post_id: "post_x" } },
    });
    expect(post).toMatchObject({ code: "validation_error", issues: [{ path: "data.config.postId" }] });
    const blocks = await refused(mcp, "update_node", { flowId: flow.id, nodeId: "Reply", removeBlockIds: ["nope"] });
    expect(blocks).toMatchObject({ code: "validation_error", issues: [{ path: "removeBlockIds" }] });
    expect(blocks.message).toMatch(/^removeBlockIds: /);
    const product = await refused(mcp, "add_node", {
      flowId: flow.id,
      type: "payment",
      data: { price: { amount: 1, currency: "EUR" } },
    });
    expect(product.message).toContain("set by the owner");
    const rebuild = await refused(mcp, "generate_flow", {
      description: GUIDE,
      accountId: instagram,
      iterateOnFlowId: flow.id,
    });
    expect(rebuild).toMatchObject({ code: "state_error", suggestion: "use_edit_tools" });
    expect(await flowRow(flow.id)).toEqual(before);

    await expectOk(flows(user.key).activate(flow.id));
    const live = await refused(mcp, "add_node", { flowId: flow.id, type: "delay", data: { delay_time: 1000 } });
    expect(live).toMatchObject({ code: "state_error", suggestion: "duplicate_flow" });
    const twin = await connect(user.key, "facebook", { name: "agent.shop", platform_user_id: "fb-agent" });
    const ambiguous = await refused(mcp, "generate_flow", { description: GUIDE, accountId: "agent.shop" });
    expect(ambiguous).toMatchObject({ code: "platform_user_id_required", message: "platform_user_id required" });
    const chosen = await ok(mcp, "generate_flow", {
      description: GUIDE,
      accountId: "agent.shop",
      platformUserId: "fb-agent",
    });
    expect(chosen.flow.account_id).toBe(twin.id);
  });

  it("a restore point that cannot be written is upstream_error through the tool too, and nothing changes", async () => {
    const flow = await readyFlow(user.key, instagram, "TOOLDISK");
    const [before, revisions] = [await flowRow(flow.id), await revisionCount(flow.id)];
    await env.DB.prepare(
      "CREATE TRIGGER fail_versions BEFORE INSERT ON flow_versions BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    ).run();
    try {
      const error = await refused(mcp, "update_node", { flowId: flow.id, nodeId: "Reply", text: "Not saved" });
      expect(error).toMatchObject({ code: "upstream_error", retriable: true });
    } finally {
      await env.DB.prepare("DROP TRIGGER fail_versions").run();
    }
    expect([await flowRow(flow.id), await revisionCount(flow.id)]).toEqual([before, revisions]);
  });

  it("get_flow shows secrets as [redacted]", async () => {
    const flow = await readyFlow(user.key, instagram, "TOOLSECRET");
    await ok(mcp, "add_node", {
      flowId: flow.id,
      type: "action",
      name: "Hook",
      data: { kind: "http", method: "GET", url: "https://example.com/hook", headers: { "X-Token": "hunter2" } },
    });
    const { node } = await ok(mcp, "get_flow", { flowId: flow.id, nodeId: "Hook" });
    expect(node.data.headers).toEqual({ "X-Token": "[redacted]" });
  });

  it("out of AI credits, generate_flow is refused as feature_disabled and builds nothing", async () => {
    const free = await agentUser("free");
    const ig = await connect(free.key, "instagram");
    const tools = await mcpClient({ key: free.key });
    for (let i = 0; i < 3; i++) await ok(tools, "generate_flow", { description: GUIDE, accountId: ig.id });
    const refusal = await refused(tools, "generate_flow", { description: GUIDE, accountId: ig.id });
    expect(refusal.code).toBe("feature_disabled");
    expect(refusal.message).toContain("Out of AI credits");
    expect((await api("GET", "/api/v1/flows", { key: free.key })).body.data).toHaveLength(3);
  });
});

describe("concurrent edits through the tools (rule 2)", () => {
  it("simultaneous add_node calls over many rounds keep exactly the winners' steps", async () => {
    const flow = await flows(user.key).create({ name: "Tool race", account_id: instagram });
    const clients = await Promise.all(Array.from({ length: 3 }, () => mcpClient({ key: user.key })));
    const won: string[] = [];
    let lost = 0;
    for (let round = 0; round < 10; round++) {
      const results = await Promise.all(
        clients.map(async (client, w) => {
          const name = `t${round}w${w}`;
          const answer = await client.client.callTool({
            name: "add_node",
            arguments: { flowId: flow.id, type: "delay", name, data: { delay_time: 1000 } },
          });
          return { name, answer: answer as { isError?: boolean; structuredContent: any } };
        }),
      );
      for (const { name, answer } of results) {
        if (answer.isError) {
          lost++;
          expect(answer.structuredContent).toMatchObject({ code: "state_error", suggestion: "wait_then_retry" });
        } else won.push(name);
      }
    }
    expect(lost).toBeGreaterThan(0);
    const stored = (JSON.parse((await flowRow(flow.id))!.steps) as { name: string }[]).map((s) => s.name);
    expect(stored.sort()).toEqual(won.sort());
    expect((await flowRow(flow.id))!.edit_seq).toBe(1 + won.length);
    expect(await revisionCount(flow.id)).toBe(won.length);
  });
});

describe("scheduled-post automation through the tools", () => {
  let keyword = 0;
  async function attachedPost() {
    const post = await createPost(user.key, {
      text: "Comment for the guide",
      platforms: [{ platform: "instagram", account_id: instagram }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const flow = await readyFlow(user.key, instagram, `TOOLAUTO${++keyword}`);
    await expectOk(api("PUT", `/api/v1/posts/${post.id}/automation`, { key: user.key, body: { flow_id: flow.id } }));
    return { post, flow };
  }
  const setRollout = (percent: number) =>
    api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { rollouts: { detach_post_automation: percent } } });

  it("get_scheduled_post shows the automation; editing one set to turn on answers a notice", async () => {
    const { post, flow } = await attachedPost();
    await expectOk(api("PATCH", `/api/v1/posts/${post.id}/automation`, { key: user.key, body: { armed: true } }));
    const shown = await ok(mcp, "get_scheduled_post", { postId: post.id });
    expect(shown.automation).toEqual({ flowId: flow.id, flowName: flow.name, state: "armed", armed: true });
    const edited = await ok(mcp, "update_node", { flowId: flow.id, nodeId: "Reply", text: "Edited by an agent" });
    expect(edited.notice).toContain("turned that off");
    expect((await ok(mcp, "get_scheduled_post", { postId: post.id })).automation).toMatchObject({
      state: "off",
      armed: false,
    });
  });

  it("no tool turns an automation on: activate_flow refuses the post's flow", async () => {
    const { flow } = await attachedPost();
    const refusal = await refused(mcp, "activate_flow", { flowId: flow.id });
    expect(refusal.code).toBe("state_error");
    expect((await flowRow(flow.id))!.status).toBe("draft");
  });

  it("detach_post_automation is not enabled until its rollout reaches the user", async () => {
    const { post, flow } = await attachedPost();
    await setRollout(0);
    const refusal = await refused(mcp, "detach_post_automation", { postId: post.id, confirm: true });
    expect(refusal.code).toBe("not_enabled");
    expect((await flowRow(flow.id))!.post_id).toBe(post.id);
  });

  it("asks for confirmation, needs posts:write and flows:write, then removes it", async () => {
    const { post, flow } = await attachedPost();
    await setRollout(100);
    try {
      const tools = await mcpClient({ key: user.key });
      expect(tools.tools.map((t) => t.name)).toContain("detach_post_automation");
      const asked = await ok(tools, "detach_post_automation", { postId: post.id });
      expect(asked.status).toBe("confirmation_required");
      expect(asked.preview.summary).toBe(
        `Remove the automation "${flow.name}" (${flow.id}, off) from post ${post.id}: the flow will listen on no post.`,
      );
      expect((await flowRow(flow.id))!.post_id).toBe(post.id);

      for (const [scope, missing] of [
        ["posts:read posts:write agent:execute", ["flows:write"]],
        ["flows:read flows:write agent:execute", ["posts:write"]],
      ] as const) {
        const narrow = await mcpClient({ token: await mcpToken(user, scope) });
        const error = await refused(narrow, "detach_post_automation", { postId: post.id, confirm: true });
        expect(error).toMatchObject({ code: "insufficient_scope", scopes: missing });
      }

      const declined = await mcpClient(
        { key: user.key },
        { elicit: (_: ElicitRequestFormParams) => ({ action: "decline" }) },
      );
      expect((await ok(declined, "detach_post_automation", { postId: post.id })).status).toBe("declined");
      expect((await flowRow(flow.id))!.post_id).toBe(post.id);

      const done = await ok(tools, "detach_post_automation", { postId: post.id, confirm: true });
      expect(done).toEqual({
        status: "done",
        result: { post_id: post.id, flow_id: flow.id, flow_status: "draft", detached: true },
      });
      expect((await ok(tools, "get_scheduled_post", { postId: post.id })).automation).toBeUndefined();
      expect((await refused(tools, "detach_post_automation", { postId: post.id, confirm: true })).code).toBe(
        "not_found",
      );
    } finally {
      await setRollout(0);
    }
  });
});
