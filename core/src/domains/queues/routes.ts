import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Queue } from '../../db/models/index.js';
import { conflict, notFound } from '../../http/errors.js';
import { IdParams, OkReply } from '../../http/schemas.js';
import { defaultSchedules } from '../../seed.js';
import { isUniqueViolation } from '../../db/errors.js';

const Time = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });
const WeekdaySchedule = Type.Object({ weekday: Type.String({ maxLength: 30 }), weekdayEn: Type.String({ maxLength: 20 }), startTime: Time, endTime: Time });
const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));
const QueueBody = Type.Object({
  name: Type.String({ minLength: 2, maxLength: 50 }),
  color: Type.String({ minLength: 3, maxLength: 9 }),
  orderQueue: Nullable(Type.Integer({ minimum: 0, maximum: 100_000 })),
  greetingMessage: Nullable(Type.String({ maxLength: 10_000 })),
  outOfHoursMessage: Nullable(Type.String({ maxLength: 10_000 })),
  integrationId: Nullable(Type.Integer({ minimum: 1 })),
  promptId: Nullable(Type.Integer({ minimum: 1 })),
  schedules: Type.Optional(Type.Array(WeekdaySchedule, { maxItems: 7 })),
});
const QueueReply = Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() }, { additionalProperties: true });

/**
 * The unique keys (companyId, color) and (companyId, name) decide; after a violation, one look tells
 * which of the two it was, so the answer names the right field.
 */
async function queueConflict(companyId: number, color: string | undefined, selfId?: number) {
  const q = Queue.scoped(companyId).where('color', color ?? '');
  if (selfId) q.whereNot('id', selfId);
  if (color && (await q.resultSize()) > 0) return conflict('ERR_QUEUE_COLOR_ALREADY_EXISTS', 'Another queue already uses this colour');
  return conflict('ERR_QUEUE_NAME_ALREADY_EXISTS', 'Another queue already has this name');
}

const queuesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const emit = (companyId: number, payload: unknown) => app.bus.emit(companyId, 'queue', payload);
  const find = async (companyId: number, id: number) => {
    const queue = await Queue.scoped(companyId).findById(id);
    if (!queue) throw notFound('ERR_NO_QUEUE_FOUND', 'Queue not found');
    return queue;
  };

  app.get('/queue', {
    schema: { tags: ['queues'], querystring: Type.Object({ companyId: Type.Optional(Type.Integer()) }), response: { 200: Type.Array(QueueReply) } },
  }, async (request) => {
    // NULL orderQueue sorts last on both databases.
    const rows = await Queue.scoped(request.user.companyId).orderByRaw('CASE WHEN orderQueue IS NULL THEN 1 ELSE 0 END, orderQueue, name');
    return rows.map((q) => q.toJSON());
  });

  app.get('/queue/:id', { schema: { tags: ['queues'], params: IdParams, response: { 200: QueueReply } } }, async (request) =>
    (await find(request.user.companyId, request.params.id)).toJSON());

  app.post('/queue', { preHandler: app.requireAdmin, schema: { tags: ['queues'], body: QueueBody, response: { 200: QueueReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const current = await Queue.scoped(companyId).resultSize();
    await app.tenancy.assertWithinLimit(companyId, 'queues', current);
    const { schedules, ...fields } = request.body;
    try {
      const queue = await Queue.scoped(companyId).insertAndFetch({ ...fields, name: fields.name.trim(), schedules: schedules?.length ? schedules : defaultSchedules() } as Partial<Queue>);
      emit(companyId, { action: 'create', queue });
      return queue.toJSON();
    } catch (err) {
      if (isUniqueViolation(err)) throw await queueConflict(companyId, fields.color);
      throw err;
    }
  });

  app.put('/queue/:id', { preHandler: app.requireAdmin, schema: { tags: ['queues'], params: IdParams, body: Type.Partial(QueueBody), response: { 200: QueueReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const queue = await find(companyId, request.params.id);
    const patch = { ...request.body } as Partial<Queue>;
    if (patch.name) patch.name = patch.name.trim();
    try {
      if (Object.keys(patch).length) await queue.$query().patch(patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw await queueConflict(companyId, request.body.color, queue.id);
      throw err;
    }
    const updated = await find(companyId, queue.id);
    emit(companyId, { action: 'update', queue: updated });
    return updated.toJSON();
  });

  app.delete('/queue/:id', { preHandler: app.requireAdmin, schema: { tags: ['queues'], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const deleted = await Queue.scoped(companyId).where('id', request.params.id).delete();
    if (!deleted) throw notFound('ERR_NO_QUEUE_FOUND', 'Queue not found');
    emit(companyId, { action: 'delete', queueId: request.params.id });
    return { message: 'Queue deleted' };
  });
};

export default queuesRoutes;
