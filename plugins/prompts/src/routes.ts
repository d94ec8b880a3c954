import type { AtriumSdk, FastifyPluginAsyncTypebox } from '@atrium/core/sdk';
import type { Prompt } from './types.js';
import type { PromptRow, PromptStore } from './store.js';

/** The spec's defaults (ext §5) and the peers' bounds (wave2 §2.b). */
/** The kind its failures are kept under (ctx.fail's source, sdk.services.responderFailures). */
export const FAILURE_SOURCE = 'prompt';

export const PROMPT_DEFAULTS = { model: 'gpt-3.5-turbo-1106', maxTokens: 100, temperature: 1, maxMessages: 10 };

export function promptSchemas(sdk: AtriumSdk) {
  const T = sdk.Type;
  const PromptReply = T.Object({
    id: T.Integer(), name: T.String(), prompt: T.String(), model: T.String(), maxTokens: T.Integer(), temperature: T.Number(),
    apiKey: sdk.secrets.SecretString(), queueId: T.Integer(), maxMessages: T.Integer(),
    queue: T.Union([T.Object({ id: T.Integer(), name: T.String() }), T.Null()]),
    lastError: sdk.schemas.LastFailureReply,
  });
  const fields = {
    name: T.String({ minLength: 5, maxLength: 100 }),
    prompt: T.String({ minLength: 50, maxLength: 20_000 }),
    // Free text: the spec's two names are offered, a newer model may be typed; an unknown one fails visibly at run time.
    model: T.Optional(T.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:/-]+$' })),
    maxTokens: T.Optional(T.Integer({ minimum: 10, maximum: 4096 })),
    temperature: T.Optional(T.Number({ minimum: 0, maximum: 1 })),
    queueId: T.Integer({ minimum: 1 }),
    maxMessages: T.Optional(T.Integer({ minimum: 1, maximum: 50 })),
  };
  return {
    PromptReply,
    CreateBody: T.Object({ ...fields, apiKey: sdk.secrets.SecretString({ minLength: 1, maxLength: 500 }) }),
    // On update the key may be left out or come back masked: the stored one is kept.
    UpdateBody: T.Object({ ...fields, apiKey: T.Optional(sdk.secrets.SecretString({ minLength: 1, maxLength: 500 })) }),
  };
}

type Body = { name: string; prompt: string; model?: string; maxTokens?: number; temperature?: number; queueId: number; maxMessages?: number };

export function promptRoutes(sdk: AtriumSdk, store: PromptStore): FastifyPluginAsyncTypebox {
  const { PromptReply, CreateBody, UpdateBody } = promptSchemas(sdk);
  const T = sdk.Type;
  const { IdParams, OkReply } = sdk.schemas;
  // Writes hold API keys and URLs that receive customer messages: admins only (reads stay open for the pickers).
  const adminOnly = sdk.requireAdmin;
  const notFound = () => sdk.errors.notFound('ERR_NO_PROMPT_FOUND', 'Prompt not found');

  const queueOf = async (companyId: number, queueId: number) => {
    const [queue] = await sdk.services.queues.list(companyId, [queueId]);
    if (!queue) throw sdk.errors.notFound('ERR_NO_QUEUE_FOUND', 'Queue not found');
    return queue;
  };
  /** The prompts as the screen shows them: with their queue and their last failure (ctx.fail keeps it). */
  const views = async (companyId: number, rows: PromptRow[]): Promise<Prompt[]> => {
    const failures = await sdk.services.responderFailures.last(companyId, FAILURE_SOURCE, rows.map((r) => r.id));
    return Promise.all(rows.map(async (row) => {
      const [queue] = await sdk.services.queues.list(row.companyId, [row.queueId]);
      const { companyId: _companyId, ...rest } = row;
      return { ...rest, queue: queue ?? null, lastError: failures.get(row.id) ?? null };
    }));
  };
  const view = async (row: PromptRow): Promise<Prompt> => (await views(row.companyId, [row]))[0];
  // Events carry the masked key, never the stored ciphertext.
  const announce = (companyId: number, payload: Record<string, unknown>) =>
    sdk.bus.emit(companyId, 'prompt', payload.prompt ? { ...payload, prompt: sdk.secrets.redact(PromptReply, payload.prompt) } : payload);

  /** Temperature moves in steps of 0.1 (ext §5); JSON Schema's multipleOf is unreliable with decimals. */
  const values = (body: Body) => {
    const temperature = body.temperature ?? PROMPT_DEFAULTS.temperature;
    if (Math.abs(temperature * 10 - Math.round(temperature * 10)) > 1e-9) {
      throw new sdk.errors.AppError('ERR_VALIDATION', 400, 'temperature moves in steps of 0.1', { field: 'body/temperature' });
    }
    return {
      name: body.name.trim(), prompt: body.prompt, model: body.model ?? PROMPT_DEFAULTS.model,
      maxTokens: body.maxTokens ?? PROMPT_DEFAULTS.maxTokens, temperature: Math.round(temperature * 10) / 10,
      queueId: body.queueId, maxMessages: body.maxMessages ?? PROMPT_DEFAULTS.maxMessages,
    };
  };

  /** The prompt answers its queue: the queue points at it (the queue dialog may point elsewhere later). */
  const linkQueue = async (companyId: number, promptId: number, queueId: number, previousQueueId?: number) => {
    await sdk.services.links.pointQueueAtPrompt(companyId, queueId, promptId, previousQueueId);
  };

  return async (app) => {
    const tags = ['prompts'];
    app.get('/prompt', {
      schema: { tags, querystring: T.Object({ searchParam: T.Optional(T.String({ maxLength: 100 })) }), response: { 200: T.Object({ prompts: T.Array(PromptReply) }) } },
    }, async (request) => ({ prompts: await views(request.user.companyId, await store.list(request.user.companyId, request.query.searchParam)) }));

    app.get('/prompt/:id', { schema: { tags, params: IdParams, response: { 200: PromptReply } } }, async (request) => {
      const row = await store.find(request.user.companyId, request.params.id);
      if (!row) throw notFound();
      return view(row);
    });

    app.post('/prompt', { preHandler: adminOnly, schema: { tags, body: CreateBody, response: { 200: PromptReply } } }, async (request) => {
      const { companyId } = request.user;
      const fields = values(request.body);
      await queueOf(companyId, fields.queueId);
      const id = await store.insert(companyId, { ...fields, apiKey: sdk.secrets.encrypt(request.body.apiKey) });
      await linkQueue(companyId, id, fields.queueId);
      const prompt = await view((await store.find(companyId, id))!);
      announce(companyId, { action: 'create', prompt });
      return prompt;
    });

    app.put('/prompt/:id', { preHandler: adminOnly, schema: { tags, params: IdParams, body: UpdateBody, response: { 200: PromptReply } } }, async (request) => {
      const { companyId } = request.user;
      const row = await store.find(companyId, request.params.id);
      if (!row) throw notFound();
      const fields = values(request.body);
      await queueOf(companyId, fields.queueId);
      const apiKey = sdk.secrets.keepSecretIfMasked(request.body.apiKey, row.apiKey) ?? row.apiKey;
      await store.update(companyId, row.id, { ...fields, apiKey });
      // Saved again (a new key, another model): its last failure no longer says how it is.
      await sdk.services.responderFailures.clear(companyId, FAILURE_SOURCE, row.id);
      await linkQueue(companyId, row.id, fields.queueId, row.queueId);
      const prompt = await view((await store.find(companyId, row.id))!);
      announce(companyId, { action: 'update', prompt });
      return prompt;
    });

    app.delete('/prompt/:id', { preHandler: adminOnly, schema: { tags, params: IdParams, response: { 200: OkReply } } }, async (request) => {
      const { companyId } = request.user;
      if (!(await store.find(companyId, request.params.id))) throw notFound();
      await store.remove(companyId, request.params.id);
      await sdk.services.responderFailures.clear(companyId, FAILURE_SOURCE, request.params.id);
      announce(companyId, { action: 'delete', promptId: request.params.id });
      return { message: 'Prompt deleted' };
    });
  };
}
