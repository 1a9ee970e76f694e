// Posting slots made from the accounts' best times: ordinary slots, all of them or none.
import { bestTimesFor, notEnoughHistory } from "../analytics/best-times";
import type { Runtime } from "../runtime";
import { createSlots, listSlots } from "./store";

/**
 * `count` weekly slots for `accountIds` at their best weekday and hour cells (in the owner's zone, on the hour),
 * skipping a cell they already have a slot at. Every slot rule applies (the accounts the user's, listed once, the
 * slot limit) and nothing is created when one refuses, nor when there is no answer to build on (409
 * `not_enough_history`).
 */
export async function slotsFromBestTimes(
  rt: Runtime,
  userId: string,
  input: { account_ids: string[]; count: number; days: number },
) {
  const times = await bestTimesFor(rt, userId, input.account_ids, input.days);
  if (times.basis === "insufficient" || times.cells.length === 0) throw notEnoughHistory(times);
  const existing = await listSlots(rt, userId, input.account_ids);
  const sameAccounts = (ids: string[]) =>
    ids.length === input.account_ids.length && input.account_ids.every((id) => ids.includes(id));
  const taken = (weekday: number, hour: number) =>
    existing.some(
      (s) =>
        s.weekday === weekday && s.minutes === hour * 60 && s.timezone === times.zone && sameAccounts(s.accountIds),
    );
  const cells = times.cells.filter((c) => !taken(c.weekday, c.hour)).slice(0, input.count);
  const slots = await createSlots(
    rt,
    userId,
    cells.map((c) => ({
      account_ids: input.account_ids,
      weekday: c.weekday,
      minutes: c.hour * 60,
      timezone: times.zone,
    })),
  );
  return { basis: times.basis, zone: times.zone, cells, slots };
}
