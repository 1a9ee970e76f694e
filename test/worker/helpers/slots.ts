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

export async function countRows(table: "posting_slots" | "slot_holds" | "posts", userId: string) {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`)
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

/** Holds the user's slot lock on `accountIds` as a pick in progress would; returns the release. */
export async function holdLock(userId: string, accountIds: string[]) {
  const picker = env.SLOT_PICKER.get(env.SLOT_PICKER.idFromName(userId));
  const lease = await picker.acquire(accountIds, 60_000);
  if (lease === null) throw new Error("lock already held");
  return () => picker.release(lease);
}
