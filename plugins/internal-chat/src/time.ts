/** Times are stored as UTC text 'YYYY-MM-DD HH:MM:SS.mmm' (the core's convention); the API speaks ISO 8601. */
export const dbNow = () => new Date().toISOString().replace('T', ' ').replace('Z', '');

export function isoOf(stored: unknown): string {
  const text = String(stored);
  return text.includes('T') ? text : `${text.replace(' ', 'T')}Z`;
}
