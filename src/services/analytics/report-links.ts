// Shared report links: a client group's report, read-only for whoever holds the link, until it expires or is revoked.
import { and, desc, eq, isNull } from "drizzle-orm";
import { reportLinks } from "../../db/schema";
import { iso, isoOrNull } from "../../lib/clock";
import { randomBase64Url, sha256Hex } from "../../lib/crypto";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { secretLinkState } from "../../lib/secret-links";
import type { ReportLinkInput } from "../../schemas/report-links";
import { getOwnedGroup } from "../accounts/account-groups";
import type { Runtime } from "../runtime";
import { buildReport, type Report } from "./report";

type ReportLinkRow = typeof reportLinks.$inferSelect;

const DAY_MS = 86_400_000;
/** Bytes of randomness in a link's token, as a review link's. */
const TOKEN_BYTES = 32;

const present = (link: ReportLinkRow, now: number) => ({
  id: link.id,
  group_id: link.groupId,
  days: link.days,
  state: secretLinkState(link, now),
  expires_at: iso(link.expiresAt),
  revoked_at: isoOrNull(link.revokedAt),
  created_at: iso(link.createdAt),
});

/** A link to the group's report page. The token is shown once in `url`; only its SHA-256 is kept. */
export async function createReportLink(rt: Runtime, userId: string, input: ReportLinkInput) {
  const group = await getOwnedGroup(rt, userId, input.group_id);
  const token = randomBase64Url(TOKEN_BYTES);
  const now = rt.clock.now();
  const link: ReportLinkRow = {
    id: newId("rpl"),
    userId,
    groupId: group.id,
    tokenHash: await sha256Hex(token),
    days: input.days,
    expiresAt: now + input.expires_in_days * DAY_MS,
    revokedAt: null,
    createdAt: now,
  };
  await rt.db.insert(reportLinks).values(link);
  return { ...present(link, now), url: `${rt.config.public_base_url}/reports/${token}` };
}

/** The workspace's report links, newest first, in every state. */
export async function listReportLinks(rt: Runtime, userId: string) {
  const rows = await rt.db
    .select()
    .from(reportLinks)
    .where(eq(reportLinks.userId, userId))
    .orderBy(desc(reportLinks.createdAt), desc(reportLinks.id));
  const now = rt.clock.now();
  return rows.map((row) => present(row, now));
}

/** Turns a link off at once; revoking twice answers the same. Another workspace's link is 404. */
export async function revokeReportLink(rt: Runtime, userId: string, linkId: string) {
  const mine = and(eq(reportLinks.id, linkId), eq(reportLinks.userId, userId));
  await rt.db
    .update(reportLinks)
    .set({ revokedAt: rt.clock.now() })
    .where(and(mine, isNull(reportLinks.revokedAt)));
  const [link] = await rt.db.select().from(reportLinks).where(mine);
  if (!link) throw notFound("Report link");
  return present(link, rt.clock.now());
}

/**
 * What a token opens: `unknown`, `expired` or `revoked` (the page says which), or the group's report of the link's
 * last `days` days, built now.
 */
export async function openReportLink(
  rt: Runtime,
  token: string,
): Promise<{ state: "unknown" | "expired" | "revoked" } | { state: "active"; report: Report }> {
  const [link] = await rt.db
    .select()
    .from(reportLinks)
    .where(eq(reportLinks.tokenHash, await sha256Hex(token)));
  if (!link) return { state: "unknown" };
  const state = secretLinkState(link, rt.clock.now());
  if (state !== "active") return { state };
  const to = rt.clock.now();
  const report = await buildReport(rt, link.userId, {
    group_id: link.groupId,
    from: new Date(to - link.days * DAY_MS).toISOString(),
    to: new Date(to).toISOString(),
  });
  return { state, report };
}
