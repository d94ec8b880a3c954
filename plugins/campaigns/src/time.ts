/** Times are stored as UTC text (YYYY-MM-DD HH:MM:SS.mmm) and answered as ISO strings. */
export const toDb = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');
export const fromDb = (s: string | null | undefined) => (s ? new Date(`${s.replace(' ', 'T')}Z`).toISOString() : null);
/** Now as stored, read from `sdk.clock` so tests that scale or move time see the same instant as the plugin. */
export const dbNow = (clock: { now(): Date }) => toDb(clock.now());
