import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { insertItems } from "../helpers/collected";
import { flows } from "../helpers/flows";
import { agentUser } from "../helpers/mcp";
import { accessTokenFor } from "../helpers/oauth-client";

const T0 = Date.parse("2026-11-01T00:00:00Z");
const MINUTE = 60_000;

/** A user with two flows, each with `n` collected answers. */
async function seeded(n = 3) {
  const user = await agentUser("creator");
  const account = await connect(user.key, "instagram");
  const make = async (name: string) =>
    (await flows(user.key).create({ name, account_id: account.id })) as { id: string; name: string };
  const [a, b] = [await make("Lead magnet"), await make("Giveaway")];
  const items = async (flow: { id: string; name: string }) =>
    insertItems(
      Array.from({ length: n }, (_, i) => ({
        userId: user.userId,
        flowId: flow.id,
        flowName: flow.name,
        fieldType: "email" as const,
        fieldLabel: "Email",
        value: `person${i}@example.com`,
        collectedAt: T0 + i * MINUTE,
      })),
    );
  return { user, a, b, aItems: await items(a), bItems: await items(b) };
}

const stored = async (where: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(`SELECT id FROM collected_items WHERE ${where} ORDER BY id`)
      .bind(...values)
      .all<{ id: string }>()
  ).results.map((r) => r.id);

const summaryTotal = async (key: string, flowId: string) =>
  (await api("GET", `/api/v1/flows/${flowId}/collected-data/summary`, { key })).body.data.total as number;

describe("deleting collected data over REST (issue 39, item 9)", () => {
  it("DELETE /api/v1/collected-data/{id} deletes one answer; again, or another user's, is 404 and changes nothing", async () => {
    const { user, a, aItems } = await seeded();
    const [gone, ...kept] = aItems;
    const res = await api("DELETE", `/api/v1/collected-data/${gone}`, { key: user.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: gone, deleted: true });
    expect(await stored("flow_id = ?", a.id)).toEqual([...kept].sort());
    expect(await summaryTotal(user.key, a.id)).toBe(2);
    const again = await api("DELETE", `/api/v1/collected-data/${gone}`, { key: user.key });
    expect([again.status, again.body.error.code]).toEqual([404, "not_found"]);

    const stranger = await agentUser("creator");
    const theirs = await api("DELETE", `/api/v1/collected-data/${kept[0]}`, { key: stranger.key });
    expect([theirs.status, theirs.body.error.code]).toEqual([404, "not_found"]);
    expect(await stored("flow_id = ?", a.id)).toEqual([...kept].sort());
  });

  it("DELETE /api/v1/flows/{id}/collected-data deletes every answer the flow collected, and no other flow's", async () => {
    const { user, a, b, bItems } = await seeded(5);
    const res = await api("DELETE", `/api/v1/flows/${a.id}/collected-data`, { key: user.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ flowId: a.id, deletedItems: 5 });
    expect(await stored("flow_id = ?", a.id)).toEqual([]);
    expect(await stored("flow_id = ?", b.id)).toEqual([...bItems].sort());
    expect(await summaryTotal(user.key, a.id)).toBe(0);
    // The flow stays; deleting again deletes nothing.
    expect((await api("DELETE", `/api/v1/flows/${a.id}/collected-data`, { key: user.key })).body.data).toEqual({
      flowId: a.id,
      deletedItems: 0,
    });
    const stranger = await agentUser("creator");
    const theirs = await api("DELETE", `/api/v1/flows/${b.id}/collected-data`, { key: stranger.key });
    expect([theirs.status, theirs.body.error.code]).toEqual([404, "not_found"]);
    expect(await stored("flow_id = ?", b.id)).toHaveLength(5);
  });

  it("needs flows:write: a read-only token is refused and nothing is deleted", async () => {
    const { user, a, aItems } = await seeded();
    const reader = await accessTokenFor(user, "flows:read");
    const headers = { authorization: `Bearer ${reader}` };
    for (const path of [`/api/v1/collected-data/${aItems[0]}`, `/api/v1/flows/${a.id}/collected-data`]) {
      const res = await api("DELETE", path, { headers });
      expect([res.status, res.body.error.code], path).toEqual([403, "insufficient_scope"]);
    }
    expect(await stored("flow_id = ?", a.id)).toHaveLength(3);
  });

  it("deleting a flow deletes what it collected", async () => {
    const { user, a, b, bItems } = await seeded();
    expect((await api("DELETE", `/api/v1/flows/${a.id}`, { key: user.key })).status).toBe(200);
    expect(await stored("flow_id = ?", a.id)).toEqual([]);
    expect(await stored("flow_id = ?", b.id)).toEqual([...bItems].sort());
  });
});
