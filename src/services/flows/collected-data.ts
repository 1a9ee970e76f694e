// What flows collected: items as SPEC shows them, a flow's summary, the export, and deleting answers.
import { and, count, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import { afterCursor } from "../../db/paging";
import { collectedItems, users } from "../../db/schema";
import { iso } from "../../lib/clock";
import { decodeCursor, pageOf } from "../../lib/cursor";
import { AppError, notFound } from "../../lib/errors";
import type { CollectedDataQueryInput } from "../../schemas/collected-data";
import { boundOf } from "../analytics/window";
import type { Runtime } from "../runtime";
import { collectedItemDelete, flowItemsDelete } from "./collected-items";
import { loadOwnedFlow } from "./store";

type ItemRow = typeof collectedItems.$inferSelect;

/** SPEC's collected data item. */
export const presentItem = (row: ItemRow) => ({
  id: row.id,
  flowId: row.flowId,
  flowName: row.flowName,
  fieldType: row.fieldType,
  fieldLabel: row.fieldLabel,
  value: row.value,
  valid: row.valid,
  collectedAt: iso(row.collectedAt),
});

const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]{2,}/;
/** Runs of digits with the separators people write phone numbers with (`+1 (415) 555-0100`, `07700.900123`). */
const DIGIT_RUNS = /\+?\(?\d[\d\s().-]*\d/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether a collected answer looks like an email or a phone number anywhere in it: an `x@y.tld`, or a run of 7 to
 * 15 digits (E.164's longest) written with phone separators, that is not a calendar date (YYYY-MM-DD).
 */
export function looksLikeContact(value: string): boolean {
  if (EMAIL.test(value)) return true;
  for (const run of value.match(DIGIT_RUNS) ?? []) {
    const digits = run.replace(/\D/g, "").length;
    if (digits >= 7 && digits <= 15 && !ISO_DATE.test(run.trim())) return true;
  }
  return false;
}

const PREVIEW_CHARS = 40;
const RECENT_ITEMS = 10;

/** The start of an answer, unless it could identify the person (SPEC Versioning 6: previews narrowed on 2026-10-06). */
function previewOf(row: Pick<ItemRow, "fieldType" | "value">): string | undefined {
  if (row.fieldType === "email" || row.fieldType === "phone" || looksLikeContact(row.value)) return undefined;
  const chars = [...row.value];
  return chars.length <= PREVIEW_CHARS ? row.value : `${chars.slice(0, PREVIEW_CHARS - 1).join("")}…`;
}

/**
 * `get_collected_data`: what a flow of the user's has collected, counted per field (label and type), and its latest
 * items with a preview each. Another user's flow (or none) is 404.
 */
export async function collectedDataSummary(rt: Runtime, userId: string, flowId: string) {
  const flow = await loadOwnedFlow(rt, userId, flowId);
  const mine = and(eq(collectedItems.flowId, flow.id), eq(collectedItems.userId, userId));
  const [fields, recent] = await Promise.all([
    rt.db
      .select({
        fieldLabel: collectedItems.fieldLabel,
        fieldType: collectedItems.fieldType,
        total: count(),
        valid: sql<number>`coalesce(sum(${collectedItems.valid}), 0)`,
      })
      .from(collectedItems)
      .where(mine)
      .groupBy(collectedItems.fieldLabel, collectedItems.fieldType),
    rt.db
      .select()
      .from(collectedItems)
      .where(mine)
      .orderBy(desc(collectedItems.collectedAt), desc(collectedItems.id))
      .limit(RECENT_ITEMS),
  ]);
  const byCount = fields
    .map((f) => ({ ...f, valid: Number(f.valid) }))
    .sort((a, b) => b.total - a.total || a.fieldLabel.localeCompare(b.fieldLabel));
  return {
    flowId: flow.id,
    flowName: flow.name,
    total: byCount.reduce((n, f) => n + f.total, 0),
    valid: byCount.reduce((n, f) => n + f.valid, 0),
    fields: byCount,
    recent: recent.map((row) => {
      const preview = previewOf(row);
      return {
        id: row.id,
        fieldLabel: row.fieldLabel,
        fieldType: row.fieldType,
        valid: row.valid,
        collectedAt: iso(row.collectedAt),
        ...(preview === undefined ? {} : { preview }),
      };
    }),
  };
}

/**
 * Whether the user may export collected data: while `export_collected_data_rollout` is `admins`, only users with the
 * admin flag; with `all`, everyone. Otherwise 403 `not_enabled`.
 */
export async function requireExportEnabled(rt: Runtime, userId: string): Promise<void> {
  if (rt.config.export_collected_data_rollout === "all") return;
  const [user] = await rt.db.select({ admin: users.admin }).from(users).where(eq(users.id, userId));
  if (user?.admin) return;
  throw new AppError(
    "not_enabled",
    "Exporting collected data is being rolled out to admin accounts first and is not enabled for you yet",
  );
}

/** The user's items that match the export's filters (`flow_id`, `field_type`, `since`). */
export const itemFilters = (userId: string, query: Pick<CollectedDataQueryInput, "flow_id" | "field_type" | "since">) =>
  and(
    eq(collectedItems.userId, userId),
    query.flow_id ? eq(collectedItems.flowId, query.flow_id) : undefined,
    query.field_type ? eq(collectedItems.fieldType, query.field_type) : undefined,
    query.since ? gte(collectedItems.collectedAt, boundOf(query.since, false)) : undefined,
  );

/** How many items match `filters` now. */
export async function countItems(rt: Runtime, filters: SQL | undefined): Promise<number> {
  const [counted] = await rt.db.select({ total: count() }).from(collectedItems).where(filters);
  return counted?.total ?? 0;
}

/**
 * One page of the items matching `filters`, newest first by (collected time, id), after `cursor`: one read, no count
 * and no rollout check (the caller's, once). The cursor is the last item's place in that order.
 */
export async function itemsPage(rt: Runtime, filters: SQL | undefined, limit: number, cursor?: string) {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const rows = await rt.db
    .select()
    .from(collectedItems)
    .where(and(filters, afterCursor(collectedItems.collectedAt, collectedItems.id, after)))
    .orderBy(desc(collectedItems.collectedAt), desc(collectedItems.id))
    .limit(limit + 1);
  return pageOf(rows, limit, (row) => row.collectedAt);
}

/**
 * `export_collected_data`: the user's collected items, newest first by (collected time, id), a page at a time.
 * The cursor is the last item's place in that order, so items collected while a client pages (newer than its first
 * page) never shift later pages: each item is seen once. `total` counts what matches the filters now.
 */
export async function exportCollectedData(rt: Runtime, userId: string, query: CollectedDataQueryInput) {
  await requireExportEnabled(rt, userId);
  const filters = itemFilters(userId, query);
  const [{ page, next_cursor }, total] = await Promise.all([
    itemsPage(rt, filters, query.limit, query.cursor),
    countItems(rt, filters),
  ]);
  return { items: page.map(presentItem), nextCursor: next_cursor, total };
}

/** Deletes one of the user's collected answers (never behind the export's rollout); another user's is 404. */
export async function deleteCollectedItem(rt: Runtime, userId: string, itemId: string) {
  const [deleted] = await collectedItemDelete(rt, userId, itemId);
  if (!deleted) throw notFound("Collected item");
  return { id: itemId, deleted: true as const };
}

/** Deletes every answer one of the user's flows collected; the flow stays. Answers how many went. */
export async function deleteFlowCollectedData(rt: Runtime, userId: string, flowId: string) {
  const flow = await loadOwnedFlow(rt, userId, flowId);
  const result = await flowItemsDelete(rt, userId, flow.id);
  return { flowId: flow.id, deletedItems: result.meta.changes };
}

/** One answer, for the agent tool's preview: its flow's name, label and time (never its value). */
export async function collectedItemOf(rt: Runtime, userId: string, itemId: string) {
  const [row] = await rt.db
    .select({
      id: collectedItems.id,
      flowName: collectedItems.flowName,
      fieldLabel: collectedItems.fieldLabel,
      collectedAt: collectedItems.collectedAt,
    })
    .from(collectedItems)
    .where(and(eq(collectedItems.id, itemId), eq(collectedItems.userId, userId)));
  if (!row) throw notFound("Collected item");
  return { ...row, collectedAt: iso(row.collectedAt) };
}
