// A plug as the API shows it.
import type { plugs } from "../../db/schema";
import { iso, isoOrNull } from "../../lib/clock";

export type PlugRow = typeof plugs.$inferSelect;

export const presentPlug = (p: PlugRow) => ({
  id: p.id,
  plug_id: p.id,
  post_id: p.postId,
  account_id: p.accountId,
  platform: p.platform,
  trigger: { metric: p.metric, threshold: p.threshold },
  action: p.actionText === null ? { kind: p.actionKind } : { kind: p.actionKind, text: p.actionText },
  state: p.state,
  firing: p.state === "armed" && p.firedAt !== null,
  last_value: p.lastValue,
  last_checked_at: isoOrNull(p.lastCheckedAt),
  fired_at: isoOrNull(p.firedAt),
  error: p.error,
  note: p.note,
  watching_since: isoOrNull(p.windowStartAt),
  created_at: iso(p.createdAt),
});
