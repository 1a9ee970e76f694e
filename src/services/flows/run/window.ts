// When a delay with a window lets its execution go on: the window's next opening, in its zone or the owner's.
import { nextInWindow, parseHHmm } from "../../../lib/time";
import { type DelayWindow, weekdaysOf } from "../../../schemas/flow-steps";
import type { Runtime } from "../../runtime";
import { timeZoneOf } from "../../users";

/**
 * When an execution whose delay ends at `over` goes on: at once inside the delay step's window, else at the window's
 * next opening, in the window's zone or the owner's (read when the delay begins).
 */
export async function windowOpensFrom(rt: Runtime, userId: string, window: DelayWindow, over: number) {
  const zone = window.timezone ?? (await timeZoneOf(rt, userId));
  return nextInWindow(
    zone,
    { startMinutes: parseHHmm(window.start)!, endMinutes: parseHHmm(window.end)!, weekdays: weekdaysOf(window) },
    over,
  );
}
