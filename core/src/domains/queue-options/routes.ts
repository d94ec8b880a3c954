import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { QueueOption } from '../../db/models/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import { IdParams, OkReply } from '../../http/schemas.js';

const OptionBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 255 }),
  message: Type.Optional(Type.Union([Type.String({ maxLength: 10_000 }), Type.Null()])),
  option: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 10 }), Type.Integer({ minimum: 0, maximum: 999_999 })])),
  queueId: Type.Integer({ minimum: 1 }),
  parentId: Type.Optional(Type.Union([Type.Integer({ minimum: -1 }), Type.Null()])),
});
const OptionReply = Type.Object({ id: Type.Integer(), title: Type.String(), option: Type.String(), queueId: Type.Integer() }, { additionalProperties: true });

/** -1, 0 and null all mean "top level" (the console sends -1). */
const parentOf = (parentId?: number | null) => (parentId && parentId > 0 ? parentId : null);
const byOption = (a: QueueOption, b: QueueOption) => (Number(a.option) - Number(b.option)) || a.option.localeCompare(b.option) || a.id - b.id;

/**
 * The chatbot menu tree of a queue. Options load lazily, one parent's children at a time; deleting one
 * renumbers its remaining siblings 1..n so the menu the customer sees has no gaps.
 */
const queueOptionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const emit = (companyId: number, payload: unknown) => app.bus.emit(companyId, 'queueOption', payload);

  const siblingsQuery = (companyId: number, queueId: number, parentId: number | null) => {
    const q = QueueOption.scoped(companyId).where({ queueId });
    return parentId === null ? q.whereNull('parentId') : q.where({ parentId });
  };
  /** The queue must be the caller's; the parent must be an option of that same queue. */
  const checkPlace = async (companyId: number, queueId: number, parentId: number | null) => {
    // Another company's queue or option is not found; the company's own option of another queue is a bad parent.
    await app.references.assertOwned(companyId, { queue: { ids: queueId, field: 'body/queueId' }, queueOption: { ids: parentId, field: 'body/parentId' } });
    if (parentId !== null) {
      const parent = await QueueOption.scoped(companyId).findById(parentId);
      if (!parent || parent.queueId !== queueId) throw badRequest('ERR_INVALID_PARENT_OPTION', 'The parent option is not part of this queue');
    }
  };

  app.get('/queue-options', {
    schema: {
      tags: ['queues'],
      querystring: Type.Object({ queueId: Type.Integer({ minimum: 1 }), parentId: Type.Optional(Type.Integer({ minimum: -1 })) }),
      response: { 200: Type.Array(OptionReply) },
    },
  }, async (request) => {
    const rows = await siblingsQuery(request.user.companyId, request.query.queueId, parentOf(request.query.parentId));
    return rows.sort(byOption).map((o) => o.toJSON());
  });

  app.get('/queue-options/:id', { schema: { tags: ['queues'], params: IdParams, response: { 200: OptionReply } } }, async (request) => {
    const option = await QueueOption.scoped(request.user.companyId).findById(request.params.id);
    if (!option) throw notFound('ERR_NO_QUEUE_OPTION_FOUND', 'Option not found');
    return option.toJSON();
  });

  app.post('/queue-options', { preHandler: app.requireAdmin, schema: { tags: ['queues'], body: OptionBody, response: { 200: OptionReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const { title, message, queueId } = request.body;
    const parentId = parentOf(request.body.parentId);
    await checkPlace(companyId, queueId, parentId);
    // Without an explicit ordinal the option goes last.
    const option = request.body.option !== undefined ? String(request.body.option) : String((await siblingsQuery(companyId, queueId, parentId).resultSize()) + 1);
    const created = await QueueOption.scoped(companyId).insertAndFetch({ title, message: message ?? null, option, queueId, parentId } as Partial<QueueOption>);
    emit(companyId, { action: 'create', queueOption: created });
    return created.toJSON();
  });

  app.put('/queue-options/:id', {
    preHandler: app.requireAdmin,
    schema: { tags: ['queues'], params: IdParams, body: Type.Partial(OptionBody), response: { 200: OptionReply } },
  }, async (request) => {
    const companyId = request.user.companyId;
    const current = await QueueOption.scoped(companyId).findById(request.params.id);
    if (!current) throw notFound('ERR_NO_QUEUE_OPTION_FOUND', 'Option not found');
    const queueId = request.body.queueId ?? current.queueId;
    const parentId = request.body.parentId !== undefined ? parentOf(request.body.parentId) : current.parentId ?? null;
    if (parentId === current.id) throw badRequest('ERR_INVALID_PARENT_OPTION', 'An option cannot be its own parent');
    if (queueId !== current.queueId || parentId !== (current.parentId ?? null)) await checkPlace(companyId, queueId, parentId);
    const patch: Partial<QueueOption> = { queueId, parentId };
    if (request.body.title !== undefined) patch.title = request.body.title;
    if (request.body.message !== undefined) patch.message = request.body.message;
    if (request.body.option !== undefined) patch.option = String(request.body.option);
    await current.$query().patch(patch);
    const updated = (await QueueOption.scoped(companyId).findById(current.id))!;
    emit(companyId, { action: 'update', queueOption: updated });
    return updated.toJSON();
  });

  app.delete('/queue-options/:id', { preHandler: app.requireAdmin, schema: { tags: ['queues'], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const option = await QueueOption.scoped(companyId).findById(request.params.id);
    if (!option) throw notFound('ERR_NO_QUEUE_OPTION_FOUND', 'Option not found');
    await app.knex.transaction(async (trx) => {
      // Children go with their parent (ON DELETE CASCADE), then the siblings close the gap.
      await QueueOption.scoped(companyId).transacting(trx).where('id', option.id).delete();
      const siblings = (await siblingsQuery(companyId, option.queueId, option.parentId ?? null).transacting(trx)).sort(byOption);
      for (const [i, sibling] of siblings.entries()) {
        if (sibling.option !== String(i + 1)) await QueueOption.scoped(companyId).transacting(trx).where('id', sibling.id).patch({ option: String(i + 1) } as Partial<QueueOption>);
      }
    });
    emit(companyId, { action: 'delete', queueOptionId: option.id, queueId: option.queueId, parentId: option.parentId ?? null });
    return { message: 'Option deleted' };
  });
};

export default queueOptionsRoutes;
