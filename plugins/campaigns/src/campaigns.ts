import type { AtriumSdk, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';
import type { CampaignStore } from './store.js';
import type { Dispatcher } from './dispatch.js';
import { dbNow, fromDb, toDb } from './time.js';
import { isEditable } from './rules.js';
import { registerMedia } from './media.js';

/** Campaign CRUD and its state machine (ext §4): INATIVA, PROGRAMADA, EM_ANDAMENTO, CANCELADA, FINALIZADA. */
export function registerCampaigns(scope: FastifyInstance, sdk: AtriumSdk, store: CampaignStore, dispatcher: Dispatcher) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const T = sdk.Type;
  const { IdParams, PagingQuery, PAGE_SIZE, OkReply } = sdk.schemas;
  const Nullable = <S extends ReturnType<typeof T.String>>(s: S) => T.Union([s, T.Null()]);
  const Id = T.Integer({ minimum: 1, maximum: 2_147_483_647 });
  const NullableId = T.Optional(T.Union([Id, T.Null(), T.Literal('')]));
  const Message = T.Optional(T.Union([T.String({ maxLength: 4000 }), T.Null()]));
  const Campaign = T.Object({
    id: T.Integer(), name: T.String(), companyId: T.Integer(), status: T.String(),
    message1: Nullable(T.String()), message2: Nullable(T.String()), message3: Nullable(T.String()), message4: Nullable(T.String()), message5: Nullable(T.String()),
    scheduledAt: Nullable(T.String()), completedAt: Nullable(T.String()),
    whatsappId: T.Union([T.Integer(), T.Null()]), contactListId: T.Union([T.Integer(), T.Null()]), tagId: T.Union([T.Integer(), T.Null()]),
    fileListId: T.Union([T.Integer(), T.Null()]), mediaPath: Nullable(T.String()), mediaName: Nullable(T.String()), mediaUrl: Nullable(T.String()),
    template: T.Union([T.Object({ name: T.String(), language: T.String(), parameters: T.Array(T.String()) }), T.Null()]),
    contactList: T.Union([T.Object({ id: T.Integer(), name: T.String() }), T.Null()]),
    whatsapp: T.Union([T.Object({ id: T.Integer(), name: T.String(), status: T.String() }), T.Null()]),
    counts: T.Object({ valids: T.Integer(), delivered: T.Integer(), failed: T.Integer(), pending: T.Integer() }),
    editable: T.Boolean(),
    // The counts again at the top level, as the family's campaign screens read them.
    valids: T.Integer(), delivered: T.Integer(), confirmation: T.Boolean(), confirmationRequested: T.Integer(), confirmed: T.Integer(),
  });
  const Body = T.Object({
    name: T.String({ minLength: 2, maxLength: 50 }),
    message1: Message, message2: Message, message3: Message, message4: Message, message5: Message,
    scheduledAt: T.Optional(T.Union([sdk.schemas.ClientDateTime, T.Null(), T.Literal('')])),
    whatsappId: Id, contactListId: NullableId, tagListId: NullableId, tagId: NullableId, fileListId: NullableId,
    companyId: T.Optional(T.Integer()),
    // On a WhatsApp Cloud API connection: the approved template for contacts outside the 24-hour window.
    template: T.Optional(T.Union([T.Object({
      name: T.String({ minLength: 1, maxLength: 512 }), language: T.String({ minLength: 2, maxLength: 16 }),
      parameters: T.Array(T.String({ minLength: 1, maxLength: 1000 }), { maxItems: 20 }),
    }), T.Null()])),
  });
  type BodyT = typeof Body.static;
  const cloud = () => sdk.services.templates;

  /** Every referenced row must be the caller's company's: another company's id is its domain's 404. */
  async function columnsOf(companyId: number, body: BodyT, hasMedia = false) {
    const pick = (v: unknown) => (typeof v === 'number' ? v : null);
    const contactListId = pick(body.contactListId);
    const tagId = pick(body.tagListId) ?? pick(body.tagId);
    const fileListId = pick(body.fileListId);
    await sdk.references.assertOwned(companyId, {
      company: { ids: body.companyId, field: 'body/companyId' },
      connection: { ids: body.whatsappId, field: 'body/whatsappId' },
      contactList: { ids: contactListId, field: 'body/contactListId' },
      // Both tag fields (the spec's client sends either): the one not used is checked too.
      tag: [pick(body.tagListId), pick(body.tagId)],
      fileList: { ids: fileListId, field: 'body/fileListId' },
    });
    // A channel where the business may not write first (a bot, a Page: they answer whoever wrote) cannot carry one.
    const connection = await sdk.services.connections.find(companyId, body.whatsappId);
    if (connection?.capabilities && !connection.capabilities.startConversation) {
      throw sdk.errors.badRequest('ERR_CAMPAIGN_CHANNEL_CANNOT_START', `A ${connection.provider} connection cannot write to a contact first`, { field: 'body/whatsappId' });
    }
    if (!contactListId === !tagId) throw sdk.errors.badRequest('ERR_CAMPAIGN_NO_AUDIENCE', 'Choose a contact list or a tag', { field: 'body/contactListId' });
    const template = body.template ?? null;
    // Checked when saved: a Cloud API connection's approved template, with as many parameters as it has variables.
    if (template) await cloud().prepare(companyId, body.whatsappId, template);
    const messages = [body.message1, body.message2, body.message3, body.message4, body.message5].map((m) => (m && m.trim() ? m : null));
    const scheduledAt = body.scheduledAt ? toDb(sdk.schemas.clientDateTime(body.scheduledAt, 'body/scheduledAt')) : null;
    // Something must go out: a message, the campaign's media or a file list.
    if (scheduledAt && messages.every((m) => !m) && !hasMedia && !fileListId && !template) throw sdk.errors.badRequest('ERR_CAMPAIGN_NO_MESSAGE', 'Write at least one message', { field: 'body/message1' });
    return {
      name: body.name.trim(), message1: messages[0], message2: messages[1], message3: messages[2], message4: messages[3], message5: messages[4],
      scheduledAt, whatsappId: body.whatsappId, contactListId, tagId, fileListId,
      templateName: template?.name ?? null, templateLanguage: template?.language ?? null,
      templateParameters: template ? JSON.stringify(template.parameters) : null,
    };
  }

  app.get('/campaigns', { schema: { tags: ['campaigns'], querystring: PagingQuery, response: { 200: sdk.schemas.pageOf('records', Campaign) } } }, async (request) => {
    const { searchParam = '', pageNumber = 1 } = request.query;
    const query = store.campaignsOf(request.user.companyId).select(store.COLUMNS).orderBy('id', 'desc').limit(PAGE_SIZE + 1).offset((pageNumber - 1) * PAGE_SIZE);
    if (searchParam.trim()) query.where('name', 'like', `%${searchParam.trim()}%`);
    const rows = await Promise.all((await query).map(store.view));
    return { records: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
  });

  // The campaign itself (the spec's shape) and, for the family's report screen, the same again under `campaign`.
  const CampaignReport = T.Composite([Campaign, T.Object({ campaign: T.Object({ id: T.Integer() }, { additionalProperties: true }) })]);
  app.get('/campaigns/:id', { schema: { tags: ['campaigns'], params: IdParams, response: { 200: CampaignReport } } }, async (request) => {
    const campaign = await store.find(request.user.companyId, request.params.id);
    return { ...campaign, campaign };
  });

  const Shipping = T.Object({
    id: T.Integer(), number: T.String(), name: Nullable(T.String()), contactId: T.Union([T.Integer(), T.Null()]),
    status: T.String(), error: Nullable(T.String()), deliveredAt: Nullable(T.String()),
  });
  // The report's recipients, paged (a 50 000-recipient campaign cannot ship its rows inside GET /campaigns/:id).
  app.get('/campaigns/:id/shipping', {
    schema: {
      tags: ['campaigns'], params: IdParams,
      querystring: T.Object({ pageNumber: T.Optional(T.Integer({ minimum: 1, maximum: 100_000 })), status: T.Optional(T.Union(['pending', 'sending', 'delivered', 'failed'].map((v) => T.Literal(v)))) }),
      response: { 200: sdk.schemas.pageOf('records', Shipping) },
    },
  }, async (request) => {
    const campaign = await store.find(request.user.companyId, request.params.id);
    const { pageNumber = 1, status } = request.query;
    const query = sdk.db.table('campaignShipping', campaign.companyId).where({ campaignId: campaign.id })
      .select('id', 'number', 'name', 'contactId', 'status', 'error', 'deliveredAt').orderBy('id').limit(PAGE_SIZE + 1).offset((pageNumber - 1) * PAGE_SIZE);
    if (status) query.where({ status });
    const rows = (await query).map((r: Record<string, unknown>) => ({
      ...r, id: Number(r.id), contactId: r.contactId === null ? null : Number(r.contactId), deliveredAt: fromDb(r.deliveredAt as string | null),
    }));
    return { records: rows.slice(0, PAGE_SIZE) as never, hasMore: rows.length > PAGE_SIZE };
  });

  app.post('/campaigns', { schema: { tags: ['campaigns'], body: Body, response: { 200: Campaign } } }, async (request) => {
    const { companyId } = request.user;
    const columns = await columnsOf(companyId, request.body);
    const now = dbNow(sdk.clock);
    const [id] = await store.campaignsOf(companyId).insert({ ...columns, status: columns.scheduledAt ? 'PROGRAMADA' : 'INATIVA', createdAt: now, updatedAt: now });
    if (columns.scheduledAt) await dispatcher.scheduleStart(companyId, Number(id), columns.scheduledAt);
    return (await store.announce(companyId, Number(id), 'create'))!;
  });

  app.put('/campaigns/:id', { schema: { tags: ['campaigns'], params: IdParams, body: Body, response: { 200: Campaign } } }, async (request) => {
    const { companyId } = request.user;
    const current = await store.find(companyId, request.params.id);
    if (!isEditable(current, sdk.clock.now())) throw sdk.errors.conflict('ERR_CAMPAIGN_NOT_EDITABLE', 'This campaign can no longer be changed');
    const columns = await columnsOf(companyId, request.body, !!current.mediaPath);
    const status = current.status === 'CANCELADA' ? 'CANCELADA' : columns.scheduledAt ? 'PROGRAMADA' : 'INATIVA';
    const n = await store.campaignsOf(companyId).where({ id: current.id, status: current.status }).update({ ...columns, status, updatedAt: dbNow(sdk.clock) });
    if (!n) throw sdk.errors.conflict('ERR_CAMPAIGN_NOT_EDITABLE', 'This campaign changed meanwhile');
    // The job of an earlier schedule finds scheduledAt changed and does nothing.
    if (status === 'PROGRAMADA') await dispatcher.scheduleStart(companyId, current.id, columns.scheduledAt);
    return (await store.announce(companyId, current.id))!;
  });

  app.delete('/campaigns/:id', { schema: { tags: ['campaigns'], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const { companyId } = request.user;
    const current = await store.find(companyId, request.params.id);
    const n = await store.campaignsOf(companyId).where({ id: current.id }).whereNot({ status: 'EM_ANDAMENTO' }).delete();
    if (!n) throw sdk.errors.conflict('ERR_CAMPAIGN_IN_PROGRESS', 'A campaign in progress cannot be deleted: cancel it first');
    await sdk.db.table('campaignShipping', companyId).where({ campaignId: current.id }).delete();
    if (current.mediaPath) await sdk.storage.remove(current.mediaPath);
    sdk.bus.emit(companyId, 'campaign', { action: 'delete', id: current.id, campaignId: current.id });
    return { message: 'deleted' };
  });

  app.post('/campaigns/:id/cancel', { schema: { tags: ['campaigns'], params: IdParams, response: { 200: Campaign } } }, async (request) => {
    const { companyId } = request.user;
    const current = await store.find(companyId, request.params.id);
    const n = await store.campaignsOf(companyId).where({ id: current.id }).whereIn('status', ['EM_ANDAMENTO', 'PROGRAMADA'])
      .update({ status: 'CANCELADA', updatedAt: dbNow(sdk.clock) });
    if (!n) throw sdk.errors.conflict('ERR_INVALID_TRANSITION', 'Only a scheduled or running campaign can be cancelled');
    return (await store.announce(companyId, current.id))!;
  });

  // "Start now" (issue 32): a campaign not started yet is scheduled for this moment, through the same start job as
  // a scheduled one, so the same at-most-once rules hold (one shipping row per number, the start moves it once).
  app.post('/campaigns/:id/start', { schema: { tags: ['campaigns'], params: IdParams, response: { 200: Campaign } } }, async (request) => {
    const { companyId } = request.user;
    const current = await store.find(companyId, request.params.id);
    if (current.status !== 'INATIVA' && current.status !== 'PROGRAMADA') {
      throw sdk.errors.conflict('ERR_INVALID_TRANSITION', current.status === 'CANCELADA' ? 'A cancelled campaign is restarted, not started' : 'This campaign has already started');
    }
    const sends = [current.message1, current.message2, current.message3, current.message4, current.message5].some((m) => m && m.trim()) || !!current.mediaPath || !!current.fileListId || !!current.template;
    if (!sends) throw sdk.errors.badRequest('ERR_CAMPAIGN_NO_MESSAGE', 'Write at least one message', { field: 'body/message1' });
    const scheduledAt = dbNow(sdk.clock);
    // Guarded by the state read: a second click (or a concurrent edit) finds it changed and is refused.
    const stored = current.scheduledAt ? toDb(new Date(current.scheduledAt)) : null;
    const n = await store.campaignsOf(companyId).where({ id: current.id, status: current.status })
      .where((q) => (stored ? q.where({ scheduledAt: stored }) : q.whereNull('scheduledAt')))
      .update({ status: 'PROGRAMADA', scheduledAt, updatedAt: scheduledAt });
    if (!n) throw sdk.errors.conflict('ERR_INVALID_TRANSITION', 'This campaign changed meanwhile');
    // The job of an earlier schedule finds scheduledAt changed and does nothing.
    await dispatcher.scheduleStart(companyId, current.id, scheduledAt);
    return (await store.announce(companyId, current.id))!;
  });

  app.post('/campaigns/:id/restart', { schema: { tags: ['campaigns'], params: IdParams, response: { 200: Campaign } } }, async (request) => {
    const { companyId } = request.user;
    const current = await store.find(companyId, request.params.id);
    const n = await store.campaignsOf(companyId).where({ id: current.id, status: 'CANCELADA' }).update({ status: 'EM_ANDAMENTO', updatedAt: dbNow(sdk.clock) });
    if (!n) throw sdk.errors.conflict('ERR_INVALID_TRANSITION', 'Only a cancelled campaign can be restarted');
    // The start job materialises (a no-op for rows already there) and wakes the connection's sender.
    await dispatcher.resume(companyId, current.id);
    return (await store.announce(companyId, current.id))!;
  });

  registerMedia(scope, sdk, store, Campaign);
}
