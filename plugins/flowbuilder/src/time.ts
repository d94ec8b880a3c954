/** Times are stored as UTC text, `YYYY-MM-DD HH:MM:SS.mmm` (the core's convention). */
export const stamp = (date = new Date()) => date.toISOString().replace('T', ' ').slice(0, 23);
