/**
 * Time for the core and plugins (`sdk.clock`). `now()` is the wall clock; `scale(ms)` shortens the
 * durations the spec fixes in minutes or days (a campaign's pacing minutes, a Typebot session's
 * expiry, an invoice window) by the operator's ATRIUM_TIME_SCALE, so a demo or a test sees in
 * seconds what production does in hours. Durations that come from data in seconds are not scaled.
 * Off (1) by default.
 */
export interface Clock {
  /** The operator's factor (1 = real time). */
  readonly factor: number;
  now(): Date;
  /** `ms` times the factor, rounded, never negative. */
  scale(ms: number): number;
  /** now() + scale(ms): when something due `ms` from now (in spec time) runs. */
  after(ms: number): Date;
}

export function createClock(factor = 1): Clock {
  const scale = (ms: number) => Math.max(0, Math.round(ms * factor));
  return {
    factor,
    now: () => new Date(),
    scale,
    after: (ms) => new Date(Date.now() + scale(ms)),
  };
}
