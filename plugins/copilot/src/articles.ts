import { readFile } from 'node:fs/promises';
import { Type as T, type AtriumSdk, type FastifyPluginAsyncTypebox } from '@atrium/core/sdk';
import type { Article, ArticlePage, ArticleStatus } from './types.js';
import { termsOf, tokens } from './search.js';

type Row = Record<string, unknown> & { id: number | string };

const ArticleReply = T.Object({
  id: T.Integer(), title: T.String(), body: T.String(), tags: T.Array(T.String()), language: T.String(),
  status: T.Union([T.Literal('published'), T.Literal('draft')]), source: T.String(), createdAt: T.String(), updatedAt: T.String(),
});
const ArticleBody = T.Object({
  title: T.String({ minLength: 1, maxLength: 200 }),
  body: T.String({ minLength: 1, maxLength: 50_000 }),
  tags: T.Optional(T.Array(T.String({ minLength: 1, maxLength: 40 }), { maxItems: 20 })),
  language: T.Optional(T.String({ maxLength: 10, pattern: '^[A-Za-z-]*$' })),
  status: T.Optional(T.Union([T.Literal('published'), T.Literal('draft')])),
});
const ListQuery = T.Object({
  search: T.Optional(T.String({ maxLength: 200 })),
  status: T.Optional(T.Union([T.Literal('published'), T.Literal('draft')])),
  cursor: T.Optional(T.String({ maxLength: 40, pattern: '^[0-9]+$' })),
  limit: T.Optional(T.Integer({ minimum: 1, maximum: 100 })),
});
const PageReply = T.Object({ articles: T.Array(ArticleReply), hasMore: T.Boolean(), nextCursor: T.Union([T.String(), T.Null()]) });
const ImportReply = T.Object({ imported: T.Integer(), skipped: T.Integer() });

/** Searches never rank past this many articles (the suggestion uses the first few). */
const SEARCH_DEPTH = 200;

export const articleView = (r: Row): Article => ({
  id: Number(r.id), title: String(r.title), body: String(r.body), tags: String(r.tags ?? '').split(',').filter(Boolean),
  language: String(r.language ?? ''), status: r.status as ArticleStatus, source: String(r.source), createdAt: String(r.createdAt), updatedAt: String(r.updatedAt),
});

export function articleStore(sdk: AtriumSdk) {
  const table = (companyId: number) => sdk.db.table('copilotArticles', companyId);
  const columns = ['id', 'title', 'body', 'tags', 'language', 'status', 'source', 'createdAt', 'updatedAt'];
  const values = (a: { title: string; body: string; tags?: string[]; language?: string; status?: ArticleStatus }) => {
    const tags = (a.tags ?? []).map((x) => x.replace(/,/g, ' ').trim()).filter(Boolean);
    return { title: a.title.trim(), body: a.body, tags: tags.join(','), language: a.language ?? '', status: a.status ?? 'draft' };
  };
  type Fields = Parameters<typeof values>[0];

  /** Writes an article (a new one without `id`) and its search terms in one transaction; answers its id. */
  async function save(companyId: number, fields: Fields, extra: Record<string, unknown>, id?: number): Promise<number> {
    const row = values(fields);
    return sdk.db.transaction(async (tx) => {
      let articleId = id;
      if (articleId) await tx.table('copilotArticles', companyId).where({ id: articleId }).update({ ...row, ...extra });
      else [articleId] = (await tx.table('copilotArticles', companyId).insert({ ...row, ...extra })).map(Number);
      await tx.table('copilotTerms', companyId).where({ articleId }).delete();
      const terms = termsOf({ title: row.title, body: row.body, tags: row.tags.split(',').filter(Boolean) }).map((t) => ({ ...t, articleId }));
      for (let i = 0; i < terms.length; i += 200) await tx.table('copilotTerms', companyId).insert(terms.slice(i, i + 200));
      return articleId!;
    });
  }

  /**
   * Ranked keyword search (search.ts), the same on both databases; `offset` pages through the ranking.
   * `published` limits it to what the copilot may use.
   */
  async function search(companyId: number, query: string, page: { offset: number; limit: number; status?: ArticleStatus }) {
    const words = tokens(query);
    if (words.length === 0) return [];
    const q = sdk.db.table('copilotTerms', companyId).whereIn('copilotTerms.term', words)
      .join('copilotArticles', 'copilotArticles.id', 'copilotTerms.articleId')
      .groupBy('copilotTerms.articleId').select('copilotTerms.articleId').sum({ score: 'copilotTerms.weight' })
      .orderBy('score', 'desc').orderBy('copilotTerms.articleId', 'desc')
      .offset(page.offset).limit(Math.min(page.limit, SEARCH_DEPTH - page.offset));
    if (page.status) q.where('copilotArticles.status', page.status);
    const ranked = (await q) as Array<{ articleId: number | string }>;
    if (ranked.length === 0) return [];
    const ids = ranked.map((r) => Number(r.articleId));
    const rows = new Map(((await table(companyId).whereIn('id', ids).select(columns)) as Row[]).map((r) => [Number(r.id), r]));
    return ids.map((id) => rows.get(id)).filter((r): r is Row => !!r);
  }

  return {
    table, values, save, search, columns,
    async find(companyId: number, id: number) {
      const row = await table(companyId).where({ id }).first(columns);
      return row ? articleView(row as Row) : null;
    },
    async list(companyId: number, query: { search?: string; status?: ArticleStatus; cursor?: string; limit?: number }): Promise<ArticlePage> {
      const limit = query.limit ?? 20;
      if (query.search?.trim()) {
        const offset = Number(query.cursor ?? 0);
        const rows = offset >= SEARCH_DEPTH ? [] : await search(companyId, query.search, { offset, limit: limit + 1, status: query.status });
        const more = rows.length > limit && offset + limit < SEARCH_DEPTH;
        return { articles: rows.slice(0, limit).map(articleView), hasMore: more, nextCursor: more ? String(offset + limit) : null };
      }
      const q = table(companyId).orderBy('id', 'desc').limit(limit + 1);
      if (query.status) q.where({ status: query.status });
      if (query.cursor) q.where('id', '<', Number(query.cursor));
      const rows = (await q.select(columns)) as Row[];
      const more = rows.length > limit;
      const page = rows.slice(0, limit).map(articleView);
      return { articles: page, hasMore: more, nextCursor: more ? String(page[page.length - 1].id) : null };
    },
  };
}
export type ArticleStore = ReturnType<typeof articleStore>;

/** A text or Markdown file as an article: its first heading (or first line) is the title, unless the form gives one. */
export function articleFromText(text: string, filename: string, title?: string) {
  const clean = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trim();
  const heading = /^#{1,6}\s+(.+)$/m.exec(clean)?.[1] ?? clean.split('\n')[0];
  return { title: (title?.trim() || heading?.trim() || filename.replace(/\.[^.]+$/, '')).slice(0, 200), body: clean.slice(0, 50_000) };
}

export function articleRoutes(sdk: AtriumSdk, store: ArticleStore): FastifyPluginAsyncTypebox {
  const notFound = () => sdk.errors.notFound('ERR_COPILOT_ARTICLE_NOT_FOUND', 'Article not found');
  const announce = (companyId: number, payload: Record<string, unknown>) => sdk.bus.emit(companyId, 'copilot-article', payload);
  const now = () => sdk.clock.now().toISOString();

  return async (app) => {
    const tags = ['copilot'];
    app.get('/articles', { schema: { tags, querystring: ListQuery, response: { 200: PageReply } } },
      async (request) => store.list(request.user.companyId, request.query));

    app.get('/articles/:id', { schema: { tags, params: sdk.schemas.IdParams, response: { 200: ArticleReply } } }, async (request) => {
      const article = await store.find(request.user.companyId, request.params.id);
      if (!article) throw notFound();
      return article;
    });

    app.post('/articles', { preHandler: sdk.requireAdmin, schema: { tags, body: ArticleBody, response: { 200: ArticleReply } } }, async (request) => {
      const { companyId } = request.user;
      const id = await store.save(companyId, request.body, { source: 'manual', createdAt: now(), updatedAt: now() });
      const article = (await store.find(companyId, id))!;
      announce(companyId, { action: 'create', article });
      return article;
    });

    app.put('/articles/:id', { preHandler: sdk.requireAdmin, schema: { tags, params: sdk.schemas.IdParams, body: ArticleBody, response: { 200: ArticleReply } } }, async (request) => {
      const { companyId } = request.user;
      if (!(await store.find(companyId, request.params.id))) throw notFound();
      await store.save(companyId, request.body, { updatedAt: now() }, request.params.id);
      const article = (await store.find(companyId, request.params.id))!;
      announce(companyId, { action: 'update', article });
      return article;
    });

    app.delete('/articles/:id', { preHandler: sdk.requireAdmin, schema: { tags, params: sdk.schemas.IdParams, response: { 200: sdk.schemas.OkReply } } }, async (request) => {
      const { companyId } = request.user;
      if (!(await store.find(companyId, request.params.id))) throw notFound();
      // Its terms go with it (ON DELETE CASCADE).
      await store.table(companyId).where({ id: request.params.id }).delete();
      announce(companyId, { action: 'delete', articleId: request.params.id });
      return { message: 'Article deleted' };
    });

    /** The company's shared quick replies (and the admin's own) as draft articles; one already imported is skipped. */
    app.post('/articles/import/quick-replies', { preHandler: sdk.requireAdmin, schema: { tags, response: { 200: ImportReply } } }, async (request) => {
      const { companyId, id: userId } = request.user;
      let imported = 0;
      let skipped = 0;
      for (let afterId = 0; ;) {
        const page = await sdk.services.quickMessages.list(companyId, { afterId, limit: 200, userId });
        if (page.length === 0) break;
        afterId = page[page.length - 1].id;
        for (const qm of page) {
          const sourceRef = `quick-reply:${qm.id}`;
          if (await store.table(companyId).where({ sourceRef }).first('id')) { skipped += 1; continue; }
          try {
            await store.save(companyId, { title: qm.shortcode.slice(0, 200), body: qm.message.slice(0, 50_000) }, { source: 'quick-reply', sourceRef, createdAt: now(), updatedAt: now() });
            imported += 1;
          } catch (err) {
            if (!sdk.errors.isUniqueViolation(err)) throw err;
            skipped += 1;
          }
        }
      }
      if (imported > 0) announce(companyId, { action: 'import', imported });
      // Each imported article has its own entry; the import itself is one too (also when it found nothing new).
      await sdk.audit.record([{ companyId, action: 'create', entity: 'copilotImport', entityId: null, changes: { source: { after: 'quick-replies' }, imported: { after: imported }, skipped: { after: skipped } } }]);
      return { imported, skipped };
    });

    /** A .txt or .md file (multipart, ≤ 1 MB) as one draft article. PDF is not read (no PDF library in the server). */
    app.post('/articles/import/file', { preHandler: sdk.requireAdmin, schema: { tags, response: { 200: ArticleReply } } }, async (request) => {
      const { companyId } = request.user;
      const upload = await sdk.sheets.receiveUpload(request, 'ERR_COPILOT_FILE_REQUIRED');
      try {
        if (!/\.(txt|md|markdown)$/i.test(upload.filename)) throw sdk.errors.badRequest('ERR_COPILOT_FILE_TYPE', 'Only .txt and .md files can be imported');
        const raw = await readFile(upload.file);
        if (raw.length > 1024 * 1024) throw sdk.errors.badRequest('ERR_FILE_TOO_LARGE', 'The file is larger than 1 MB', { max: 1 });
        const text = raw.toString('utf8');
        if (!text.trim() || text.includes('\u0000')) throw sdk.errors.badRequest('ERR_COPILOT_FILE_TYPE', 'The file holds no text');
        const { title, body } = articleFromText(text, upload.filename, upload.fields.title);
        const language = /^[A-Za-z-]{2,10}$/.test(upload.fields.language ?? '') ? upload.fields.language : '';
        const id = await store.save(companyId, { title, body, language }, { source: 'file', createdAt: now(), updatedAt: now() });
        const article = (await store.find(companyId, id))!;
        announce(companyId, { action: 'create', article });
        return article;
      } finally {
        await upload.cleanup();
      }
    });
  };
}
