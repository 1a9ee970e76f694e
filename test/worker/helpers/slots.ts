import { env } from "cloudflare:test";
import { api } from "./api";

/** Creates a posting slot; fails the test on anything but 201. */
export async function createSlot(key: string, body: Record<string, unknown>) {
  const res = await api("POST", "/api/v1/posting-slots", { key, body });
  if (res.status !== 201) throw new Error(`create slot: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; time: string; minutes: number; timezone: string; account_ids: string[] };
}

export const findSlot = (key: string, accountIds: string[], after?: string) =>
  api(
    "GET",
    `/api/v1/find-slot?account_ids=${accountIds.join(",")}${after ? `&after=${encodeURIComponent(after)}` : ""}`,
    {
      key,
    },
  );

export async function setClock(key: string, at: string) {
  await api("POST", "/api/v1/sandbox/clock", { key, body: { set: at } });
}

export async function advanceClock(key: string, ms: number) {
  await api("POST", "/api/v1/sandbox/clock", { key, body: { advance_ms: ms } });
}

export async function countRows(table: "posting_slots" | "posts", userId: string) {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`)
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

/** How many holds the user's slot picker keeps (lapsed ones are dropped at its next pick). */
export const countHolds = async (userId: string) =>
  (await env.SLOT_PICKER.get(env.SLOT_PICKER.idFromName(userId)).holds(0)).length;
