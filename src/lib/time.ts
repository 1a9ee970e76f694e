// Time zones and wall-clock times: scheduled times, HH:mm, a zone's days and weeks, weekly opening windows.
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
 * one is a wall-clock time in `zone`, read as posting slots read theirs: a time the clocks skip is the
 * first instant after the gap (02:30 → 03:00; Temporal's `compatible` would give 03:30), a time that
 * happens twice is its first occurrence. Returns ms since the epoch, or null when the text is not one.
 */
export function parseScheduledAt(text: string, zone = "UTC"): number | null {
  try {
    if (HAS_OFFSET.test(text)) return Temporal.Instant.from(text).epochMilliseconds;
    const local = Temporal.PlainDateTime.from(text);
    const zoned = local.toZonedDateTime(zone, { disambiguation: "compatible" });
    if (zoned.toPlainDateTime().equals(local)) return zoned.epochMilliseconds;
    // The clocks never show `local`: `compatible` pushed it forward by the gap, which began just before.
    return zoned.getTimeZoneTransition("previous")!.epochMilliseconds;
  } catch {
    return null;
  }
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "HH:mm" → minutes after midnight, or null. */
export function parseHHmm(text: string): number | null {
  const match = HH_MM.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Minutes after midnight → "HH:mm". */
export const formatHHmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Wider than any UTC offset, so local days near a span's edges resolve with the right offsets. */
const MARGIN_MS = 3 * DAY_MS;

/** 1970-01-01 was a Thursday. */
const weekdayOfEpochDay = (day: number) => (((day + 4) % 7) + 7) % 7;

interface OffsetPeriod {
  /** Instants [start, end) during which the zone is `offsetMs` ahead of UTC. */
  start: number;
  end: number;
  offsetMs: number;
}

/**
 * The wall clocks of one zone over a span of time. Temporal is asked only for the zone's offsets and
 * transitions in the span; each conversion after that is arithmetic (a Temporal conversion per
 * occurrence costs tens of microseconds, and find-slot converts hundreds).
 */
export class ZoneClock {
  private static readonly cache = new Map<string, ZoneClock>();
  private readonly periods: OffsetPeriod[] = [];

  /** A clock for conversions whose instants lie in [fromMs, toMs]; the last few are kept. */
  static for(zone: string, fromMs: number, toMs: number): ZoneClock {
    const key = `${zone}|${fromMs}|${toMs}`;
    let clock = ZoneClock.cache.get(key);
    if (!clock) {
      if (ZoneClock.cache.size >= 64) ZoneClock.cache.clear();
      clock = new ZoneClock(zone, fromMs, toMs);
      ZoneClock.cache.set(key, clock);
    }
    return clock;
  }

  constructor(zone: string, fromMs: number, toMs: number) {
    let zoned = Temporal.Instant.fromEpochMilliseconds(fromMs - MARGIN_MS).toZonedDateTimeISO(zone);
    let start = Number.NEGATIVE_INFINITY;
    for (;;) {
      const next = zoned.getTimeZoneTransition("next");
      const end =
        next && next.epochMilliseconds <= toMs + MARGIN_MS ? next.epochMilliseconds : Number.POSITIVE_INFINITY;
      this.periods.push({ start, end, offsetMs: zoned.offsetNanoseconds / 1e6 });
      if (!next || end === Number.POSITIVE_INFINITY) return;
      [zoned, start] = [next, end];
    }
  }

  /**
   * The instant at which the clocks show `minutes` after midnight on `epochDay` (days since 1970-01-01).
   * A time the zone skips (a spring-forward gap) becomes the first instant after the gap (02:30 → 03:00
   * when 02:00–03:00 is skipped; Temporal's `compatible` would give 03:30); a time that happens twice
   * is its first occurrence.
   */
  instant(epochDay: number, minutes: number): number {
    const local = epochDay * DAY_MS + minutes * MINUTE_MS;
    let first: number | undefined;
    for (const p of this.periods) {
      const at = local - p.offsetMs;
      if (at >= p.start && at < p.end && (first === undefined || at < first)) first = at;
    }
    if (first !== undefined) return first;
    // No offset fits: the time is in a gap, and the transition that jumps over it is its end.
    for (let i = 1; i < this.periods.length; i++) {
      const transition = this.periods[i]!.start;
      if (local - this.periods[i - 1]!.offsetMs >= transition && local - this.periods[i]!.offsetMs < transition) {
        return transition;
      }
    }
    throw new Error(`no instant for local time ${new Date(local).toISOString()}`);
  }

  /** Every instant in [fromMs, toMs) at `weekday` (0 Sunday … 6 Saturday), `minutes` after midnight. */
  weekly(weekday: number, minutes: number, fromMs: number, toMs: number): number[] {
    // From two days early: the first local day's start can be a day before `fromMs` in UTC, and a
    // time moved past a gap at midnight lands on the next day.
    let day = Math.floor(fromMs / DAY_MS) - 2;
    day += (weekday - weekdayOfEpochDay(day) + 7) % 7;
    const out: number[] = [];
    for (const last = Math.floor(toMs / DAY_MS) + 1; day <= last; day += 7) {
      const at = this.instant(day, minutes);
      if (at >= fromMs && at < toMs) out.push(at);
    }
    return out;
  }

  /** What the clocks show at `ms`: date, "HH:mm" and weekday (0 Sunday). */
  at(ms: number): { date: string; time: string; weekday: number } {
    const period = this.periods.find((p) => ms >= p.start && ms < p.end)!;
    const local = new Date(ms + period.offsetMs);
    return {
      date: local.toISOString().slice(0, 10),
      time: formatHHmm(local.getUTCHours() * 60 + local.getUTCMinutes()),
      weekday: local.getUTCDay(),
    };
  }
}

/** Opening hours that repeat each week: minutes after midnight, on the listed weekdays (0 Sunday), in one zone. */
export interface WeeklyWindow {
  startMinutes: number;
  /** At or before `startMinutes`, the window closes the next day (22:00 to 06:00 opens on the listed day). */
  endMinutes: number;
  weekdays: readonly number[];
}

/**
 * The first instant at or after `at` inside `window` in `zone`: `at` itself when the window is open then (its start
 * included, its end not), else the window's next opening. Wall-clock times resolve as posting slots' do (`ZoneClock`):
 * a start or end the clocks skip is the end of the gap, a time shown twice its first occurrence, so an opening that a
 * gap swallows whole (02:00–02:30 on a spring-forward night) does not open that day.
 */
export function nextInWindow(zone: string, window: WeeklyWindow, at: number): number {
  const overnight = window.endMinutes <= window.startMinutes ? 1 : 0;
  const clock = new ZoneClock(zone, at - 2 * DAY_MS, at + 10 * DAY_MS);
  const today = Date.parse(`${clock.at(at).date}T00:00:00Z`) / DAY_MS;
  // From yesterday (an overnight window opened then may still be open) to a week on (every listed day comes by then).
  for (let day = today - 1; day <= today + 8; day++) {
    if (!window.weekdays.includes(weekdayOfEpochDay(day))) continue;
    const opens = clock.instant(day, window.startMinutes);
    const closes = clock.instant(day + overnight, window.endMinutes);
    if (opens < closes && at < closes) return Math.max(opens, at);
  }
  throw new Error(`no opening of the window within a week of ${new Date(at).toISOString()}`);
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

/** The calendar day ("YYYY-MM-DD") the clocks of `zone` show at `ms`. */
export const dateIn = (ms: number, zone: string): string =>
  Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDate().toString();

/** The Monday of the week `dateText` ("YYYY-MM-DD") is in, moved by `addWeeks`; null when it is not a date. */
export function mondayOf(dateText: string, addWeeks = 0): string | null {
  try {
    const date = Temporal.PlainDate.from(dateText, { overflow: "reject" });
    return date
      .subtract({ days: date.dayOfWeek - 1 })
      .add({ weeks: addWeeks })
      .toString();
  } catch {
    return null;
  }
}

/** The first day ("YYYY-MM-DD") of the week (its Monday) or month `dateText` is in, moved by `add` weeks or months. */
export function periodStartOf(every: "week" | "month", dateText: string, add = 0): string {
  const date = Temporal.PlainDate.from(dateText);
  if (every === "week")
    return date
      .subtract({ days: date.dayOfWeek - 1 })
      .add({ weeks: add })
      .toString();
  return date.with({ day: 1 }).add({ months: add }).toString();
}

/** The day `addDays` after `dateText` ("YYYY-MM-DD"). */
export const addDaysTo = (dateText: string, addDays: number): string =>
  Temporal.PlainDate.from(dateText).add({ days: addDays }).toString();

/** What the clocks of `zone` show at `ms`, to the minute, as a form's date-time field takes it ("2030-06-04T12:30"). */
export const localDateTimeIn = (ms: number, zone: string): string =>
  Temporal.Instant.fromEpochMilliseconds(ms)
    .toZonedDateTimeISO(zone)
    .toPlainDateTime()
    .toString({ smallestUnit: "minute" });

/**
 * The instant `days` calendar days after `ms` at the same wall-clock time in `zone` (a time the clocks skip that day
 * is the first instant after the gap, as `parseScheduledAt` reads it).
 */
export function sameTimeDaysLater(ms: number, zone: string, days: number): number {
  const local = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDateTime().add({ days });
  return parseScheduledAt(local.toString(), zone) ?? ms + days * 86_400_000;
}
