// The owner's controls over a contact (opted out of automations or back in, handed to a person for a while), and the
// contacts an account's flows ran for.
import { and, count, desc, eq, isNull, max, sql } from "drizzle-orm";
import { flowExecutions, flows } from "../../db/schema";
import { iso, isoOrNull } from "../../lib/clock";
import { currentRequestId } from "../../lib/log";
import { getOwnedAccount } from "../accounts/accounts";
import type { Runtime } from "../runtime";
import { contactRunner } from "./run/inbound";

/**
 * The owner's controls over one person on an account (a contact, by the platform-scoped id their events carry):
 * opt them out of automations (every execution of theirs stops at once) or back in, and hand them to a person for
 * a while (automations stay quiet; 0 minutes ends it). The contact's runner keeps and applies them.
 */
export async function setContactControls(
  rt: Runtime,
  userId: string,
  accountId: string,
  contactId: string,
  controls: { opted_out?: boolean; human_takeover_minutes?: number },
) {
  const account = await getOwnedAccount(rt, userId, accountId);
  const contact = { accountId: account.id, contactId };
  const state = await contactRunner(rt, account.id, contactId).setControls(
    contact,
    {
      optedOut: controls.opted_out,
      humanMinutes: controls.human_takeover_minutes,
    },
    currentRequestId(),
  );
  return {
    account_id: account.id,
    contact_id: contactId,
    opted_out_at: isoOrNull(state.optedOutAt),
    human_until: isoOrNull(state.humanUntil),
    window_until: isoOrNull(state.windowUntil),
  };
}

/** The user's accounts that have flows (drafts included): where contacts can come from. */
export async function accountsWithFlows(rt: Runtime, userId: string): Promise<Set<string>> {
  const rows = await rt.db
    .selectDistinct({ accountId: flows.accountId })
    .from(flows)
    .where(and(eq(flows.userId, userId), isNull(flows.deletedAt)));
  return new Set(rows.map((r) => r.accountId));
}

/**
 * The people an account's flows ran for, the latest started first (at most `limit`): how many runs each had, how
 * many are under way, and when the latest started. Another user's account is 404.
 */
export async function listContacts(rt: Runtime, userId: string, accountId: string, limit = 100) {
  const account = await getOwnedAccount(rt, userId, accountId);
  const lastStarted = max(flowExecutions.startedAt);
  const rows = await rt.db
    .select({
      contactId: flowExecutions.contactId,
      runs: count(),
      underWay: sql<number>`coalesce(sum(case when ${flowExecutions.endedAt} is null then 1 else 0 end), 0)`,
      lastStartedAt: lastStarted,
    })
    .from(flowExecutions)
    .where(and(eq(flowExecutions.userId, userId), eq(flowExecutions.accountId, account.id)))
    .groupBy(flowExecutions.contactId)
    .orderBy(desc(lastStarted), desc(flowExecutions.contactId))
    .limit(limit);
  return {
    account,
    contacts: rows.map((r) => ({
      contact_id: r.contactId,
      runs: r.runs,
      under_way: Number(r.underWay),
      last_started_at: iso(r.lastStartedAt ?? 0),
    })),
  };
}
