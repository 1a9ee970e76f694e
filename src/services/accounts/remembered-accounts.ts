// Account rows this isolate read lately, so creating a post can skip a read and guard its write instead.
import type { AccountRow } from "./accounts";

/**
 * Account rows this isolate read lately, by user and id. Creating a post checks its targets against them instead of
 * reading the accounts again, and then writes only if the rows are still exactly these (`createOnRemembered`): a
 * remembered row saves a round trip and is never taken as the truth.
 */
const remembered = new Map<string, AccountRow>();

/** Enough for the accounts of the users one isolate serves at once; the oldest go first. */
const MOST_REMEMBERED = 2_000;

const keyOf = (userId: string, accountId: string) => `${userId}/${accountId}`;

export function rememberAccounts(rows: Iterable<AccountRow>) {
  for (const row of rows) {
    const key = keyOf(row.userId, row.id);
    remembered.delete(key);
    remembered.set(key, row);
  }
  for (const key of remembered.keys()) {
    if (remembered.size <= MOST_REMEMBERED) break;
    remembered.delete(key);
  }
}

/** The user's remembered rows of every one of `accountIds`, or undefined when one of them is not remembered. */
export function rememberedAccounts(userId: string, accountIds: readonly string[]): Map<string, AccountRow> | undefined {
  const rows = new Map<string, AccountRow>();
  for (const id of accountIds) {
    const row = remembered.get(keyOf(userId, id));
    if (!row) return undefined;
    rows.set(id, row);
  }
  return rows;
}

export function forgetAccounts(userId: string, accountIds: readonly string[]) {
  for (const id of accountIds) remembered.delete(keyOf(userId, id));
}
