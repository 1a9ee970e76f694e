/** The one source of "now" for services. In sandbox mode it can be moved (see services/runtime.ts). */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const offsetClock = (offsetMs: number): Clock => ({ now: () => Date.now() + offsetMs });

export const iso = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null | undefined) => (ms == null ? null : iso(ms));

/** The UTC calendar month (YYYY-MM) of `ms`: monthly allowances renew at 00:00 UTC on the 1st. */
export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);
