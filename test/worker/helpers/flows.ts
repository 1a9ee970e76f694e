import { env } from "cloudflare:test";
import { type Answer, api } from "./api";

/** A call that must answer `status`: its `data`. */
export async function expectOk<T = any>(answer: Promise<Answer>, status = 200): Promise<T> {
  const res = await answer;
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

export const flows = (key: string) => ({
  create: (body: Record<string, unknown>) => expectOk(api("POST", "/api/v1/flows", { key, body }), 201),
  generate: (body: Record<string, unknown>) => expectOk(api("POST", "/api/v1/flows/generate", { key, body }), 201),
  get: (id: string, nodeId?: string) =>
    expectOk(api("GET", `/api/v1/flows/${id}${nodeId ? `?node_id=${encodeURIComponent(nodeId)}` : ""}`, { key })),
  addNode: (id: string, body: Record<string, unknown>) => api("POST", `/api/v1/flows/${id}/nodes`, { key, body }),
  updateNode: (id: string, nodeId: string, body: Record<string, unknown>) =>
    api("PATCH", `/api/v1/flows/${id}/nodes/${encodeURIComponent(nodeId)}`, { key, body }),
  deleteNode: (id: string, nodeId: string) =>
    api("DELETE", `/api/v1/flows/${id}/nodes/${encodeURIComponent(nodeId)}`, { key }),
  addEdge: (id: string, body: Record<string, unknown>) => api("POST", `/api/v1/flows/${id}/edges`, { key, body }),
  deleteEdge: (id: string, edgeId: string) => api("DELETE", `/api/v1/flows/${id}/edges/${edgeId}`, { key }),
  revisions: (id: string) => expectOk(api("GET", `/api/v1/flows/${id}/revisions?limit=100`, { key })),
  revert: (id: string, revisionId: string) =>
    api("POST", `/api/v1/flows/${id}/revert`, { key, body: { revision_id: revisionId } }),
  activate: (id: string) => api("POST", `/api/v1/flows/${id}/activate`, { key }),
  deactivate: (id: string) => api("POST", `/api/v1/flows/${id}/deactivate`, { key }),
  duplicate: (id: string) => expectOk(api("POST", `/api/v1/flows/${id}/duplicate`, { key }), 201),
});

/** The flow's row as stored. */
export async function flowRow(id: string) {
  return env.DB.prepare("SELECT * FROM flows WHERE id = ?").bind(id).first<Record<string, any>>();
}

export async function revisionCount(flowId: string) {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM flow_versions WHERE flow_id = ?")
    .bind(flowId)
    .first<{ n: number }>();
  return row!.n;
}

/** A trigger + message + collect flow with no problems, built step by step over REST. */
export async function readyFlow(key: string, accountId: string, keyword = "GUIDE") {
  const f = flows(key);
  const flow = await f.create({ name: `Flow ${keyword}`, account_id: accountId });
  const steps = [
    { type: "trigger", name: "Trigger", data: { config: { kind: "comment_keyword", keywords: [keyword] } } },
    { type: "message", name: "Reply", data: { blocks: [{ text: "Thanks! Reply with your email." }] } },
    { type: "collect", name: "Email", data: { field_type: "email", label: "Email" } },
  ];
  for (const body of steps) await expectOk(f.addNode(flow.id, body));
  await expectOk(f.addEdge(flow.id, { from: "Trigger", to: "Reply" }));
  return expectOk(f.addEdge(flow.id, { from: "Reply", to: "Email" }));
}
