import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { randomUUID } from 'node:crypto';
import { Contact, ContactCustomField, Tag } from '../../db/models/index.js';
import { toDbTime } from '../../db/time.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { IdParams, PAGE_SIZE, PagingQuery, offsetOf, pageResult } from '../../http/schemas.js';
import { isValidNumber, normalizeNumber } from '../../util/phone.js';
import { isUniqueViolation } from '../../db/errors.js';
import { likeAnywhere, LIKE_ESCAPE } from '../../db/like.js';
import { contactNameContains, contactNumberContains } from '../../db/search.js';
import { importContactsSheet } from './sheet-import.js';
import { importPhoneContacts } from './phone-import.js';
import { contactsTable, sampleSheet } from './sheet-export.js';
import { sendExport } from '../../sheets/export.js';
import { receiveToTemp } from './upload-temp.js';
import { isSheetFile } from '../../sheets/index.js';
import { ErasureReply, eraseContactById } from './privacy-routes.js';
import { identitiesOf } from '../../messaging/identities.js';
import { mergeContacts } from './merge.js';

/** The phone import's optional connection (the default connection otherwise). */
const PhoneImportBody = Type.Object({ whatsappId: Type.Optional(Type.Integer({ minimum: 1 })) });

// db/like.ts escapes with a backslash; bound as a parameter it reads the same on SQLite and MySQL.

const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+Z?)?$', maxLength: 30 });
const ExtraInfo = Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }), value: Type.Optional(Type.Union([Type.String({ maxLength: 10_000 }), Type.Null()])) }), { maxItems: 100 });
const ContactBody = Type.Object({
  name: Type.String({ minLength: 2, maxLength: 50 }),
  number: Type.String({ minLength: 8, maxLength: 50 }),
  email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 255 }), Type.Literal(''), Type.Null()])),
  extraInfo: Type.Optional(ExtraInfo),
});
const MergeBody = Type.Object({ sourceContactId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const ContactReply = Type.Object({ id: Type.Integer(), name: Type.String(), number: Type.String() }, { additionalProperties: true });
const ImportReply = Type.Object({
  newContacts: Type.Array(Type.Object({ contactId: Type.Integer(), contactName: Type.String() })),
  errorBag: Type.Array(Type.Object({ contactName: Type.String(), error: Type.Object({ message: Type.String() }) })),
});

/** A day ('YYYY-MM-DD') widens to its first or last millisecond; a full time is taken as given. */
const bound = (text: string, end: boolean) => (text.length === 10 ? `${text} ${end ? '23:59:59.999' : '00:00:00.000'}` : toDbTime(text));

const contactsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const emit = (companyId: number, payload: unknown) => app.bus.emit(companyId, 'contact', payload);
  const loadContact = async (companyId: number, id: number) => {
    const contact = await Contact.scoped(companyId).findById(id).withGraphFetched('extraInfo');
    if (!contact) throw notFound('ERR_NO_CONTACT_FOUND', 'Contact not found');
    return contact;
  };
  const numberOf = (raw: string) => {
    const number = normalizeNumber(raw);
    if (!isValidNumber(number)) throw badRequest('ERR_WAPP_INVALID_CONTACT', 'Not a valid number', { field: 'body/number' });
    return number;
  };
  // Fields saved as they were keep their rows (a client saves back the whole contact it read); the rest are replaced.
  const replaceExtraInfo = async (companyId: number, contactId: number, extraInfo: { name: string; value?: string | null }[]) => {
    const existing = await ContactCustomField.scoped(companyId).where({ contactId });
    const kept = new Set<number>();
    const added = extraInfo.filter((field) => {
      const same = existing.find((row) => !kept.has(row.id) && row.name === field.name && row.value === (field.value ?? null));
      if (same) kept.add(same.id);
      return !same;
    });
    const dropped = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
    if (dropped.length) await ContactCustomField.scoped(companyId).whereIn('id', dropped).delete();
    for (const field of added) await ContactCustomField.scoped(companyId).insert({ contactId, name: field.name, value: field.value ?? null } as Partial<ContactCustomField>);
  };

  app.get('/contacts', {
    schema: {
      tags: ['contacts'],
      querystring: Type.Composite([PagingQuery, Type.Object({ date: Type.Optional(DateText), dateStart: Type.Optional(DateText), dateEnd: Type.Optional(DateText) })]),
      response: { 200: Type.Object({ contacts: Type.Array(ContactReply), count: Type.Integer(), hasMore: Type.Boolean() }) },
    },
  }, async (request) => {
    const { searchParam, pageNumber, date, dateStart, dateEnd } = request.query;
    const companyId = request.user.companyId;
    const filtered = () => {
      const q = Contact.scoped(companyId);
      const term = searchParam?.trim();
      if (term) {
        const like = likeAnywhere(term.toLowerCase());
        // A term that looks like a phone number also matches numbers, punctuation ignored.
        const digits = /^[\d\s()+\-.]+$/.test(term) ? normalizeNumber(term) : '';
        q.where((w) => {
          w.where(contactNameContains(Contact.knex(), term)).orWhereRaw("LOWER(contacts.email) LIKE ? ESCAPE ?", [like, LIKE_ESCAPE]);
          if (digits) w.orWhere(contactNumberContains(Contact.knex(), digits));
        });
      }
      if (date) q.whereBetween('contacts.createdAt', [bound(date.slice(0, 10), false), bound(date.slice(0, 10), true)]);
      if (dateStart) q.where('contacts.createdAt', '>=', bound(dateStart, false));
      if (dateEnd) q.where('contacts.createdAt', '<=', bound(dateEnd, true));
      return q;
    };
    const { limit, offset } = offsetOf(pageNumber);
    const [rows, total] = await Promise.all([
      filtered().orderBy('name').orderBy('id').limit(limit + 1).offset(offset),
      filtered().resultSize(),
    ]);
    const page = pageResult(rows, PAGE_SIZE);
    return { contacts: page.items.map((c) => c.toJSON()), count: total, hasMore: page.hasMore };
  });

  // The picker list: every contact's id, name and number (optionally filtered), sorted by name.
  app.get('/contacts/list', {
    schema: {
      tags: ['contacts'],
      querystring: Type.Object({ searchParam: Type.Optional(Type.String({ maxLength: 200 })), companyId: Type.Optional(Type.Integer()) }),
      response: { 200: Type.Array(ContactReply) },
    },
  }, async (request) => {
    const q = Contact.scoped(request.user.companyId).select('id', 'name', 'number', 'email', 'profilePicUrl').orderBy('name').limit(5000);
    const term = request.query.searchParam?.trim();
    const numberPart = term?.replace(/[\s()+\-.]/g, '');
    if (term) q.where((w) => { w.where(contactNameContains(Contact.knex(), term)); if (numberPart) w.orWhere(contactNumberContains(Contact.knex(), numberPart)); });
    return (await q).map((c) => c.toJSON());
  });

  app.get('/contacts/sample', { schema: { tags: ['contacts'], produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] } }, async (_request, reply) => {
    reply.header('content-disposition', 'attachment; filename="contacts-sample.xlsx"');
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await sampleSheet());
  });

  // `/contacts/exportCsv`: the family's client's name for the CSV form.
  // `/contacts/exportCsv`: the family's client's name for the CSV form.
  app.get('/contacts/exportCsv', { schema: { tags: ['contacts'], produces: ['text/csv'] } }, async (request, reply) =>
    sendExport(reply, 'csv', contactsTable(request.user.companyId)));

  app.get('/contacts/export', {
    schema: { tags: ['contacts'], querystring: Type.Object({ format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { default: 'csv' }) }) },
  }, async (request, reply) => sendExport(reply, request.query.format, contactsTable(request.user.companyId)));

  // An .xlsx or a CSV, told apart by content; `/contacts/importCsv` is the family's client's name for the CSV form.
  for (const url of ['/contacts/upload', '/contacts/import', '/contacts/importCsv']) {
    app.post(url, {
      schema: {
        tags: ['contacts'], consumes: ['multipart/form-data', 'application/json'], response: { 200: ImportReply },
        // Without a file (JSON or no body), /contacts/import takes the phone's contacts (phone-import.ts).
        ...(url === '/contacts/import' ? { body: { content: { 'application/json': { schema: PhoneImportBody } } } } : {}),
      },
    }, async (request) => {
      if (url === '/contacts/import' && !request.isMultipart()) {
        const whatsappId = (request.body as { whatsappId?: unknown } | undefined)?.whatsappId;
        const result = await importPhoneContacts(app, request.user.companyId, typeof whatsappId === 'number' ? whatsappId : undefined);
        if (result.newContacts.length > 0) emit(request.user.companyId, { action: 'reload', count: result.newContacts.length });
        return result;
      }
      const upload = await receiveToTemp(request, 'ERR_INVALID_SHEET');
      try {
        if (!isSheetFile(upload.filename)) throw badRequest('ERR_INVALID_SHEET', 'Only .xlsx spreadsheets or CSV files can be imported');
        const result = await importContactsSheet(app.knex, request.user.companyId, upload.file);
        // One reload event instead of one per row: a 50 000-row import must not flood the sockets.
        if (result.newContacts.length > 0) emit(request.user.companyId, { action: 'reload', count: result.newContacts.length });
        return result;
      } finally {
        await upload.cleanup();
      }
    });
  }

  // With the contact's own tags (POST /tags/sync with contactId), by name.
  app.get('/contacts/:id', { schema: { tags: ['contacts'], params: IdParams, response: { 200: ContactReply } } }, async (request) => {
    const { companyId } = request.user;
    const contact = await loadContact(companyId, request.params.id);
    const tags = await Tag.scoped(companyId).join('contactTags', 'contactTags.tagId', 'tags.id')
      .where('contactTags.companyId', companyId).where('contactTags.contactId', contact.id).select('tags.id', 'tags.name', 'tags.color').orderBy('tags.name');
    // Its addresses on opaque-addressed channels (a chat id), for the drawer.
    return { ...contact.toJSON(), tags: tags.map((tag) => tag.toJSON()), identities: await identitiesOf(companyId, contact.id) };
  });

  // One customer met on two channels becomes one contact (merge.ts); admins only.
  app.post('/contacts/:id/merge', {
    preHandler: app.requireAdmin,
    schema: { tags: ['contacts'], params: IdParams, body: MergeBody, response: { 200: ContactReply } },
  }, async (request) => {
    const merged = await mergeContacts(app, request.user.companyId, request.params.id, request.body.sourceContactId);
    return { ...merged.toJSON(), identities: await identitiesOf(request.user.companyId, merged.id) };
  });

  app.post('/contacts', { schema: { tags: ['contacts'], body: ContactBody, response: { 200: ContactReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const { name, email, extraInfo } = request.body;
    const number = numberOf(request.body.number);
    let contact: Contact;
    try {
      contact = await Contact.scoped(companyId).insertAndFetch({ uuid: randomUUID(), name: name.trim(), number, email: email || null, isGroup: false } as Partial<Contact>);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('ERR_DUPLICATED_CONTACT', 'A contact with this number already exists');
      throw err;
    }
    if (extraInfo?.length) await replaceExtraInfo(companyId, contact.id, extraInfo);
    const full = await loadContact(companyId, contact.id);
    emit(companyId, { action: 'create', contact: full });
    return full.toJSON();
  });

  app.put('/contacts/:id', {
    schema: { tags: ['contacts'], params: IdParams, body: Type.Partial(ContactBody), response: { 200: ContactReply } },
  }, async (request) => {
    const companyId = request.user.companyId;
    const contact = await loadContact(companyId, request.params.id);
    const { name, email, extraInfo } = request.body;
    const patch: Partial<Contact> = {};
    if (name !== undefined) patch.name = name.trim();
    if (email !== undefined) patch.email = email || null;
    if (request.body.number !== undefined) patch.number = numberOf(request.body.number);
    try {
      if (Object.keys(patch).length) await contact.$query().patch(patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('ERR_DUPLICATED_CONTACT', 'A contact with this number already exists');
      throw err;
    }
    if (extraInfo) await replaceExtraInfo(companyId, contact.id, extraInfo);
    const full = await loadContact(companyId, contact.id);
    emit(companyId, { action: 'update', contact: full });
    return full.toJSON();
  });

  app.delete('/contacts/:id', {
    preHandler: app.requireAdmin,
    schema: { tags: ['contacts'], params: IdParams, querystring: Type.Object({ erase: Type.Optional(Type.Boolean()) }), response: { 200: ErasureReply } },
  }, async (request) => {
    const companyId = request.user.companyId;
    // erase=true: everything held about the contact, in the core and every plugin, files included (privacy-routes.ts).
    if (request.query.erase) return eraseContactById(app, companyId, request.params.id, request.user.id);
    const deleted = await Contact.scoped(companyId).where('id', request.params.id).delete();
    if (!deleted) throw notFound('ERR_NO_CONTACT_FOUND', 'Contact not found');
    emit(companyId, { action: 'delete', contactId: request.params.id });
    return { message: 'Contact deleted' };
  });
};

export default contactsRoutes;
