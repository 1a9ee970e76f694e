// An account going out of use: its status moved and `account.disconnected` written once, in one batch.
import { and, eq, inArray, sql } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import { type ACCOUNT_STATUSES, accounts } from "../../db/schema";
import { iso } from "../../lib/clock";
import type { AccountDisconnectedData, DISCONNECT_REASONS } from "../../schemas/webhook-events";
import { eventInsert, eventsWritten } from "../events";
import type { Runtime } from "../runtime";

/**
 * An account going out of use: disconnected by its owner, or its platform no longer taking its tokens. Its status
 * moves and `account.disconnected` is written with the move, in one batch, once per move.
 */

export type DisconnectReason = (typeof DISCONNECT_REASONS)[number];
type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The account as the event names it. */
export interface LostAccount {
  id: string;
  userId: string;
  platform: string;
}

/** Where each reason moves an account, and from which statuses (an account already there has nothing to report). */
const MOVES: Record<DisconnectReason, { to: AccountStatus; from: AccountStatus[] }> = {
  owner: { to: "disconnected", from: ["active", "reauth_required"] },
  reauth_required: { to: "reauth_required", from: ["active"] },
  platform_revoked: { to: "reauth_required", from: ["active"] },
};

/**
 * The statements that move the account and write its `account.disconnected`: the event first, only while the
 * account is still in a status the move leaves, then the move under the same guard. Whoever moves it first writes
 * the one event; the same fact found again (a second refused call, a refresh racing a publish) writes nothing. The
 * last statement answers the moved account's id (none when it was already moved). Call `eventsWritten` after.
 */
export function accountLossStatements(rt: Runtime, account: LostAccount, reason: DisconnectReason) {
  const { to, from } = MOVES[reason];
  const leaving = and(eq(accounts.id, account.id), inArray(accounts.status, from));
  const data: AccountDisconnectedData = {
    accountId: account.id,
    platform: account.platform,
    reason,
    at: iso(rt.clock.now()),
  };
  return [
    eventInsert(rt, account.userId, "account.disconnected", data, {
      accountId: account.id,
      onlyIf: sql`EXISTS (SELECT 1 FROM ${accounts} WHERE ${leaving})`,
    }),
    rt.db.update(accounts).set({ status: to }).where(leaving).returning({ id: accounts.id }),
  ] as const;
}

/** Moves the account out of use for `reason` and sends `account.disconnected`, once; answers whether this call did. */
export async function markAccountLost(rt: Runtime, account: LostAccount, reason: DisconnectReason): Promise<boolean> {
  const [, moved] = await runBatch(rt.db, accountLossStatements(rt, account, reason));
  if (!moved?.length) return false;
  await eventsWritten(rt);
  return true;
}
