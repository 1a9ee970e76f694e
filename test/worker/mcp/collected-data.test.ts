import { describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { insertExecutions, insertItems } from "../helpers/collected";
import { flows } from "../helpers/flows";
import { agentUser, mcpClient, mcpToken, ok, refused, toolNames } from "../helpers/mcp";

const T0 = Date.parse("2026-11-01T00:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function withFlow(admin = false) {
  const user = await agentUser("creator");
  // Asking again for the user's email makes it an admin, with a new password and key.
  const again = admin
    ? await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator", email: user.email, admin: true } })
    : null;
  const fresh = again
    ? { ...user, key: again.body.data.api_key as string, password: again.body.data.password as string }
    : user;
  const account = await connect(fresh.key, "instagram");
  const flow = (await flows(fresh.key).create({ name: "Lead magnet", account_id: account.id })) as { id: string };
  return { user: fresh, accountId: account.id, flowId: flow.id };
}

describe("get_collected_data", () => {
  it("summarises a flow with previews, leaving out emails and phone numbers; another's flow is not_found", async () => {
    const { user, flowId } = await withFlow();
    const base = { userId: user.userId, flowId, flowName: "Lead magnet" };
    await insertItems([
      { ...base, fieldType: "email", fieldLabel: "Email", value: "ann@example.com", collectedAt: T0 },
      { ...base, fieldType: "text", fieldLabel: "Size", value: "Medium", collectedAt: T0 + HOUR },
      { ...base, fieldType: "text", fieldLabel: "Size", value: "+1 212 555 0199", collectedAt: T0 + 2 * HOUR },
    ]);
    const mcp = await mcpClient({ key: user.key });
    const summary = await ok(mcp, "get_collected_data", { flowId });
    expect(summary.fields).toEqual([
      { fieldLabel: "Size", fieldType: "text", total: 2, valid: 2 },
      { fieldLabel: "Email", fieldType: "email", total: 1, valid: 1 },
    ]);
    expect(summary.recent.map((r: { preview?: string }) => r.preview)).toEqual([undefined, "Medium", undefined]);

    const stranger = await agentUser();
    const theirs = await mcpClient({ key: stranger.key });
    expect(await refused(theirs, "get_collected_data", { flowId })).toMatchObject({ code: "not_found" });
  });
});

describe("export_collected_data", () => {
  it("is left out and refused (not_enabled) for a user who is not an admin", async () => {
    const { user } = await withFlow();
    for (const credential of [{ key: user.key }, { token: await mcpToken(user) }]) {
      const mcp = await mcpClient(credential);
      expect(toolNames(mcp)).not.toContain("export_collected_data");
      expect(await refused(mcp, "export_collected_data", {})).toMatchObject({ code: "not_enabled" });
    }
  });

  it("pages an admin's items newest first with the same cursor as REST, and checks limit 1 to 500", async () => {
    const { user, flowId } = await withFlow(true);
    const ids = await insertItems(
      Array.from({ length: 7 }, (_, i) => ({
        userId: user.userId,
        flowId,
        flowName: "Lead magnet",
        fieldType: "email" as const,
        fieldLabel: "Email",
        value: `p${i}@example.com`,
        collectedAt: T0 + i * HOUR,
      })),
    );
    const mcp = await mcpClient({ token: await mcpToken(user) });
    expect(toolNames(mcp)).toContain("export_collected_data");
    const first = await ok(mcp, "export_collected_data", { flowId, limit: 5 });
    expect(first.total).toBe(7);
    expect(first.items.map((i: { id: string }) => i.id)).toEqual(ids.slice(2).reverse());
    expect(first.items[0]).toEqual({
      id: ids[6],
      flowId,
      flowName: "Lead magnet",
      fieldType: "email",
      fieldLabel: "Email",
      value: "p6@example.com",
      valid: true,
      collectedAt: new Date(T0 + 6 * HOUR).toISOString(),
    });
    const second = await ok(mcp, "export_collected_data", { flowId, limit: 5, cursor: first.nextCursor });
    expect(second.items.map((i: { id: string }) => i.id)).toEqual(ids.slice(0, 2).reverse());
    expect(second.nextCursor).toBeNull();
    const since = await ok(mcp, "export_collected_data", { since: new Date(T0 + 5 * HOUR).toISOString() });
    expect(since.total).toBe(2);
    expect((await ok(mcp, "export_collected_data", { fieldType: "phone" })).total).toBe(0);
    for (const limit of [0, 501, "10"]) {
      expect(await refused(mcp, "export_collected_data", { limit })).toMatchObject({ code: "validation_error" });
    }
  });
});

describe("list_flows_with_stats", () => {
  it("counts each flow's executions started, completed and errored, and items collected, in the window", async () => {
    const { user, accountId, flowId } = await withFlow();
    const quiet = (await flows(user.key).create({ name: "Quiet", account_id: accountId })) as { id: string };
    const run = { flowId, userId: user.userId, accountId };
    await insertExecutions([
      { ...run, status: "completed", startedAt: T0 + HOUR, endedAt: T0 + 2 * HOUR },
      { ...run, status: "completed", startedAt: T0 + HOUR, endedAt: T0 + 3 * HOUR },
      { ...run, status: "errored", startedAt: T0 + 2 * HOUR, endedAt: T0 + 2 * HOUR },
      { ...run, status: "waiting_input", startedAt: T0 + 3 * HOUR },
      // Started before the window, completed in it: completed counts, started does not.
      { ...run, status: "completed", startedAt: T0 - DAY, endedAt: T0 + HOUR },
      // Wholly outside the window.
      { ...run, status: "errored", startedAt: T0 + 10 * DAY, endedAt: T0 + 10 * DAY },
    ]);
    await insertItems([
      { userId: user.userId, flowId, collectedAt: T0 + HOUR },
      { userId: user.userId, flowId, valid: false, collectedAt: T0 + 2 * HOUR },
      { userId: user.userId, flowId, collectedAt: T0 + 10 * DAY },
    ]);
    const mcp = await mcpClient({ token: await mcpToken(user, "flows:read agent:execute") });
    const stats = await ok(mcp, "list_flows_with_stats", { from: "2026-11-01", to: "2026-11-07" });
    expect(stats.from).toBe("2026-11-01T00:00:00.000Z");
    expect(stats.to).toBe("2026-11-08T00:00:00.000Z");
    expect(stats.flows).toEqual([
      {
        flowId,
        flowName: "Lead magnet",
        status: "draft",
        accountId,
        platform: "instagram",
        executions: { started: 4, completed: 3, errored: 1 },
        itemsCollected: 2,
      },
      {
        flowId: quiet.id,
        flowName: "Quiet",
        status: "draft",
        accountId,
        platform: "instagram",
        executions: { started: 0, completed: 0, errored: 0 },
        itemsCollected: 0,
      },
    ]);
    const later = await ok(mcp, "list_flows_with_stats", { from: "2026-11-10", to: "2026-11-12" });
    expect(later.flows[0]).toMatchObject({ executions: { started: 1, completed: 0, errored: 1 }, itemsCollected: 1 });
    const other = await connect(user.key, "facebook");
    const none = await ok(mcp, "list_flows_with_stats", { from: "2026-11-01", accountId: other.id });
    expect(none.flows).toEqual([]);
  });
});

describe("delete_collected_data", () => {
  const seed = async (userId: string, flowId: string, n: number) =>
    insertItems(
      Array.from({ length: n }, (_, i) => ({
        userId,
        flowId,
        flowName: "Lead magnet",
        fieldLabel: "Email",
        collectedAt: T0 + i * HOUR,
      })),
    );
  const left = async (key: string, flowId: string) =>
    (await api("GET", `/api/v1/flows/${flowId}/collected-data/summary`, { key })).body.data.total as number;

  it("asks first, then deletes one answer or all a flow collected; it needs flows:write and agent:destructive", async () => {
    const { user, flowId } = await withFlow();
    const [one] = await seed(user.userId, flowId, 4);
    const mcp = await mcpClient({ key: user.key });
    const preview = await ok(mcp, "delete_collected_data", { itemId: one });
    expect(preview.status).toBe("confirmation_required");
    expect(preview.preview.summary).toContain("Lead magnet");
    expect(await left(user.key, flowId)).toBe(4);
    expect(await ok(mcp, "delete_collected_data", { itemId: one, confirm: true })).toEqual({
      status: "done",
      result: { deletedItems: 1 },
    });
    expect(await left(user.key, flowId)).toBe(3);
    expect((await ok(mcp, "delete_collected_data", { flowId })).preview.summary).toContain("3 answers");
    expect(await ok(mcp, "delete_collected_data", { flowId, confirm: true })).toEqual({
      status: "done",
      result: { deletedItems: 3 },
    });
    expect(await left(user.key, flowId)).toBe(0);

    expect(await refused(mcp, "delete_collected_data", { itemId: one, confirm: true })).toMatchObject({
      code: "not_found",
    });
    expect(await refused(mcp, "delete_collected_data", {})).toMatchObject({ code: "validation_error" });
    await seed(user.userId, flowId, 1);
    const reader = await mcpClient({ token: await mcpToken(user, "flows:read flows:write agent:execute") });
    expect(await refused(reader, "delete_collected_data", { flowId, confirm: true })).toMatchObject({
      code: "insufficient_scope",
      scopes: ["agent:destructive"],
    });
    expect(await left(user.key, flowId)).toBe(1);
  });
});
