import { env } from "cloudflare:test";
import { z } from "@hono/zod-openapi";
import { beforeAll, describe, expect, it } from "vitest";
import { unavailability } from "../../../src/mcp/access";
import { defineTool } from "../../../src/mcp/define";
import type { Scope } from "../../../src/services/auth/auth";
import { isRolledOut } from "../../../src/services/rollouts";
import { createRuntime, type Runtime } from "../../../src/services/runtime";
import { connect } from "../helpers/api";
import { agentUser, mcpClient, mcpToken, ok, refused, toolNames } from "../helpers/mcp";
import { FUTURE, resetClock } from "../helpers/posts";

/**
 * Every tool an API key gets; detach_post_automation is being rolled out and reaches nobody by default, and
 * export_collected_data reaches admin users first.
 */
const EVERY_TOOL = [
  "activate_flow",
  "add_edge",
  "add_node",
  "arm_plug",
  "create_client_invite",
  "create_scheduled_post",
  "delete_collected_data",
  "delete_edge",
  "delete_node",
  "duplicate_flow",
  "find_next_slot",
  "generate_flow",
  "get_analytics_overview",
  "get_collected_data",
  "get_conversation",
  "get_flow",
  "get_flow_revisions",
  "get_scheduled_post",
  "list_account_destinations",
  "list_accounts",
  "list_capabilities",
  "list_client_invites",
  "list_flows_with_stats",
  "list_inbox",
  "list_media",
  "list_plugs",
  "list_rss_feeds",
  "list_scheduled_posts",
  "manage_posting_slots",
  "reply_to_conversation",
  "revert_flow_to_version",
  "update_conversation",
  "update_node",
  "update_rss_feed",
  "update_scheduled_post",
  "upload_media",
];
const POST_WRITES = [
  "arm_plug",
  "create_client_invite",
  "create_scheduled_post",
  "update_rss_feed",
  "update_scheduled_post",
  "upload_media",
];
const FLOW_WRITES = [
  "activate_flow",
  "add_edge",
  "add_node",
  "delete_collected_data",
  "delete_edge",
  "delete_node",
  "duplicate_flow",
  "generate_flow",
  "revert_flow_to_version",
  "update_node",
];
const INBOX_WRITES = ["reply_to_conversation", "update_conversation"];
const WRITE_TOOLS = [...POST_WRITES, ...FLOW_WRITES, ...INBOX_WRITES].sort();
const NOT_ROLLED_OUT = {
  name: "detach_post_automation",
  reason: {
    code: "not_enabled",
    message: "detach_post_automation is being rolled out gradually and is not enabled for you yet",
  },
};
const EXPORT_NOT_ENABLED = {
  name: "export_collected_data",
  reason: {
    code: "not_enabled",
    message: "Exporting collected data is being rolled out to admin accounts first and is not enabled for you yet",
  },
};

type User = Awaited<ReturnType<typeof agentUser>>;
let user: User;
let accountId: string;

beforeAll(async () => {
  // Studio: every tool's plan capability (plugs, client invites) is included.
  user = await agentUser("studio");
  await resetClock(user.key);
  accountId = (await connect(user.key, "bluesky")).id;
});

const count = async (table: "posts" | "posting_slots", userId: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).bind(userId).first<{ n: number }>())!.n;

/** list_capabilities names exactly the tools `tools/list` gave. */
async function capabilitiesMatchList(mcp: Awaited<ReturnType<typeof mcpClient>>) {
  const capabilities = await ok(mcp, "list_capabilities");
  expect(capabilities.tools.map((t: { name: string }) => t.name).sort()).toEqual(toolNames(mcp));
  return capabilities;
}

describe("which tools a caller gets", () => {
  it("an API key holds every scope: every tool, and list_capabilities says the same", async () => {
    const mcp = await mcpClient({ key: user.key });
    expect(toolNames(mcp)).toEqual(EVERY_TOOL);
    const capabilities = await capabilitiesMatchList(mcp);
    expect(capabilities.unavailable).toEqual([NOT_ROLLED_OUT, EXPORT_NOT_ENABLED]);
    expect(capabilities.plan).toBe("studio");
  });

  it("a token with every agent scope: every tool", async () => {
    const mcp = await mcpClient({ token: await mcpToken(user) });
    expect(toolNames(mcp)).toEqual(EVERY_TOOL);
    expect((await capabilitiesMatchList(mcp)).unavailable).toEqual([NOT_ROLLED_OUT, EXPORT_NOT_ENABLED]);
  });

  it("a read-only token lists and reads; every write is refused for its scope, and nothing is written", async () => {
    const mcp = await mcpClient({ token: await mcpToken(user, undefined, true) });
    expect(toolNames(mcp)).toEqual(EVERY_TOOL.filter((n) => !WRITE_TOOLS.includes(n)));
    const capabilities = await capabilitiesMatchList(mcp);
    expect(capabilities.scopes.sort()).toEqual([
      "accounts:read",
      "agent:execute",
      "flows:read",
      "inbox:read",
      "posts:read",
    ]);
    expect(capabilities.unavailable.map((u: { name: string }) => u.name).sort()).toEqual(
      [...WRITE_TOOLS, "detach_post_automation", "export_collected_data"].sort(),
    );

    expect((await ok(mcp, "list_accounts")).accounts).toHaveLength(1);
    expect((await ok(mcp, "manage_posting_slots", { action: "list" })).result.slots).toBeInstanceOf(Array);

    const [posts, slots] = [await count("posts", user.userId), await count("posting_slots", user.userId)];
    const writes: [string, Record<string, unknown>][] = [
      ["create_scheduled_post", { text: "hi", platforms: [{ platform: "bluesky", accountId }] }],
      ["update_scheduled_post", { postId: "post_x", text: "hi" }],
      ["arm_plug", { postId: "post_x", metric: "likes", threshold: 1, action: "repost", confirm: true }],
      ["update_rss_feed", { feedId: "rss_x", paused: true }],
      ["manage_posting_slots", { action: "add", accountIds: [accountId], weekday: 1, time: "09:00", timezone: "UTC" }],
    ];
    for (const [name, args] of writes) {
      const refusal = await refused(mcp, name, args);
      expect([name, refusal.code, refusal.scopes]).toEqual([name, "insufficient_scope", ["posts:write"]]);
      expect(refusal.message).toContain("posts:write");
    }
    const flowWrites: [string, Record<string, unknown>][] = [
      ["generate_flow", { description: "Comment GUIDE", accountId }],
      ["add_node", { flowId: "flow_x", type: "delay", data: { delay_time: 1000 } }],
      ["activate_flow", { flowId: "flow_x" }],
    ];
    for (const [name, args] of flowWrites) {
      expect(await refused(mcp, name, args)).toMatchObject({ code: "insufficient_scope", scopes: ["flows:write"] });
    }
    expect(await refused(mcp, "detach_post_automation", { postId: "post_x", confirm: true })).toMatchObject({
      code: "insufficient_scope",
      scopes: ["posts:write", "flows:write"],
    });
    expect([await count("posts", user.userId), await count("posting_slots", user.userId)]).toEqual([posts, slots]);
    const invite = await refused(mcp, "create_client_invite", { groupId: "grp_x", platforms: ["x"], confirm: true });
    expect(invite).toMatchObject({ code: "insufficient_scope", scopes: ["accounts:write"] });
  });

  it("a token without posts:write is refused create_scheduled_post, naming the scope, and nothing is created", async () => {
    const mcp = await mcpClient({ token: await mcpToken(user, "accounts:read posts:read agent:execute") });
    const before = await count("posts", user.userId);
    const refusal = await refused(mcp, "create_scheduled_post", {
      text: "Not allowed",
      platforms: [{ platform: "bluesky", accountId }],
      scheduleType: "scheduled",
      scheduledAt: FUTURE,
    });
    expect(refusal).toMatchObject({ code: "insufficient_scope", scopes: ["posts:write"] });
    expect(await count("posts", user.userId)).toBe(before);
  });

  it("without agent:execute no tool is listed, and every call names the missing scope", async () => {
    const mcp = await mcpClient({ token: await mcpToken(user, "accounts:read posts:read posts:write") });
    expect(mcp.tools).toEqual([]);
    for (const name of ["list_accounts", "list_capabilities"]) {
      expect(await refused(mcp, name)).toMatchObject({ code: "insufficient_scope", scopes: ["agent:execute"] });
    }
  });

  it("a call missing several scopes names them all", async () => {
    const mcp = await mcpClient({ token: await mcpToken(user, "agent:execute") });
    expect(toolNames(mcp)).toEqual(["list_capabilities"]);
    const refusal = await refused(mcp, "create_scheduled_post", { platforms: [{ platform: "bluesky", accountId }] });
    expect(refusal).toMatchObject({ code: "insufficient_scope", scopes: ["posts:write"] });
    const slots = await mcpClient({ token: await mcpToken(user, "posts:read agent:execute") });
    const removal = await refused(slots, "manage_posting_slots", { action: "remove", slotId: "slot_x" });
    expect(removal).toMatchObject({ code: "insufficient_scope", scopes: ["posts:write", "agent:destructive"] });
    expect(removal.message).toBe("This credential lacks the posts:write, agent:destructive scopes");
  });

  it("removing a slot also needs agent:destructive; listing and adding do not", async () => {
    const mcp = await mcpClient({ token: await mcpToken(user, "posts:read posts:write agent:execute") });
    expect((await ok(mcp, "manage_posting_slots", { action: "list" })).status).toBe("done");
    const added = await ok(mcp, "manage_posting_slots", {
      action: "add",
      accountIds: [accountId],
      weekday: 2,
      time: "10:00",
      timezone: "UTC",
    });
    const slotId = added.result.slot.id;
    const refusal = await refused(mcp, "manage_posting_slots", { action: "remove", slotId, confirm: true });
    expect(refusal).toMatchObject({ code: "insufficient_scope", scopes: ["agent:destructive"] });
    const { result } = await ok(mcp, "manage_posting_slots", { action: "list" });
    expect(result.slots.map((s: { id: string }) => s.id)).toContain(slotId);
  });

  it("a free plan leaves the plug tools out, and calling one says why", async () => {
    const free = await agentUser("free");
    for (const credential of [{ key: free.key }, { token: await mcpToken(free) }]) {
      const mcp = await mcpClient(credential);
      const planned = ["arm_plug", "list_plugs", "create_client_invite"];
      expect(toolNames(mcp)).toEqual(EVERY_TOOL.filter((n) => !planned.includes(n)));
      const capabilities = await capabilitiesMatchList(mcp);
      const reason = { code: "feature_disabled", message: "Plugs: not included in the free plan" };
      expect(capabilities.unavailable).toEqual([
        { name: "list_plugs", reason },
        { name: "arm_plug", reason },
        {
          name: "create_client_invite",
          reason: { code: "feature_disabled", message: "Client invite links: not included in the free plan" },
        },
        NOT_ROLLED_OUT,
        EXPORT_NOT_ENABLED,
      ]);
      expect(await refused(mcp, "list_plugs", { postId: "post_x" })).toEqual(reason);
      expect(
        await refused(mcp, "arm_plug", { postId: "post_x", metric: "likes", threshold: 5, action: "repost" }),
      ).toEqual(reason);
    }
  });
});

describe("rollouts", () => {
  const rolledOut = defineTool({
    name: "rolled_out_tool",
    title: "A tool being rolled out",
    description: "For the test",
    input: z.object({}),
    output: z.object({}),
    scopes: [],
    rollout: "test_flag",
    readOnly: true,
    idempotent: true,
    openWorld: false,
    run: async () => ({}),
  });
  const withRollout = (rt: Runtime, percent: number): Runtime => ({
    ...rt,
    config: { ...rt.config, rollouts: { test_flag: percent } },
  });

  it("a tool behind a rollout flag is not_enabled (and left out) until the flag reaches the user", async () => {
    const rt = await createRuntime(env);
    const principal = {
      userId: user.userId,
      plan: "creator",
      scopes: ["agent:execute"] as Scope[],
      rateKey: "k",
      via: "oauth" as const,
    };
    expect(await unavailability(rolledOut, { rt, principal })).toMatchObject({ code: "not_enabled", status: 403 });
    expect(await unavailability(rolledOut, { rt: withRollout(rt, 100), principal })).toBeUndefined();
  });

  it("raising a rollout's share only adds users, and each share is about its percentage", async () => {
    const rt = await createRuntime(env);
    const users = Array.from({ length: 400 }, (_, i) => `user_${i}`);
    const enabledAt = async (percent: number) => {
      const flags = await Promise.all(users.map((u) => isRolledOut(withRollout(rt, percent), u, "test_flag")));
      return users.filter((_, i) => flags[i]);
    };
    const [none, quarter, half, all] = (await Promise.all([0, 25, 50, 100].map(enabledAt))) as string[][] &
      [string[], string[], string[], string[]];
    expect(none).toEqual([]);
    expect(all).toEqual(users);
    expect(quarter.every((u) => half.includes(u))).toBe(true);
    expect(quarter.length).toBeGreaterThan(60);
    expect(half.length).toBeGreaterThan(quarter.length);
    expect(half.length).toBeLessThan(260);
  });
});
