// An analytics period: dates or timestamps as the window [from, to), 30 days by default.
import { validationError } from "../../lib/errors";
import type { Runtime } from "../runtime";

const DAY = 24 * 60 * 60_000;
export const DEFAULT_WINDOW_MS = 30 * DAY;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface WindowInput {
  /** An ISO 8601 timestamp, or a date meaning its UTC midnight. */
  from?: string;
  /** An ISO 8601 timestamp, or a date meaning the end of that UTC day. */
  to?: string;
}

/** A bound as ms: a date is a whole UTC day, so `to` of a date reaches the next midnight. */
export function boundOf(value: string, end: boolean): number {
  if (!DATE.test(value)) return Date.parse(value);
  return Date.parse(`${value}T00:00:00Z`) + (end ? DAY : 0);
}

/** The window [from, to) in ms: `to` defaults to now, `from` to 30 days before `to`. */
export function resolveWindow(rt: Runtime, input: WindowInput): { from: number; to: number } {
  const to = input.to === undefined ? rt.clock.now() : boundOf(input.to, true);
  const from = input.from === undefined ? to - DEFAULT_WINDOW_MS : boundOf(input.from, false);
  if (!(from < to)) throw validationError("to", "must be after `from`");
  return { from, to };
}
