/**
 * The one source of "now" for services, and the one place that converts between service time and real time. In
 * sandbox mode service time runs at an offset from real time (see services/runtime.ts); Durable Object alarms and
 * leases run on real time.
 */
export interface Clock {
  /** Milliseconds since the epoch, in service time. */
  now(): number;
  /** The real time at which service time reads `serviceMs` (for an alarm that must ring then). */
  toRealTime(serviceMs: number): number;
}

export const offsetClock = (offsetMs: number): Clock => ({
  now: () => Date.now() + offsetMs,
  toRealTime: (serviceMs) => serviceMs - offsetMs,
});

/** Service time is real time (outside the sandbox). */
export const realClock = offsetClock(0);

/** The offset that makes service time read `serviceMs` now. */
export const offsetToNow = (serviceMs: number) => serviceMs - Date.now();

export const iso = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null | undefined) => (ms == null ? null : iso(ms));

/** The UTC calendar month (YYYY-MM) of `ms`: monthly allowances renew at 00:00 UTC on the 1st. */
export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** The UTC calendar day (YYYY-MM-DD) of a time, and when it began. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const startOfDay = (ms: number) => Date.parse(`${dayOf(ms)}T00:00:00.000Z`);
