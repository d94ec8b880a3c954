import type { AtriumSdk, Static, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';
import { InvalidFlow, mapOpenAiSecrets, mediaKeysOf, OPENAI_SECRET_FIELDS, queueIdsOf, tenantUrlsOf, validateGraph, type FlowGraph } from './graph.js';
import { stamp } from './time.js';
import { flowFailures } from './failures.js';
import type { PhraseTriggers } from './triggers.js';

const FLOW_COLUMNS = ['id', 'name', 'active', 'createdAt', 'updatedAt'];
const CAMPAIGN_COLUMNS = ['id', 'name', 'flowId', 'whatsappId', 'phrase', 'status', 'createdAt', 'updatedAt'];

/** Flows (/flowbuilder…) and phrase campaigns (/flowcampaign…) at the spec's root paths, scoped to the caller's company. */
export function registerRoutes(sdk: AtriumSdk, scope: FastifyInstance, triggers: PhraseTriggers) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const T = sdk.Type;
  const { IdParams, PagingQuery, PAGE_SIZE, OkReply } = sdk.schemas;
  const tags = ['flowbuilder'];
  const failures = flowFailures(sdk);

  const Flow = T.Object({ id: T.Integer(), name: T.String(), active: T.Boolean(), createdAt: T.String(), updatedAt: T.String() });
  /** In the list: with its bot nodes' last failure (issue 32), as the prompts and integrations lists show theirs. */
  const FlowListed = T.Object({ ...Flow.properties, lastError: sdk.schemas.LastFailureReply });
  const Node = T.Object({
    id: T.String({ minLength: 1, maxLength: 64 }),
    type: T.String({ maxLength: 32 }),
    position: T.Object({ x: T.Number(), y: T.Number() }, { additionalProperties: true }),
    data: T.Record(T.String(), T.Unknown()),
  }, { additionalProperties: true });
  const Edge = T.Object({
    id: T.String({ minLength: 1, maxLength: 200 }),
    source: T.String({ maxLength: 64 }),
    target: T.String({ maxLength: 64 }),
    sourceHandle: T.Optional(T.Union([T.Null(), T.String({ maxLength: 64 })])),
    targetHandle: T.Optional(T.Union([T.Null(), T.String({ maxLength: 64 })])),
  }, { additionalProperties: true });
  // As answered: the same graph, with the OpenAI node's secrets declared (SecretString), so the core masks them in every answer.
  const NodeSecrets = T.Object(Object.fromEntries(OPENAI_SECRET_FIELDS.map((field) => [field, T.Optional(T.Union([sdk.secrets.SecretString(), T.Null()]))])), { additionalProperties: true });
  const NodeReply = T.Object({
    ...Node.properties,
    data: T.Object({ typebotIntegration: T.Optional(NodeSecrets) }, { additionalProperties: true }),
  }, { additionalProperties: true });
  const Graph = T.Object({ nodes: T.Array(NodeReply), connections: T.Array(Edge) });
  const FlowWithGraph = T.Object({ flow: T.Object({ id: T.Integer(), name: T.String(), active: T.Boolean(), flow: T.Union([T.Null(), Graph]) }) });
  const FlowName = T.String({ minLength: 2, maxLength: 50 });
  const Campaign = T.Object({
    id: T.Integer(), name: T.String(), flowId: T.Integer(), whatsappId: T.Union([T.Null(), T.Integer()]),
    phrase: T.String(), status: T.Boolean(), createdAt: T.String(), updatedAt: T.String(),
  });
  const CampaignFields = {
    name: T.String({ minLength: 1, maxLength: 100 }),
    flowId: T.Integer({ minimum: 1 }),
    whatsappId: T.Optional(T.Union([T.Null(), T.Integer({ minimum: 1 })])),
    phrase: T.String({ minLength: 1, maxLength: 200 }),
  };

  const flows = (companyId: number) => sdk.db.table('flowBuilders', companyId);
  const campaigns = (companyId: number) => sdk.db.table('flowCampaigns', companyId);
  const asFlow = (row: any) => ({ ...row, active: Boolean(row.active) });
  const asCampaign = (row: any) => ({ ...row, status: Boolean(row.status), whatsappId: row.whatsappId ?? null });

  const findFlow = async (companyId: number, id: number) => {
    const row = await flows(companyId).where({ id }).first([...FLOW_COLUMNS, 'flow']);
    if (!row) throw sdk.errors.notFound('ERR_NO_FLOW_FOUND', 'Flow not found');
    return row;
  };
  const findCampaign = async (companyId: number, id: number) => {
    const row = await campaigns(companyId).where({ id }).first(CAMPAIGN_COLUMNS);
    if (!row) throw sdk.errors.notFound('ERR_NO_FLOW_CAMPAIGN_FOUND', 'Phrase campaign not found');
    return asCampaign(row);
  };
  const assertNameFree = async (companyId: number, name: string, exceptId?: number) => {
    const query = flows(companyId).where({ name }).first('id');
    if (exceptId) query.whereNot({ id: exceptId });
    if (await query) throw sdk.errors.conflict('ERR_FLOW_NAME_IN_USE', 'Another flow has this name');
  };
  // The stored graph as stored: the response schema (NodeSecrets) has the core mask its secrets.
  const withGraph = (row: any) => ({ flow: { id: row.id, name: row.name, active: Boolean(row.active), flow: row.flow ? JSON.parse(row.flow) as FlowGraph : null } });
  const announceFlow = (companyId: number, payload: Record<string, unknown>) => sdk.bus.emit(companyId, 'flowbuilder', payload);
  const announceCampaign = (companyId: number, payload: Record<string, unknown>) => sdk.bus.emit(companyId, 'flowCampaign', payload);

  // ---- flows ----
  app.get('/flowbuilder', { schema: { tags, querystring: PagingQuery, response: { 200: T.Object({ flows: T.Array(FlowListed), hasMore: T.Boolean() }) } } }, async (request) => {
    const { searchParam = '', pageNumber = 1 } = request.query;
    const query = flows(request.user.companyId).select(FLOW_COLUMNS).orderBy('name').orderBy('id').limit(PAGE_SIZE + 1).offset((pageNumber - 1) * PAGE_SIZE);
    if (searchParam.trim()) query.where('name', 'like', `%${searchParam.trim()}%`);
    const rows = await query;
    const page = rows.slice(0, PAGE_SIZE).map(asFlow) as Array<Static<typeof Flow>>;
    return { flows: await failures.withLastError(request.user.companyId, page), hasMore: rows.length > PAGE_SIZE };
  });

  app.post('/flowbuilder', { schema: { tags, body: T.Object({ name: FlowName }), response: { 200: Flow } } }, async (request) => {
    const { companyId, id: userId } = request.user;
    const name = request.body.name.trim();
    await assertNameFree(companyId, name);
    const now = stamp();
    const [id] = await flows(companyId).insert({ userId, name, active: true, flow: null, createdAt: now, updatedAt: now });
    const flow = asFlow(await findFlow(companyId, Number(id)));
    delete flow.flow;
    announceFlow(companyId, { action: 'create', flow });
    return flow;
  });

  app.put('/flowbuilder', { schema: { tags, body: T.Object({ flowId: T.Integer({ minimum: 1 }), name: FlowName, active: T.Optional(T.Boolean()) }), response: { 200: Flow } } }, async (request) => {
    const { companyId } = request.user;
    const { flowId, active } = request.body;
    const name = request.body.name.trim();
    await findFlow(companyId, flowId);
    await assertNameFree(companyId, name, flowId);
    await flows(companyId).where({ id: flowId }).update({ name, ...(active === undefined ? {} : { active }), updatedAt: stamp() });
    if (active !== undefined) await triggers.forget(companyId);
    const flow = asFlow(await findFlow(companyId, flowId));
    delete flow.flow;
    announceFlow(companyId, { action: 'update', flow });
    return flow;
  });

  app.delete('/flowbuilder/:id', { schema: { tags, params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const { companyId } = request.user;
    await findFlow(companyId, request.params.id);
    // Its phrase campaigns go with it; runs in progress keep their own copy of the graph and finish.
    await campaigns(companyId).where({ flowId: request.params.id }).delete();
    await flows(companyId).where({ id: request.params.id }).delete();
    await failures.forget(companyId, request.params.id);
    await triggers.forget(companyId);
    announceFlow(companyId, { action: 'delete', flowId: request.params.id });
    return { message: 'deleted' };
  });

  app.post('/flowbuilder/duplicate', { schema: { tags, body: T.Object({ flowId: T.Integer({ minimum: 1 }) }), response: { 200: Flow } } }, async (request) => {
    const { companyId, id: userId } = request.user;
    const source = await findFlow(companyId, request.body.flowId);
    let name = '';
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? ' - copy' : ` - copy ${n}`;
      name = `${source.name.slice(0, 50 - suffix.length)}${suffix}`;
      if (!(await flows(companyId).where({ name }).first('id'))) break;
    }
    const now = stamp();
    const [id] = await flows(companyId).insert({ userId, name, active: source.active, flow: source.flow, createdAt: now, updatedAt: now });
    const flow = asFlow(await findFlow(companyId, Number(id)));
    delete flow.flow;
    announceFlow(companyId, { action: 'create', flow });
    return flow;
  });

  app.get('/flowbuilder/flow/:id', { schema: { tags, params: IdParams, response: { 200: FlowWithGraph } } }, async (request) => {
    return withGraph(await findFlow(request.user.companyId, request.params.id));
  });

  app.post('/flowbuilder/flow', {
    bodyLimit: 2 * 1024 * 1024,
    schema: { tags, body: T.Object({ idFlow: T.Integer({ minimum: 1 }), nodes: T.Array(Node), connections: T.Array(Edge) }), response: { 200: FlowWithGraph } },
  }, async (request, reply) => {
    const { companyId } = request.user;
    const row = await findFlow(companyId, request.body.idFlow);
    const graph = { nodes: request.body.nodes, connections: request.body.connections } as FlowGraph;
    try {
      validateGraph(graph);
    } catch (err) {
      if (err instanceof InvalidFlow) throw new sdk.errors.AppError('ERR_INVALID_FLOW', 400, err.message, { field: err.field });
      throw err;
    }
    // The runtime sends media by storage key: a key of another company's folder would send that company's file.
    const foreign = mediaKeysOf(graph).find(({ key }) => !key.startsWith(`${companyId}/`));
    if (foreign) throw new sdk.errors.AppError('ERR_INVALID_FLOW', 400, 'The media file is not one of this company\'s uploads', { field: foreign.field });
    for (const { url, field } of tenantUrlsOf(graph)) await sdk.http.assertUrlAllowed(url, field, reply);
    const queueIds = [...new Set(queueIdsOf(graph))];
    if (queueIds.length) {
      const found = await sdk.services.queues.list(companyId, queueIds);
      if (found.length !== queueIds.length) throw sdk.errors.notFound('ERR_NO_QUEUE_FOUND', 'Queue not found');
    }
    // An OpenAI secret that comes back masked keeps the stored one (matched by node id); a new one is encrypted.
    const previous: FlowGraph | null = row.flow ? JSON.parse(row.flow) : null;
    const stored = (nodeId: string, field: string) => previous?.nodes.find((n) => n.id === nodeId && n.type === 'openai')?.data?.typebotIntegration?.[field];
    const toStore = mapOpenAiSecrets(graph, (value, node, field) => sdk.secrets.keepSecretIfMasked(value, stored(node.id, field)));
    await flows(companyId).where({ id: row.id }).update({ flow: JSON.stringify(toStore), updatedAt: stamp() });
    await failures.forget(companyId, row.id);
    announceFlow(companyId, { action: 'update', flow: { id: row.id, name: row.name, active: Boolean(row.active) } });
    return withGraph(await findFlow(companyId, row.id));
  });

  // ---- phrase campaigns ----
  const checkRefs = async (companyId: number, flowId: number, whatsappId: number | null | undefined) => {
    await findFlow(companyId, flowId);
    if (whatsappId && !(await sdk.services.connections.find(companyId, whatsappId))) throw sdk.errors.notFound('ERR_NO_WAPP_FOUND', 'Connection not found');
  };

  app.get('/flowcampaign', { schema: { tags, response: { 200: T.Object({ flow: T.Array(Campaign) }) } } }, async (request) => {
    const rows = await campaigns(request.user.companyId).select(CAMPAIGN_COLUMNS).orderBy('name').orderBy('id');
    return { flow: rows.map(asCampaign) };
  });

  app.get('/flowcampaign/:id', { schema: { tags, params: IdParams, response: { 200: Campaign } } }, async (request) => findCampaign(request.user.companyId, request.params.id));

  app.post('/flowcampaign', { schema: { tags, body: T.Object(CampaignFields), response: { 200: Campaign } } }, async (request) => {
    const { companyId, id: userId } = request.user;
    const { name, flowId, whatsappId = null, phrase } = request.body;
    await checkRefs(companyId, flowId, whatsappId);
    const now = stamp();
    const [id] = await campaigns(companyId).insert({ userId, name: name.trim(), flowId, whatsappId, phrase: phrase.trim(), status: true, createdAt: now, updatedAt: now });
    await triggers.forget(companyId);
    const campaign = await findCampaign(companyId, Number(id));
    announceCampaign(companyId, { action: 'create', flowCampaign: campaign });
    return campaign;
  });

  app.put('/flowcampaign', { schema: { tags, body: T.Object({ id: T.Integer({ minimum: 1 }), ...CampaignFields, status: T.Boolean() }), response: { 200: Campaign } } }, async (request) => {
    const { companyId } = request.user;
    const { id, name, flowId, whatsappId = null, phrase, status } = request.body;
    await findCampaign(companyId, id);
    await checkRefs(companyId, flowId, whatsappId);
    await campaigns(companyId).where({ id }).update({ name: name.trim(), flowId, whatsappId, phrase: phrase.trim(), status, updatedAt: stamp() });
    await triggers.forget(companyId);
    const campaign = await findCampaign(companyId, id);
    announceCampaign(companyId, { action: 'update', flowCampaign: campaign });
    return campaign;
  });

  app.delete('/flowcampaign/:id', { schema: { tags, params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const { companyId } = request.user;
    await findCampaign(companyId, request.params.id);
    await campaigns(companyId).where({ id: request.params.id }).delete();
    await triggers.forget(companyId);
    announceCampaign(companyId, { action: 'delete', flowCampaignId: request.params.id });
    return { message: 'deleted' };
  });
}
