/**
 * Times are stored as UTC text 'YYYY-MM-DD HH:MM:SS.mmm' in every database: it sorts and compares
 * correctly on SQLite and fits MySQL's DATETIME(3). The API speaks ISO 8601.
 */
export function toDbTime(value: Date | string | number): string {
  // The stored form names UTC without saying so: read it as UTC (JavaScript would read it in the server's zone,
  // and a value formatted twice, by a handler and by the model, would move by the zone's offset).
  const stored = typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value);
  const date = value instanceof Date ? value : new Date(stored ? `${(value as string).replace(' ', 'T')}Z` : value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

export const dbNow = () => toDbTime(new Date());

export function fromDbTime(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  // The common cases first, without a regular expression: the stored form, and ISO text already converted.
  if (text.length === 23 && text[10] === ' ' && text[19] === '.') return `${text.slice(0, 10)}T${text.slice(11)}Z`;
  if (text.length === 24 && text[10] === 'T' && text[23] === 'Z') return text;
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text)) {
    const [d, t] = text.split(' ');
    const time = t.includes('.') ? t : `${t}.000`;
    return `${d}T${time.padEnd(12, '0').slice(0, 12)}Z`;
  }
  if (/^\d+$/.test(text)) return new Date(Number(text)).toISOString();
  return text;
}
