import type { Knex } from 'knex';
import { writeAudit } from '../../audit/record.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { Contact, Tag } from '../../db/models/index.js';
import { visibleTicket } from '../tickets/access.js';
import { dbNow } from '../../db/time.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { IdParams, OkReply, PAGE_SIZE, PagingQuery, offsetOf, pageResult } from '../../http/schemas.js';
import { isUniqueViolation } from '../../db/errors.js';
import { likeAnywhere, LIKE_ESCAPE } from '../../db/like.js';

// db/like.ts escapes with a backslash; bound as a parameter it reads the same on SQLite and MySQL.

const TagBody = Type.Object({
  name: Type.String({ minLength: 3, maxLength: 100 }),
  color: Type.Optional(Type.String({ minLength: 3, maxLength: 20 })),
  kanban: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Boolean()])),
});
const TagReply = Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String(), kanban: Type.Integer() }, { additionalProperties: true });

const isAdmin = (request: FastifyRequest) => request.user.profile === 'admin' || request.user.super;
const ticketsCount = 'ticketsCount';

const tagsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const emit = (companyId: number, payload: unknown) => app.bus.emit(companyId, 'tag', payload);
  // Counted by the database per tag (the ticketTags (companyId, tagId) index), never by loading rows.
  const withCount = (companyId: number) =>
    Tag.scoped(companyId).select('tags.*', app.knex.raw(`(SELECT COUNT(*) FROM ${'ticketTags'} tt WHERE tt.companyId = tags.companyId AND tt.tagId = tags.id) AS ${ticketsCount}`));
  const serialize = (tag: Tag) => ({ ...tag.toJSON(), kanban: Number(tag.kanban), ...(tag.ticketsCount !== undefined ? { ticketsCount: Number(tag.ticketsCount) } : {}) });
  const find = async (companyId: number, id: number) => {
    const tag = await withCount(companyId).findById(id);
    if (!tag) throw notFound('ERR_NO_TAG_FOUND', 'Tag not found');
    return tag;
  };
  /** Only an admin decides whether a tag is a kanban lane; anybody else's value is ignored. */
  const kanbanOf = (request: FastifyRequest, value: number | boolean | undefined) =>
    value === undefined || !isAdmin(request) ? undefined : Number(value);

  app.get('/tags', {
    schema: { tags: ['tags'], querystring: PagingQuery, response: { 200: Type.Object({ tags: Type.Array(TagReply), hasMore: Type.Boolean() }) } },
  }, async (request) => {
    const { searchParam, pageNumber } = request.query;
    const q = withCount(request.user.companyId).orderBy('tags.name').orderBy('tags.id');
    if (searchParam?.trim()) q.whereRaw("LOWER(tags.name) LIKE ? ESCAPE ?", [likeAnywhere(searchParam.trim().toLowerCase()), LIKE_ESCAPE]);
    const { limit, offset } = offsetOf(pageNumber);
    const page = pageResult(await q.limit(limit + 1).offset(offset), PAGE_SIZE);
    return { tags: page.items.map(serialize), hasMore: page.hasMore };
  });

  app.get('/tags/list', {
    schema: { tags: ['tags'], querystring: Type.Object({ companyId: Type.Optional(Type.Integer()), kanban: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) }), response: { 200: Type.Array(TagReply) } },
  }, async (request) => {
    const q = Tag.scoped(request.user.companyId).orderBy('name');
    if (request.query.kanban !== undefined) q.where('kanban', request.query.kanban);
    return (await q).map(serialize);
  });

  // GET /tags/kanban (the lanes) belongs to the plan-gated kanban plugin; /tags/list?kanban=1 is the core's view.

  app.get('/tags/:id', { schema: { tags: ['tags'], params: IdParams, response: { 200: TagReply } } }, async (request) =>
    serialize(await find(request.user.companyId, request.params.id)));

  app.post('/tags', { schema: { tags: ['tags'], body: TagBody, response: { 200: TagReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const { name, color } = request.body;
    try {
      const tag = await Tag.scoped(companyId).insertAndFetch({
        name: name.trim(), color: color ?? '#5C59A0', kanban: kanbanOf(request, request.body.kanban) ?? 0, userId: request.user.id,
      } as Partial<Tag>);
      const out = serialize(await find(companyId, tag.id));
      emit(companyId, { action: 'create', tag: out });
      return out;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('ERR_TAG_NAME_ALREADY_EXISTS', 'A tag with this name already exists');
      throw err;
    }
  });

  app.put('/tags/:id', { schema: { tags: ['tags'], params: IdParams, body: Type.Partial(TagBody), response: { 200: TagReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const tag = await find(companyId, request.params.id);
    const patch: Partial<Tag> = {};
    if (request.body.name !== undefined) patch.name = request.body.name.trim();
    if (request.body.color !== undefined) patch.color = request.body.color;
    const kanban = kanbanOf(request, request.body.kanban);
    if (kanban !== undefined) patch.kanban = kanban;
    try {
      if (Object.keys(patch).length) await Tag.scoped(companyId).where('id', tag.id).patch(patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('ERR_TAG_NAME_ALREADY_EXISTS', 'A tag with this name already exists');
      throw err;
    }
    const out = serialize(await find(companyId, tag.id));
    emit(companyId, { action: 'update', tag: out });
    return out;
  });

  app.delete('/tags/:id', { schema: { tags: ['tags'], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const deleted = await Tag.scoped(companyId).where('id', request.params.id).delete();
    if (!deleted) throw notFound('ERR_NO_TAG_FOUND', 'Tag not found');
    emit(companyId, { action: 'delete', tagId: request.params.id });
    return { message: 'Tag deleted' };
  });

  /** The company's tags with these ids, or a 404 when one is not (another company's tag is not found either). */
  const tagsById = async (companyId: number, requested: { id: number }[]) => {
    const ids = [...new Set(requested.map((t) => t.id))];
    const tags = ids.length ? await Tag.scoped(companyId).whereIn('id', ids) : [];
    if (tags.length !== ids.length) throw notFound('ERR_NO_TAG_FOUND', 'One of the tags does not exist');
    return tags.sort((a, b) => a.name.localeCompare(b.name));
  };
  /**
   * Replaces the rows of a link table for one owner (its companyId included) with the given tags. The table is named
   * literally by the caller, so the raw-query audit (core/test/tenancy/raw-queries.test.ts) sees each one.
   */
  const replaceLinks = (links: (trx: Knex.Transaction) => Knex.QueryBuilder, owner: Record<string, number>, tags: Tag[]) => app.knex.transaction(async (trx) => {
    const before = (await links(trx).where(owner).select('tagId')).map((row: { tagId: number }) => Number(row.tagId)).sort((a: number, b: number) => a - b);
    await links(trx).where(owner).delete();
    if (tags.length) await links(trx).insert(tags.map((tag) => ({ ...owner, tagId: tag.id, createdAt: dbNow() })));
    // The audit entry in the same transaction: the owner's tag set before and after.
    const [entity, entityId] = owner.ticketId !== undefined ? ['ticketTags', owner.ticketId] : ['contactTags', owner.contactId];
    await writeAudit(trx, [{ companyId: owner.companyId, action: 'update', entity, entityId, changes: { tagIds: { before, after: tags.map((t) => t.id).sort((a, b) => a - b) } } }]);
  });

  // Replaces a ticket's tags, or a contact's (`contactId`: the family's client tags the contact), with the given
  // set. A ticket must be one the caller may see (core §6) and every tag the company's. A ticket's change is
  // announced as a ticket update (its view carries the tags) to the ticket's audience only, never company-wide
  // (a `tag` event would tell every agent which tags a ticket they may not see carries); a contact's as a contact update.
  app.post('/tags/sync', {
    schema: {
      tags: ['tags'],
      body: Type.Object({
        ticketId: Type.Optional(Type.Integer({ minimum: 1 })),
        contactId: Type.Optional(Type.Integer({ minimum: 1 })),
        tags: Type.Array(Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: true }), { maxItems: 200 }),
      }),
      response: { 200: Type.Object({ ticketId: Type.Optional(Type.Integer()), contactId: Type.Optional(Type.Integer()), tags: Type.Array(TagReply) }) },
    },
  }, async (request) => {
    const companyId = request.user.companyId;
    const { ticketId, contactId } = request.body;
    if (ticketId === undefined && contactId === undefined) throw badRequest('ERR_VALIDATION', 'ticketId or contactId is required', { field: 'body/ticketId' });
    // A contact named is the company's, even beside a ticket (which then wins): no foreign id passes unchecked.
    const contact = contactId === undefined ? undefined : await Contact.scoped(companyId).findById(contactId);
    if (contactId !== undefined && !contact) throw notFound('ERR_NO_CONTACT_FOUND', 'Contact not found');
    if (ticketId !== undefined) {
      const ticket = await visibleTicket(request.user, ticketId);
      const tags = await tagsById(companyId, request.body.tags);
      await replaceLinks((trx) => trx('ticketTags'), { companyId, ticketId: ticket.id }, tags);
      await app.pipeline.tickets.emitChange(companyId, ticket.id, { changed: ['tags'], userId: request.user.id });
      return { ticketId: ticket.id, tags: tags.map(serialize) };
    }
    const tags = await tagsById(companyId, request.body.tags);
    await replaceLinks((trx) => trx('contactTags'), { companyId, contactId: contact!.id }, tags);
    const out = tags.map(serialize);
    app.bus.emit(companyId, 'contact', { action: 'update', contact: { ...contact!.toJSON(), tags: out } });
    return { contactId: contact!.id, tags: out };
  });
};

export default tagsRoutes;
