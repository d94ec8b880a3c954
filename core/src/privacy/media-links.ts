/**
 * A link to a stored file (`<origin>/media/<company>/<random>-<name>`, as storage.url makes it): it opens without
 * signing in, so a contact's export must not carry one (issue 41). The key is in the match's first group.
 */
const MEDIA_LINK = /(?:https?:\/\/[^\s"'<>]*?)?\/media\/(\d+\/[0-9a-f]{32}-[\w.-]+)/g;

/**
 * A copy of `value` (rows, a plugin's export) where every media link inside a string is replaced by what
 * `fileFor(key)` answers: the file's path inside the export (the file itself goes in the zip), or '' when the file
 * is gone. Other values are kept as they are.
 */
export function withMediaLinksReplaced(value: unknown, fileFor: (key: string) => string | undefined): unknown {
  if (typeof value === 'string') return value.includes('/media/') ? value.replace(MEDIA_LINK, (_m, key: string) => fileFor(key) ?? '') : value;
  if (Array.isArray(value)) return value.map((item) => withMediaLinksReplaced(item, fileFor));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withMediaLinksReplaced(v, fileFor)]));
  }
  return value;
}
