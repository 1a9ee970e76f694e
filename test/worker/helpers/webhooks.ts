import { env } from "cloudflare:test";
import { api } from "./api";
import { type Received, verifySignature } from "./receiver";
import { eventually } from "./wait";

/** Creates a webhook and returns it with its signing secret; fails the test on anything but 201. */
export async function addWebhook(key: string, body: Record<string, unknown>) {
  const res = await api("POST", "/api/v1/webhooks", { key, body });
  if (res.status !== 201) throw new Error(`create webhook: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; signing_secret: string; [field: string]: any };
}

/** Writes events to the user's outbox through the sandbox, as a feature would; returns their ids. */
export async function emit(key: string, event: string, data: Record<string, unknown> = {}, extra = {}) {
  const res = await api("POST", "/api/v1/sandbox/events", { key, body: { event, data, ...extra } });
  if (res.status !== 201) throw new Error(`emit: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.event_ids as string[];
}

export async function attempts(key: string, webhookId: string, eventId?: string) {
  const query = eventId ? `?event_id=${eventId}` : "";
  const res = await api("GET", `/api/v1/webhooks/${webhookId}/deliveries${query}`, { key });
  if (res.status !== 200) throw new Error(`deliveries: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data as Record<string, any>[]).reverse();
}

export async function webhookOf(key: string, webhookId: string) {
  const res = await api("GET", "/api/v1/webhooks", { key });
  return (res.body.data as Record<string, any>[]).find((w) => w.id === webhookId)!;
}

/** The delivery (event × webhook) row, or null when none was made. */
export const deliveryRow = (webhookId: string, eventId: string) =>
  env.DB.prepare("SELECT * FROM webhook_deliveries WHERE webhook_id = ? AND event_id = ?")
    .bind(webhookId, eventId)
    .first<{ id: string; status: string; attempts: number; next_attempt_at: number }>();

/** Waits until the event's delivery to the webhook has ended (succeeded, failed or cancelled). */
export const settledDelivery = (webhookId: string, eventId: string) =>
  eventually(async () => {
    const row = await deliveryRow(webhookId, eventId);
    return row && ["succeeded", "failed", "cancelled"].includes(row.status) ? row : undefined;
  }, `delivery of ${eventId} to ${webhookId}`);

/** Runs the webhook sweep now: every outbox event written so far is fanned out when it answers. */
export const sweep = (key: string) => api("POST", "/api/v1/sandbox/tick", { key, body: { jobs: ["webhook-sweep"] } });

export const setConfig = (key: string, body: Record<string, unknown>) =>
  api("PATCH", "/api/v1/sandbox/config", { key, body });

/** The service clock's now in unix seconds: a receiver's "now" in the tests. */
export const serviceNow = async () =>
  Math.floor(Date.parse((await api("GET", "/api/v1/health")).body.data.time) / 1000);

/** Whether `secret` verifies the request's X-Service-Signature as a subscriber checks it, now on the service clock. */
export const signedWith = async (secret: string, got: Received) =>
  verifySignature(secret, got.headers["x-service-signature"], got.raw, await serviceNow());

/** The user's outbox events named `event`, oldest first (the first 100). */
export async function outboxEvents(key: string, event: string) {
  const res = await api("GET", "/api/v1/events?limit=100", { key });
  return (res.body.data as { id: string; event: string; data: any }[]).filter((e) => e.event === event);
}
