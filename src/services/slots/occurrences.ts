// The occurrences list: every occurrence of a user's slots over some days, taken or free.
import { iso, isoOrNull } from "../../lib/clock";
import { validationError } from "../../lib/errors";
import { startOfDay, timeZoneId, ZoneClock } from "../../lib/time";
import type { OccurrenceQueryInput } from "../../schemas/slots";
import type { Runtime } from "../runtime";
import { liveHolds } from "./find";
import { loadOccupancy } from "./occupancy";
import { listSlots } from "./store";

/** The longest range the occurrences list covers in one call. */
const MAX_OCCURRENCE_DAYS = 92;

/**
 * Every occurrence of the user's slots on the days `from` to `to` (inclusive, calendar days in
 * `timezone`, UTC by default): the UTC instant, the wall clock in that zone, and whether a post takes
 * it (rule 2, on the slot's own accounts) or a find-slot hold reserves it.
 */
export async function listOccurrences(rt: Runtime, userId: string, query: OccurrenceQueryInput) {
  const zone = timeZoneId(query.timezone ?? "UTC");
  if (zone === null) throw validationError("timezone", `unknown time zone ${query.timezone}`);
  const fromMs = startOfDay(query.from, zone);
  if (fromMs === null) throw validationError("from", "not a date YYYY-MM-DD");
  const toMs = startOfDay(query.to, zone, 1);
  if (toMs === null) throw validationError("to", "not a date YYYY-MM-DD");
  if (toMs <= fromMs) throw validationError("to", "must not be before from");
  if (startOfDay(query.from, zone, MAX_OCCURRENCE_DAYS)! < toMs) {
    throw validationError("to", `at most ${MAX_OCCURRENCE_DAYS} days from from`);
  }

  const slots = await listSlots(rt, userId, query.account_ids);
  const accountIds = [...new Set(slots.flatMap((s) => s.accountIds))];
  const [posted, holds] = await Promise.all([
    loadOccupancy(rt, userId, accountIds, fromMs, toMs),
    liveHolds(rt, userId),
  ]);
  const occupancy = posted.withHolds(holds);
  const shown = ZoneClock.for(zone, fromMs, toMs);
  return slots
    .flatMap((slot) =>
      ZoneClock.for(slot.timezone, fromMs, toMs)
        .weekly(slot.weekday, slot.minutes, fromMs, toMs)
        .map((at) => {
          const occupant = occupancy.takenBy(slot.accountIds, at);
          return {
            slot_id: slot.id,
            account_ids: slot.accountIds,
            at: iso(at),
            ...shown.at(at),
            timezone: zone,
            slot_timezone: slot.timezone,
            taken: occupant?.postId != null,
            taken_by: occupant?.postId ?? null,
            reserved_until: isoOrNull(occupant?.reservedUntil),
          };
        }),
    )
    .sort((a, b) => a.at.localeCompare(b.at) || a.slot_id.localeCompare(b.slot_id));
}
