// How pages write times, file sizes, status words and status badges.
import { html } from "./html";

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${zone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone: zone, ...options });
    formats.set(key, format);
  }
  return format;
}

/** "Tue 4 Jun 2030, 10:00" on the clocks of `zone`. */
export const dateTimeIn = (ms: number, zone: string) =>
  formatter(zone, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(ms);

/** "10:00" on the clocks of `zone`. */
export const timeIn = (ms: number, zone: string) =>
  formatter(zone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(ms);

/** A status value as words: `waiting_for_approval` → "waiting for approval". */
export const words = (value: string) => value.replaceAll("_", " ");

/** A coloured badge for a post or target status. */
export const statusBadge = (status: string) => html`<span class="badge s-${status}">${words(status)}</span>`;

/** A file's size in words: KB under a megabyte (at least 1), else MB with one decimal. */
export const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
