import { Type as T, type AtriumSdk, type AuthUser, type ChatTurn, type FastifyPluginAsyncTypebox } from '@atrium/core/sdk';
import type { ArticleStore } from './articles.js';
import { articleView } from './articles.js';
import { mask, type ModelCaller } from './model.js';
import type { SettingsRow } from './settings.js';
import type { CitedArticle, ImproveMode } from './types.js';

/** A language tag as the console sends it (pt, en, es, pt-BR…): letters and hyphens, checked loosely (the model reads it). */
const Language = T.String({ minLength: 2, maxLength: 20, pattern: '^[A-Za-z0-9 _-]+$' });
const TicketBody = T.Object({ ticketId: T.Integer({ minimum: 1 }) });
const SuggestBody = T.Object({ ticketId: T.Integer({ minimum: 1 }), language: T.Optional(Language), draft: T.Optional(T.String({ maxLength: 4000 })) });
const ImproveBody = T.Object({
  ticketId: T.Integer({ minimum: 1 }),
  text: T.String({ minLength: 1, maxLength: 4000 }),
  mode: T.Union(['fix', 'friendlier', 'formal', 'shorten', 'translate'].map((m) => T.Literal(m))),
  language: T.Optional(Language),
});
const TranslateBody = T.Object({ messageId: T.Integer({ minimum: 1 }), language: Language });
const TextReply = T.Object({ text: T.String() });
const TranslateReply = T.Object({ messageId: T.Integer(), language: T.String(), original: T.String(), text: T.String(), cached: T.Boolean() });
const UsageReply = T.Object({
  month: T.String(), budget: T.Integer(), used: T.Integer(),
  rows: T.Array(T.Object({ userId: T.Integer(), userName: T.Union([T.String(), T.Null()]), calls: T.Integer(), promptTokens: T.Integer(), completionTokens: T.Integer(), estimatedCalls: T.Integer(), cost: T.Number() })),
});

/** Articles the suggestion may ground itself on: the best three published ones for the customer's last words. */
const ARTICLES = 3;
const ARTICLE_CHARS = 2000;

const IMPROVE: Record<ImproveMode, string> = {
  fix: 'Fix spelling, grammar and punctuation. Keep the meaning, the tone and the language.',
  friendlier: 'Rewrite it friendlier and warmer, same meaning, same language.',
  formal: 'Rewrite it more formal and polite, same meaning, same language.',
  shorten: 'Make it shorter and clearer, keeping every fact, same language.',
  translate: 'Translate it into the language given.',
};

/**
 * What leaves the server for a ticket: the last `windowMessages` text messages (no media, no other contact),
 * internal notes only when the company allows them, numbers and e-mail addresses masked when it says so.
 */
export function contextBuilder(sdk: AtriumSdk) {
  return async function conversation(companyId: number, ticketId: number, settings: SettingsRow) {
    const clean = (s: string) => (settings.maskNumbers ? mask(s) : s);
    const turns = await sdk.services.history.turns(companyId, ticketId, { upTo: Number.MAX_SAFE_INTEGER, limit: settings.windowMessages });
    const view = await sdk.services.tickets.view(companyId, ticketId);
    const notes = settings.includeNotes ? await sdk.services.notes.list(companyId, ticketId, 10) : [];
    return {
      contactName: clean(view?.contact?.name ?? ''),
      turns: turns.map((t) => ({ role: t.role, content: clean(t.content) }) as ChatTurn),
      notes: notes.map((n) => clean(n.note)),
      transcript: turns.map((t) => `${t.role === 'user' ? 'Customer' : 'Agent'}: ${clean(t.content)}`).join('\n'),
    };
  };
}

export function assistRoutes(sdk: AtriumSdk, model: ModelCaller, articles: ArticleStore): FastifyPluginAsyncTypebox {
  const conversation = contextBuilder(sdk);
  const visible = (user: AuthUser, ticketId: number) => sdk.services.tickets.assertVisible(user, ticketId);

  /** Aborted when the caller goes away (the connection closes before the answer ended). */
  const cancelOnClose = (raw: { on(event: 'close', fn: () => void): unknown; writableEnded: boolean }) => {
    const controller = new AbortController();
    raw.on('close', () => { if (!raw.writableEnded) controller.abort(); });
    return controller.signal;
  };

  return async (app) => {
    const tags = ['copilot'];

    /**
     * A suggested reply, streamed as server-sent events: `event: articles` (the articles given to the model),
     * text chunks (`data: {"text":…}`), then `event: done` with the cited articles and the usage, or
     * `event: error` with a code. A refusal before the first word (budget, rate, key, timeout) is a plain JSON error.
     */
    app.post('/suggest', { schema: { tags, body: SuggestBody } }, async (request, reply) => {
      const { companyId, id: userId } = request.user;
      const { ticketId } = request.body;
      await visible(request.user, ticketId);
      const settings = await model.configured(companyId);
      const ctx = await conversation(companyId, ticketId, settings);
      const lastWords = ctx.turns.filter((t) => t.role === 'user').slice(-3).map((t) => t.content).join(' ');
      const found = (await articles.search(companyId, `${lastWords} ${request.body.draft ?? ''}`, { offset: 0, limit: ARTICLES, status: 'published' })).map(articleView);
      const clean = (s: string) => (settings.maskNumbers ? mask(s) : s);
      const system = [
        'You help a customer-service agent write the next reply to the customer. Write only the reply text, ready to send, short and friendly.',
        `Customer's name: ${ctx.contactName || 'unknown'}.`,
        request.body.language ? `Write in the language "${request.body.language}".` : 'Write in the language of the customer\'s messages.',
        found.length
          ? 'Use the company\'s articles below when they answer the question; never invent facts they do not state. After a sentence that uses an article, cite it as [#id].'
          : 'No company article matches: do not invent policies, prices or dates; ask for what is missing.',
        ...found.map((a) => `Article [#${a.id}] ${clean(a.title)}\n${clean(a.body).slice(0, ARTICLE_CHARS)}`),
        ...(ctx.notes.length ? [`Internal notes (staff only, do not quote them to the customer):\n${ctx.notes.join('\n')}`] : []),
        ...(request.body.draft ? [`The agent's draft so far: ${clean(request.body.draft)}`] : []),
      ].join('\n\n');
      const signal = cancelOnClose(reply.raw);
      const call = await model.open(companyId, userId, [{ role: 'system', content: system }, ...ctx.turns], { signal });

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', connection: 'keep-alive' });
      const send = (data: unknown, event?: string) => { if (!raw.writableEnded) raw.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`); };
      const candidates: CitedArticle[] = found.map((a) => ({ id: a.id, title: a.title }));
      send({ articles: candidates }, 'articles');
      let text = '';
      try {
        for await (const piece of call.texts) {
          text += piece;
          send({ text: piece });
        }
        const cited = candidates.filter((a) => text.includes(`[#${a.id}]`));
        send({ cited, usage: call.usage() }, 'done');
      } catch (err) {
        const e = err as { code?: string; message?: string };
        if (!signal.aborted) send({ error: e.code ?? 'ERR_COPILOT_MODEL_ERROR', message: e.message ?? '' }, 'error');
      } finally {
        raw.end();
      }
    });

    /** A summary of the conversation so far: what the customer wants, what was done, what is open. */
    app.post('/summarise', { schema: { tags, body: TicketBody, response: { 200: TextReply } } }, async (request, reply) => {
      const { companyId, id: userId } = request.user;
      await visible(request.user, request.body.ticketId);
      const { text } = await summarise(sdk, model, companyId, userId, request.body.ticketId, cancelOnClose(reply.raw));
      return { text };
    });

    /** The agent's draft made better: fixed, friendlier, formal, shorter, or translated. */
    app.post('/improve', { schema: { tags, body: ImproveBody, response: { 200: TextReply } } }, async (request, reply) => {
      const { companyId, id: userId } = request.user;
      await visible(request.user, request.body.ticketId);
      const { mode, language } = request.body;
      if (mode === 'translate' && !language) throw new sdk.errors.AppError('ERR_VALIDATION', 400, 'translate needs a language', { field: 'body/language' });
      const settings = await model.configured(companyId);
      const draft = settings.maskNumbers ? mask(request.body.text) : request.body.text;
      const instruction = `${IMPROVE[mode as ImproveMode]}${language ? ` Language: "${language}".` : ''} Answer with the rewritten text only.`;
      const { text } = await model.complete(companyId, userId, [{ role: 'system', content: instruction }, { role: 'user', content: draft }], { signal: cancelOnClose(reply.raw) });
      return { text };
    });

    /** A customer's message in the agent's language; the original is kept, the translation cached per message and language. */
    app.post('/translate', { schema: { tags, body: TranslateBody, response: { 200: TranslateReply } } }, async (request, reply) => {
      const { companyId, id: userId } = request.user;
      const { messageId, language } = request.body;
      const message = await sdk.services.history.message(companyId, messageId);
      if (!message) throw sdk.errors.notFound('ERR_NO_MESSAGE_FOUND', 'Message not found');
      await visible(request.user, message.ticketId);
      const cache = () => sdk.db.table('copilotTranslations', companyId);
      const hit = await cache().where({ messageId, language }).first('text');
      if (hit) return { messageId, language, original: message.body, text: String(hit.text), cached: true };
      if (!message.body.trim()) return { messageId, language, original: message.body, text: '', cached: false };
      const settings = await model.configured(companyId);
      const body = settings.maskNumbers ? mask(message.body) : message.body;
      const { text } = await model.complete(companyId, userId, [
        { role: 'system', content: `Translate the customer's message into the language "${language}". Answer with the translation only.` },
        { role: 'user', content: body },
      ], { signal: cancelOnClose(reply.raw) });
      try {
        await cache().insert({ ticketId: message.ticketId, messageId, language, text, createdAt: sdk.clock.now().toISOString() });
      } catch (err) {
        if (!sdk.errors.isUniqueViolation(err)) throw err;
      }
      return { messageId, language, original: message.body, text, cached: false };
    });

    /** Usage per agent for a month (admins): tokens, calls and a cost estimate at the configured price. */
    app.get('/usage', {
      preHandler: sdk.requireAdmin,
      schema: { tags, querystring: T.Object({ month: T.Optional(T.String({ pattern: '^[0-9]{4}-[0-9]{2}$' })) }), response: { 200: UsageReply } },
    }, async (request) => {
      const { companyId } = request.user;
      const month = request.query.month ?? model.month(sdk.clock.now());
      const settings = await model.settingsOf(companyId);
      const price = settings?.pricePerMillionTokens ?? 0;
      const rows: Array<Record<string, unknown>> = await sdk.db.table('copilotUsage', companyId).where({ month }).orderBy('userId');
      const names = new Map((await sdk.services.users.list(companyId, rows.map((r) => Number(r.userId)))).map((u) => [u.id, u.name]));
      const out = rows.map((r) => {
        const promptTokens = Number(r.promptTokens);
        const completionTokens = Number(r.completionTokens);
        return {
          userId: Number(r.userId), userName: names.get(Number(r.userId)) ?? null, calls: Number(r.calls), promptTokens, completionTokens,
          estimatedCalls: Number(r.estimatedCalls), cost: Math.round(((promptTokens + completionTokens) / 1e6) * price * 10_000) / 10_000,
        };
      });
      return { month, budget: settings?.monthlyTokenBudget ?? 0, used: out.reduce((n, r) => n + r.promptTokens + r.completionTokens, 0), rows: out };
    });
  };
}

/** The summary a person taking over reads; used on demand and by the transfer job (userId 0). */
export async function summarise(sdk: AtriumSdk, model: ModelCaller, companyId: number, userId: number, ticketId: number, signal?: AbortSignal) {
  const settings = await model.configured(companyId);
  const ctx = await contextBuilder(sdk)(companyId, ticketId, settings);
  const system = [
    'Summarise this customer-service conversation for the agent who takes it over, in three short parts:',
    'what the customer wants; what was done; what is still open. Write in the language of the conversation. Be brief.',
    ...(ctx.notes.length ? [`Internal notes:\n${ctx.notes.join('\n')}`] : []),
  ].join(' ');
  return model.complete(companyId, userId, [{ role: 'system', content: system }, { role: 'user', content: ctx.transcript || '(no messages yet)' }], { signal });
}
