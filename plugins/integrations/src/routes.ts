import type { AtriumSdk, FastifyPluginAsyncTypebox } from '@atrium/core/sdk';
import type { IntegrationRow, IntegrationStore, IntegrationValues } from './store.js';
import type { IntegrationType, QueueIntegration } from './types.js';
import { DialogflowAuthError, type DialogflowClient } from './dialogflow.js';
import { FAILURE_SOURCE } from './responder.js';

/** Types whose project name is their name (ext §5). */
const NAMED_PROJECT: IntegrationType[] = ['n8n', 'webhook', 'typebot', 'flowbuilder'];

export function integrationSchemas(sdk: AtriumSdk) {
  const T = sdk.Type;
  const Text = (maxLength: number) => T.Optional(T.Union([T.String({ maxLength }), T.Null()]));
  const Type = T.Union(['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'].map((v) => T.Literal(v)));
  const Language = T.Union(['pt-BR', 'en', 'es'].map((v) => T.Literal(v)));
  const Reply = T.Object({
    id: T.Integer(), type: Type, name: T.String(), projectName: T.Union([T.String(), T.Null()]),
    jsonContent: T.Union([sdk.secrets.SecretString(), T.Null()]), language: T.Union([Language, T.Null()]),
    urlN8N: T.Union([T.String(), T.Null()]), webhookSecret: T.Union([sdk.secrets.SecretString(), T.Null()]),
    typebotDelayMessage: T.Integer(), typebotExpires: T.Integer(),
    typebotKeywordFinish: T.Union([T.String(), T.Null()]), typebotKeywordRestart: T.Union([T.String(), T.Null()]),
    typebotRestartMessage: T.Union([T.String(), T.Null()]), typebotSlug: T.Union([T.String(), T.Null()]),
    typebotUnknownMessage: T.Union([T.String(), T.Null()]), flowId: T.Union([T.Integer(), T.Null()]),
    lastError: sdk.schemas.LastFailureReply,
  });
  const Body = T.Object({
    type: Type,
    name: T.String({ minLength: 2, maxLength: 50 }),
    projectName: Text(100),
    jsonContent: T.Optional(T.Union([sdk.secrets.SecretString({ maxLength: 20_000 }), T.Null()])),
    language: T.Optional(T.Union([Language, T.Null()])),
    // Checked by the API before the handler (private addresses refused, a name that does not resolve saved with a warning).
    urlN8N: T.Optional(T.Union([sdk.schemas.TenantUrl({ maxLength: 1000 }), T.Null()])),
    webhookSecret: T.Optional(T.Union([sdk.secrets.SecretString({ maxLength: 200 }), T.Null()])),
    typebotDelayMessage: T.Optional(T.Integer({ minimum: 0, maximum: 10_000 })),
    typebotExpires: T.Optional(T.Integer({ minimum: 0, maximum: 10_080 })),
    typebotKeywordFinish: Text(100), typebotKeywordRestart: Text(100), typebotRestartMessage: Text(2000),
    typebotSlug: T.Optional(T.Union([T.String({ maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }), T.Null()])),
    typebotUnknownMessage: Text(2000),
    flowId: T.Optional(T.Union([T.Integer({ minimum: 1 }), T.Null()])),
  });
  /** ext §7 testSession; `id` lets the dialog of a saved integration test with its stored JSON (the mask comes back). */
  const TestSessionBody = T.Object({
    projectName: T.String({ minLength: 1, maxLength: 100 }),
    jsonContent: sdk.secrets.SecretString({ minLength: 1, maxLength: 20_000 }),
    language: T.Optional(T.Union([Language, T.Null()])),
    id: T.Optional(T.Integer({ minimum: 1 })),
  });
  const TestSessionReply = T.Object({ messages: T.Array(T.String()) });
  return { Reply, Body, TestSessionBody, TestSessionReply };
}

export function integrationRoutes(sdk: AtriumSdk, store: IntegrationStore, dialogflow: DialogflowClient): FastifyPluginAsyncTypebox {
  const { Reply, Body, TestSessionBody, TestSessionReply } = integrationSchemas(sdk);
  const { IdParams, OkReply, PagingQuery, PAGE_SIZE, pageOf } = sdk.schemas;
  // Writes hold API keys and URLs that receive customer messages: admins only (reads stay open for the pickers).
  const adminOnly = sdk.requireAdmin;
  const notFound = () => sdk.errors.notFound('ERR_NO_INTEGRATION_FOUND', 'Integration not found');
  const required = (field: string) => new sdk.errors.AppError('ERR_VALIDATION', 400, `${field} is required for this type`, { field: `body/${field}` });
  /** The integrations as the screen shows them, with their last failure (the responder's ctx.fail keeps it). */
  const views = async (companyId: number, rows: IntegrationRow[]): Promise<QueueIntegration[]> => {
    const failures = await sdk.services.responderFailures.last(companyId, FAILURE_SOURCE, rows.map((r) => r.id));
    return rows.map(({ companyId: _companyId, ...row }) => ({ ...row, lastError: failures.get(row.id) ?? null }));
  };
  const view = async (row: IntegrationRow) => (await views(row.companyId, [row]))[0];
  const announce = (companyId: number, payload: Record<string, unknown>) =>
    sdk.bus.emit(companyId, 'queueIntegration', payload.queueIntegration ? { ...payload, queueIntegration: sdk.secrets.redact(Reply, payload.queueIntegration) } : payload);

  type BodyT = typeof Body.static;
  /** The row to store: type rules checked, secrets encrypted (or kept when the mask came back). */
  async function values(companyId: number, body: BodyT, stored?: IntegrationRow): Promise<IntegrationValues> {
    if (await store.nameTaken(companyId, body.name.trim(), stored?.id)) {
      throw sdk.errors.conflict('ERR_INTEGRATION_NAME_IN_USE', 'This integration name is already used.');
    }
    const jsonContent = sdk.secrets.keepSecretIfMasked(body.jsonContent, stored?.jsonContent);
    const webhookSecret = sdk.secrets.keepSecretIfMasked(body.webhookSecret, stored?.webhookSecret);
    // A new signing key (not the mask coming back) must be long enough to sign with.
    if (body.webhookSecret && webhookSecret !== stored?.webhookSecret && body.webhookSecret.length < 16) {
      throw new sdk.errors.AppError('ERR_VALIDATION', 400, 'webhookSecret needs at least 16 characters', { field: 'body/webhookSecret' });
    }
    const callsUrl = ['n8n', 'webhook', 'typebot'].includes(body.type);
    if (callsUrl && !body.urlN8N) throw required('urlN8N');
    if (['n8n', 'webhook'].includes(body.type) && !webhookSecret) throw required('webhookSecret');
    if (body.type === 'typebot' && !body.typebotSlug) throw required('typebotSlug');
    if (body.type === 'flowbuilder' && !body.flowId) throw required('flowId');
    // The flow builder plugin's row: checked through the core's references (no plugin reads another's tables).
    await sdk.references.assertOwned(companyId, { flow: { ids: body.flowId, field: 'body/flowId' } });
    if (body.type === 'dialogflow') {
      if (!jsonContent) throw required('jsonContent');
      if (body.jsonContent && body.jsonContent !== stored?.jsonContent && jsonContent !== stored?.jsonContent) {
        try { JSON.parse(body.jsonContent); } catch {
          throw new sdk.errors.AppError('ERR_VALIDATION', 400, 'jsonContent must be the service account JSON', { field: 'body/jsonContent' });
        }
      }
      if (!body.projectName) throw required('projectName');
    }
    const name = body.name.trim();
    const type = body.type as IntegrationType;
    return {
      type, name,
      projectName: NAMED_PROJECT.includes(type) ? name : body.projectName ?? null,
      jsonContent, language: (body.language ?? null) as QueueIntegration['language'], urlN8N: body.urlN8N ?? null, webhookSecret,
      typebotDelayMessage: body.typebotDelayMessage ?? 1000, typebotExpires: body.typebotExpires ?? 1,
      typebotKeywordFinish: body.typebotKeywordFinish || null, typebotKeywordRestart: body.typebotKeywordRestart || null,
      typebotRestartMessage: body.typebotRestartMessage || null, typebotSlug: body.typebotSlug || null,
      typebotUnknownMessage: body.typebotUnknownMessage || null, flowId: body.flowId ?? null,
    };
  }

  return async (app) => {
    const tags = ['integrations'];
    app.get('/queueIntegration', { schema: { tags, querystring: PagingQuery, response: { 200: pageOf('queueIntegrations', Reply) } } }, async (request) => {
      const { searchParam = '', pageNumber = 1 } = request.query;
      const { rows, hasMore } = await store.page(request.user.companyId, searchParam, pageNumber, PAGE_SIZE);
      return { queueIntegrations: await views(request.user.companyId, rows), hasMore };
    });

    // Says "Ola" to the Dialogflow agent (as the spec's peer did) and answers its replies. Before '/:id' routes only
    // for readability: Fastify matches the static segment first anyway.
    app.post('/queueIntegration/testSession', { preHandler: adminOnly, schema: { tags, body: TestSessionBody, response: { 200: TestSessionReply } } }, async (request) => {
      const { companyId } = request.user;
      const { projectName, language, id } = request.body;
      const stored = id ? await store.find(companyId, id) : null;
      if (id && !stored) throw notFound();
      const kept = sdk.secrets.keepSecretIfMasked(request.body.jsonContent, stored?.jsonContent);
      let messages: string[];
      try {
        ({ messages } = await dialogflow.detectIntent({
          serviceAccount: sdk.secrets.decrypt(kept!), projectName, language: language ?? 'pt-BR',
          sessionId: `atrium-test-${companyId}-${request.user.id}`, text: 'Ola',
        }));
      } catch (err) {
        request.log.info({ err: err instanceof Error ? err.message : String(err) }, 'Dialogflow test session failed');
        const code = err instanceof DialogflowAuthError ? 'ERR_TEST_SESSION_DIALOG' : 'ERR_TEST_REPLY_DIALOG';
        throw new sdk.errors.AppError(code, 400, err instanceof DialogflowAuthError ? 'The Dialogflow session could not be created' : 'Dialogflow did not answer');
      }
      if (!messages.length) throw new sdk.errors.AppError('ERR_TEST_REPLY_DIALOG', 400, 'Dialogflow did not answer');
      return { messages };
    });

    app.get('/queueIntegration/:id', { schema: { tags, params: IdParams, response: { 200: Reply } } }, async (request) => {
      const row = await store.find(request.user.companyId, request.params.id);
      if (!row) throw notFound();
      return view(row);
    });

    app.post('/queueIntegration', { preHandler: adminOnly, schema: { tags, body: Body, response: { 200: Reply } } }, async (request) => {
      const { companyId } = request.user;
      const id = await store.insert(companyId, await values(companyId, request.body));
      const queueIntegration = await view((await store.find(companyId, id))!);
      announce(companyId, { action: 'create', queueIntegration });
      return queueIntegration;
    });

    app.put('/queueIntegration/:id', { preHandler: adminOnly, schema: { tags, params: IdParams, body: Body, response: { 200: Reply } } }, async (request) => {
      const { companyId } = request.user;
      const row = await store.find(companyId, request.params.id);
      if (!row) throw notFound();
      await store.update(companyId, row.id, await values(companyId, request.body, row));
      // A changed bot starts its conversations afresh.
      await sdk.db.table('integrationSessions', companyId).where({ integrationId: row.id }).delete();
      await sdk.services.responderFailures.clear(companyId, FAILURE_SOURCE, row.id); // and its last failure no longer says how it is
      const queueIntegration = await view((await store.find(companyId, row.id))!);
      announce(companyId, { action: 'update', queueIntegration });
      return queueIntegration;
    });

    app.delete('/queueIntegration/:id', { preHandler: adminOnly, schema: { tags, params: IdParams, response: { 200: OkReply } } }, async (request) => {
      const { companyId } = request.user;
      if (!(await store.find(companyId, request.params.id))) throw notFound();
      await store.remove(companyId, request.params.id);
      await sdk.services.responderFailures.clear(companyId, FAILURE_SOURCE, request.params.id);
      announce(companyId, { action: 'delete', integrationId: request.params.id });
      return { message: 'Integration deleted' };
    });
  };
}
