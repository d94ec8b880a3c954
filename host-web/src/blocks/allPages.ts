import { api, type Query } from '../api/client';

/**
 * Every row of a paged list (`{ <key>: [...], hasMore }`), page after page, for a picker that offers them all (flows,
 * integrations). Stops after `maxPages` pages: a picker of more rows than that would want a search instead.
 */
export async function allPages<T>(path: string, key: string, query: Query = {}, maxPages = 10): Promise<T[]> {
  const rows: T[] = [];
  for (let pageNumber = 1; pageNumber <= maxPages; pageNumber++) {
    const page = await api.get<Record<string, unknown>>(path, { ...query, pageNumber });
    rows.push(...((page[key] as T[] | undefined) ?? []));
    if (!page.hasMore) break;
  }
  return rows;
}
