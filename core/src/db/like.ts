/** LIKE patterns with LIKE's own wildcards escaped (pair with `ESCAPE '\\'`, the default on both databases). */
const escape = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches `term` anywhere. */
export const likeAnywhere = (term: string) => `%${escape(term)}%`;
/** Matches values starting with `term`. */
export const likePrefix = (term: string) => `${escape(term)}%`;
/** The escape character the patterns above use: bind it with `LIKE ? ESCAPE ?` (SQLite has no default one). */
export const LIKE_ESCAPE = '\\';
