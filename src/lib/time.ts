import { Temporal } from "temporal-polyfill";

/** The zone's canonical id (`europe/berlin` → `Europe/Berlin`), or null when it is not a zone. */
export function timeZoneId(zone: string): string | null {
  try {
    return Temporal.Now.zonedDateTimeISO(zone).timeZoneId;
  } catch {
    return null;
  }
}

export const isValidTimeZone = (zone: string) => timeZoneId(zone) !== null;

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Reads a scheduled time: an ISO instant with an offset stands for itself; a local date-time without
 * one is a wall-clock time in `zone` (a skipped time moves forward past the gap, a repeated one takes
 * the first occurrence). Returns ms since the epoch, or null when the text is not a date-time.
 */
export function parseScheduledAt(text: string, zone = "UTC"): number | null {
  try {
    if (HAS_OFFSET.test(text)) return Temporal.Instant.from(text).epochMilliseconds;
    return Temporal.PlainDateTime.from(text).toZonedDateTime(zone, { disambiguation: "compatible" }).epochMilliseconds;
  } catch {
    return null;
  }
}

export const MINUTES_PER_DAY = 24 * 60;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "HH:mm" → minutes after midnight, or null. */
export function parseHHmm(text: string): number | null {
  const match = HH_MM.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Minutes after midnight → "HH:mm". */
export const formatHHmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The instant at which the clocks in `zone` show `minutes` after midnight on `date`. A time the zone
 * skips (a spring-forward gap) becomes the first instant after the gap (02:30 → 03:00 when 02:00–03:00 is
 * skipped; Temporal's `compatible` would give 03:30); a time that happens twice is its first occurrence.
 */
export function wallClockInstant(date: Temporal.PlainDate, minutes: number, zone: string): number {
  const wall = date.toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  // `earlier` resolves a repeated time to its first occurrence, and a skipped one to before the gap...
  const zoned = wall.toZonedDateTime(zone, { disambiguation: "earlier" });
  if (Temporal.PlainDateTime.compare(zoned.toPlainDateTime(), wall) === 0) return zoned.epochMilliseconds;
  // ...where the round trip shows another wall time: the gap's end is the zone's next transition.
  const transition = zoned.getTimeZoneTransition("next");
  if (!transition) throw new Error(`no transition after ${zoned.toString()}`);
  return transition.epochMilliseconds;
}

/**
 * Every instant in [fromMs, toMs) at which it is `weekday` (0 Sunday … 6 Saturday), `minutes` after
 * midnight in `zone`, oldest first.
 */
export function weeklyInstants(weekday: number, minutes: number, zone: string, fromMs: number, toMs: number): number[] {
  if (toMs <= fromMs) return [];
  const localDate = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDate();
  // A day early: a time moved past a gap at midnight lands on the next local date.
  let date = localDate(fromMs).subtract({ days: 1 });
  date = date.add({ days: (weekday - (date.dayOfWeek % 7) + 7) % 7 });
  const last = localDate(toMs);
  const out: number[] = [];
  for (; Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: 7 })) {
    const at = wallClockInstant(date, minutes, zone);
    if (at >= fromMs && at < toMs) out.push(at);
  }
  return out;
}

/**
 * The first instant of a calendar day ("YYYY-MM-DD", moved by `addDays`) in `zone`, or null when the
 * text is not a date.
 */
export function startOfDay(dateText: string, zone: string, addDays = 0): number | null {
  try {
    return Temporal.PlainDate.from(dateText, { overflow: "reject" })
      .add({ days: addDays })
      .toZonedDateTime({ timeZone: zone }).epochMilliseconds;
  } catch {
    return null;
  }
}

/** What the clocks in `zone` show at `ms`: date, "HH:mm" and weekday (0 Sunday). */
export function wallClockAt(ms: number, zone: string): { date: string; time: string; weekday: number } {
  const zoned = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
  return {
    date: zoned.toPlainDate().toString(),
    time: formatHHmm(zoned.hour * 60 + zoned.minute),
    weekday: zoned.dayOfWeek % 7,
  };
}
