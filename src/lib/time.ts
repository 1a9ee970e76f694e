import { Temporal } from "temporal-polyfill";

export function isValidTimeZone(zone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(zone);
    return true;
  } catch {
    return false;
  }
}

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
