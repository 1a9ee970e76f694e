// The inbox's polls: accounts on platforms without webhooks for comments and messages are read on a cron, each from
// its own cursor, and what came in joins the inbound queue that webhooks feed.
import { and, eq, inArray, sql } from "drizzle-orm";
import { accounts, inboxPollCursors } from "../../db/schema";
import { log } from "../../lib/log";
import { inboxAbilities } from "../../platforms";
import type { PlatformKey } from "../../platforms/catalog";
import { INBOX_RULES } from "../../platforms/inbox-rules";
import { askPlatform } from "../accounts/destinations";
import { queueInbound } from "../flows/run/inbound";
import type { Runtime } from "../runtime";

/**
 * How often an account is polled: one call each 5 minutes is far inside every polled platform's limit (Mastodon
 * allows 300 calls an account in 5 minutes), and a comment waits at most that long.
 */
export const POLL_INTERVAL_MS = 5 * 60_000;
/** The accounts one run polls, longest waiting first: the rest wait for the next minute's run. */
export const POLLS_PER_RUN = 25;
/** How long a run holds an account's poll: a run that died lets another take it after this. */
const POLL_LEASE_MS = 2 * 60_000;

type Cursor = typeof inboxPollCursors.$inferSelect;

/** The platforms whose inbox Herald polls: no webhook for it, and Herald's adapter reads it (never in the sandbox). */
export function polledPlatforms(rt: Runtime): PlatformKey[] {
  if (rt.sandbox) return [];
  return (Object.keys(INBOX_RULES) as PlatformKey[]).filter(
    (key) => INBOX_RULES[key]?.intake === "poll" && inboxAbilities(rt, key, false).polls,
  );
}

/**
 * The minute's poll: each active account of a polled platform that is due is claimed (its lease taken by one guarded
 * write, so racing runs never poll one account twice), read from its cursor, and what came in queued for intake
 * before the cursor moves: a run that dies in between reads the same items again, and intake lands each once.
 */
export async function pollInboxes(rt: Runtime): Promise<{ polled: number; items: number; failed: number }> {
  const platforms = polledPlatforms(rt);
  if (platforms.length === 0) return { polled: 0, items: 0, failed: 0 };
  await rt.db
    .insert(inboxPollCursors)
    .select(
      rt.db
        .select({
          accountId: accounts.id,
          cursor: sql<null>`NULL`.as("cursor"),
          polledAt: sql<number>`0`.as("polled_at"),
          leaseUntil: sql<number>`0`.as("lease_until"),
          lastError: sql<null>`NULL`.as("last_error"),
        })
        .from(accounts)
        .where(and(inArray(accounts.platform, platforms), eq(accounts.status, "active"))),
    )
    .onConflictDoNothing();
  const now = rt.clock.now();
  const leaseUntil = now + POLL_LEASE_MS;
  const claimed = await rt.db
    .update(inboxPollCursors)
    .set({ leaseUntil })
    .where(
      sql`${inboxPollCursors.accountId} IN (SELECT c.account_id FROM inbox_poll_cursors c JOIN accounts a ON a.id = c.account_id WHERE c.polled_at <= ${now - POLL_INTERVAL_MS} AND c.lease_until <= ${now} AND a.status = 'active' ORDER BY c.polled_at LIMIT ${POLLS_PER_RUN})`,
    )
    .returning();
  let items = 0;
  let failed = 0;
  for (const cursor of claimed) {
    try {
      items += await pollOne(rt, cursor);
    } catch (error) {
      failed++;
      log.warn("inbox.poll_failed", { account_id: cursor.accountId, error });
      await settle(rt, cursor, { lastError: error instanceof Error ? error.message : String(error) });
    }
  }
  return { polled: claimed.length, items, failed };
}

async function pollOne(rt: Runtime, cursor: Cursor): Promise<number> {
  const [account] = await rt.db.select().from(accounts).where(eq(accounts.id, cursor.accountId));
  if (account?.status !== "active") return 0;
  const page = await askPlatform(rt, account, (platform, credentials) =>
    platform.inbox!.poll(credentials, cursor.cursor),
  );
  const at = rt.clock.now();
  await queueInbound(
    rt,
    page.items.map((item) => ({ ...item, accountId: account.id, platform: account.platform, at })),
  );
  await settle(rt, cursor, { cursor: page.cursor, lastError: null });
  return page.items.length;
}

/** Ends the run's hold on the account (only its own), with where the poll got to. */
async function settle(rt: Runtime, cursor: Cursor, outcome: Partial<Pick<Cursor, "cursor" | "lastError">>) {
  await rt.db
    .update(inboxPollCursors)
    .set({ ...outcome, polledAt: rt.clock.now(), leaseUntil: 0 })
    .where(and(eq(inboxPollCursors.accountId, cursor.accountId), eq(inboxPollCursors.leaseUntil, cursor.leaseUntil)));
}
