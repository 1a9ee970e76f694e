// Option parsers for commander: each refuses a bad value with a message that commander prefixes with the flag.
import { InvalidArgumentError } from "commander";

/** For repeatable flags: every value, in order. */
export const collect = (value: string, previous: string[] = []) => [...previous, value];

export function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError("Expected a whole number of 1 or more.");
  return Number(value);
}

export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("Expected a whole number of 0 or more.");
  return Number(value);
}

export function number(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n)) throw new InvalidArgumentError("Expected a number.");
  return n;
}

/** `a,b,c` → ["a", "b", "c"] */
export function idList(value: string): string[] {
  const ids = value
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) throw new InvalidArgumentError("Expected one or more ids separated by commas.");
  return ids;
}

export function jsonArray(value: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new InvalidArgumentError(`Expected a JSON array: ${(error as Error).message}.`);
  }
  if (!Array.isArray(parsed)) throw new InvalidArgumentError("Expected a JSON array.");
  return parsed;
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** `mon`…`sun` (or the whole name, any case) or 0–6, 0 being Sunday, as the API's 0–6. */
export function weekday(value: string): number {
  const v = value.trim().toLowerCase();
  if (/^[0-6]$/.test(v)) return Number(v);
  const index = v.length >= 3 ? WEEKDAYS.findIndex((day) => day.startsWith(v)) : -1;
  if (index === -1) throw new InvalidArgumentError("Expected mon, tue, wed, thu, fri, sat, sun or 0-6 (0 is Sunday).");
  return index;
}

export type VideoCover = { cover_url: string } | { cover_time_ms: number };

/** `--video-cover`: a frame time in milliseconds, or the URL of an image; repeatable. */
export function videoCover(value: string, previous: VideoCover[] = []): VideoCover[] {
  if (/^\d+$/.test(value)) return [...previous, { cover_time_ms: Number(value) }];
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new InvalidArgumentError("Expected an http(s) image URL or a frame time in milliseconds.");
  }
  return [...previous, { cover_url: value }];
}
