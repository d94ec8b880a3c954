import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AuthUser } from '../../auth/index.js';
import { Ticket } from '../../db/models/index.js';
import { forbidden, notFound } from '../../http/errors.js';
import { ClientDateTime, IdParams, OkReply } from '../../http/schemas.js';
import { canSee, loadActor } from './access.js';
import { listTickets } from './list.js';
import { TicketListReply, TicketView } from './schemas.js';
import { ticketView } from './view.js';

const Status = Type.Union([Type.Literal('open'), Type.Literal('pending'), Type.Literal('closed')]);
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const JsonIds = Type.String({ maxLength: 2000, description: 'JSON array of ids, e.g. [1,2]' });
const OptionalId = Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]));

const ListQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  tags: Type.Optional(JsonIds),
  users: Type.Optional(JsonIds),
  status: Type.Optional(Status),
  date: Type.Optional(Day),
  updatedAt: Type.Optional(Day),
  showAll: Type.Optional(Type.String({ enum: ['true', 'false'] })),
  queueIds: Type.Optional(JsonIds),
  /** Only tickets of connections of these channel kinds, comma-separated (`beta,cloud`): GET /providers lists them. */
  channels: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_-]{1,31}(,[a-z][a-z0-9_-]{1,31}){0,15}$' })),
  withUnreadMessages: Type.Optional(Type.String({ enum: ['true', 'false'] })),
  nextUpdatedAt: Type.Optional(ClientDateTime),
  nextTicketId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  minUpdatedAt: Type.Optional(ClientDateTime),
});

const CreateBody = Type.Object({
  contactId: Type.Integer({ minimum: 1 }),
  queueId: OptionalId,
  whatsappId: OptionalId,
  userId: OptionalId,
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('pending')])),
});

const UpdateBody = Type.Object({
  status: Type.Optional(Status),
  userId: OptionalId,
  queueId: OptionalId,
  whatsappId: Type.Optional(Type.Integer({ minimum: 1 })),
  useIntegration: Type.Optional(Type.Boolean()),
  promptId: OptionalId,
  integrationId: OptionalId,
});

/** Tickets (core §4, §6, §7): list with every filter, read by id or uuid, create, transitions, delete. */
const ticketsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tickets = () => app.pipeline.tickets;

  app.get('/tickets', {
    schema: { tags: ['tickets'], querystring: ListQuery, response: { 200: TicketListReply } },
  }, async (request) => listTickets(await loadActor(request.user), request.query));

  const readable = async (companyId: number, user: AuthUser, ticket: Ticket | undefined) => {
    if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
    if (!canSee(await loadActor(user), ticket)) throw forbidden('ERR_NO_PERMISSION', 'Acesso não permitido');
    return ticketView(companyId, ticket);
  };

  app.get('/tickets/:id', {
    schema: { tags: ['tickets'], params: IdParams, response: { 200: TicketView } },
  }, async (request) => {
    const companyId = request.user.companyId;
    return readable(companyId, request.user, await Ticket.scoped(companyId).findById(request.params.id));
  });

  app.get('/tickets/u/:uuid', {
    schema: { tags: ['tickets'], params: Type.Object({ uuid: Type.String({ minLength: 1, maxLength: 36 }) }), response: { 200: TicketView } },
  }, async (request) => {
    const companyId = request.user.companyId;
    return readable(companyId, request.user, await Ticket.scoped(companyId).where({ uuid: request.params.uuid }).first());
  });

  app.post('/tickets', {
    schema: { tags: ['tickets'], body: CreateBody, response: { 200: TicketView } },
  }, async (request) => tickets().create(await loadActor(request.user), request.body));

  app.put('/tickets/:id', {
    schema: { tags: ['tickets'], params: IdParams, body: UpdateBody, response: { 200: TicketView } },
  }, async (request) => {
    const { promptId, integrationId } = request.body;
    await app.references.assertOwned(request.user.companyId, {
      prompt: { ids: promptId, field: 'body/promptId' }, integration: { ids: integrationId, field: 'body/integrationId' },
    });
    return tickets().update(await loadActor(request.user), request.params.id, request.body);
  });

  app.delete('/tickets/:id', {
    preHandler: app.requireAdmin,
    schema: { tags: ['tickets'], params: IdParams, response: { 200: OkReply } },
  }, async (request) => {
    await tickets().remove(await loadActor(request.user), request.params.id);
    return { message: 'ticket deleted' };
  });
};

export default ticketsRoutes;
