import { afterEach, expect, it, vi } from "vitest";
import { offsetClock, offsetToNow, realClock } from "../../src/lib/clock";

afterEach(() => vi.useRealTimers());

it("converts service time to real time in the clock, both ways", () => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 12) });
  const target = Date.UTC(2030, 5, 1, 9);
  const clock = offsetClock(offsetToNow(target));
  expect(clock.now()).toBe(target);
  // An alarm for an hour later in service time rings an hour later in real time.
  expect(clock.toRealTime(target + 3_600_000)).toBe(Date.now() + 3_600_000);
  expect([realClock.now(), realClock.toRealTime(42)]).toEqual([Date.now(), 42]);
});
