import type { AtriumSdk, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';
import type { ContactList, ContactListItem } from './types.js';
import { dbNow } from './time.js';
import type { ValidityChecker } from './validity.js';

const digits = (n: string) => n.split('@')[0].replace(/\D/g, '');

/** Contact lists and their items (ext §2 "Contact lists"): every read starts from the caller's company. */
export function registerContactLists(scope: FastifyInstance, sdk: AtriumSdk, validity: ValidityChecker) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const T = sdk.Type;
  const { IdParams, PagingQuery, PAGE_SIZE, OkReply } = sdk.schemas;
  const items = (companyId: number) => sdk.db.table('contactListItems', companyId);
  const List = T.Object({ id: T.Integer(), name: T.String(), contactsCount: T.Integer() });
  const ListBody = T.Object({ name: T.String({ minLength: 2, maxLength: 50 }) });
  const Item = T.Object({
    id: T.Integer(), name: T.String(), number: T.String(), email: T.Union([T.String(), T.Null()]),
    isWhatsappValid: T.Union([T.Boolean(), T.Null()]), companyId: T.Integer(), contactListId: T.Integer(),
  });
  const ItemBody = T.Object({
    name: T.String({ minLength: 2, maxLength: 50 }), number: T.String({ minLength: 8, maxLength: 50 }),
    email: T.Optional(T.Union([T.String({ format: 'email', maxLength: 255 }), T.Literal(''), T.Null()])),
    contactListId: T.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    companyId: T.Optional(T.Integer()), // sent by the spec's client: the caller's own, or 404 (the row is always stamped with the caller's company)
  });

  const listsOf = (companyId: number) => sdk.db.table('contactLists', companyId);
  const withCount = (companyId: number) => listsOf(companyId).select('contactLists.id', 'contactLists.name',
    items(companyId).count('*').whereRaw('?? = ??', ['contactListItems.contactListId', 'contactLists.id']).as('contactsCount'));
  const shapeList = (r: { id: number; name: string; contactsCount: unknown }): ContactList => ({ id: Number(r.id), name: r.name, contactsCount: Number(r.contactsCount) });
  const findList = async (companyId: number, id: number) => {
    const row = await withCount(companyId).where('contactLists.id', id).first();
    if (!row) throw sdk.errors.notFound('ERR_NO_CONTACT_LIST_FOUND', 'Contact list not found');
    return shapeList(row);
  };
  const shapeItem = (r: ContactListItem & { isWhatsappValid: unknown }): ContactListItem => ({
    ...r, id: Number(r.id), isWhatsappValid: r.isWhatsappValid === null || r.isWhatsappValid === undefined ? null : Boolean(r.isWhatsappValid),
  });
  const ITEM_COLUMNS = ['id', 'name', 'number', 'email', 'isWhatsappValid', 'companyId', 'contactListId'];
  const findItem = async (companyId: number, id: number) => {
    const row = await items(companyId).where({ id }).first(ITEM_COLUMNS);
    if (!row) throw sdk.errors.notFound('ERR_NO_CONTACT_LIST_ITEM_FOUND', 'Contact list item not found');
    return shapeItem(row);
  };
  const emitList = (companyId: number, payload: object) => sdk.bus.emit(companyId, 'contactList', payload);
  const emitItem = (companyId: number, payload: object) => sdk.bus.emit(companyId, 'contactListItem', payload);

  app.get('/contact-lists/list', { schema: { tags: ['campaigns'], response: { 200: T.Array(List) } } }, async (request) =>
    (await withCount(request.user.companyId).orderBy('contactLists.name')).map(shapeList));

  app.get('/contact-lists', { schema: { tags: ['campaigns'], querystring: PagingQuery, response: { 200: sdk.schemas.pageOf('records', List) } } }, async (request) => {
    const { searchParam = '', pageNumber = 1 } = request.query;
    const query = withCount(request.user.companyId).orderBy('contactLists.name').orderBy('contactLists.id').limit(PAGE_SIZE + 1).offset((pageNumber - 1) * PAGE_SIZE);
    if (searchParam.trim()) query.where('contactLists.name', 'like', `%${searchParam.trim()}%`);
    const rows = (await query).map(shapeList);
    return { records: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
  });

  app.get('/contact-lists/:id', { schema: { tags: ['campaigns'], params: IdParams, response: { 200: List } } }, async (request) =>
    findList(request.user.companyId, request.params.id));

  app.post('/contact-lists', { schema: { tags: ['campaigns'], body: ListBody, response: { 200: List } } }, async (request) => {
    const { companyId } = request.user;
    const now = dbNow(sdk.clock);
    const [id] = await listsOf(companyId).insert({ name: request.body.name.trim(), createdAt: now, updatedAt: now });
    const record = await findList(companyId, Number(id));
    emitList(companyId, { action: 'create', record });
    return record;
  });

  app.put('/contact-lists/:id', { schema: { tags: ['campaigns'], params: IdParams, body: ListBody, response: { 200: List } } }, async (request) => {
    const { companyId } = request.user;
    await findList(companyId, request.params.id);
    await listsOf(companyId).where({ id: request.params.id }).update({ name: request.body.name.trim(), updatedAt: dbNow(sdk.clock) });
    const record = await findList(companyId, request.params.id);
    emitList(companyId, { action: 'update', record });
    return record;
  });

  app.delete('/contact-lists/:id', { schema: { tags: ['campaigns'], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const { companyId } = request.user;
    await findList(companyId, request.params.id);
    // Its items go by ON DELETE CASCADE: the list's audit entry names them (count and ids), however many there are.
    await sdk.db.table('contactLists', companyId).where({ id: request.params.id }).delete();
    emitList(companyId, { action: 'delete', id: request.params.id });
    return { message: 'deleted' };
  });

  app.get('/contact-list-items', {
    schema: {
      tags: ['campaigns'],
      querystring: T.Object({ ...PagingQuery.properties, contactListId: T.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
      response: { 200: sdk.schemas.pageOf('contacts', Item) },
    },
  }, async (request) => {
    const { companyId } = request.user;
    const { searchParam = '', pageNumber = 1, contactListId } = request.query;
    await findList(companyId, contactListId);
    const query = items(companyId).where({ contactListId }).select(ITEM_COLUMNS)
      .orderBy('name').orderBy('id').limit(PAGE_SIZE + 1).offset((pageNumber - 1) * PAGE_SIZE);
    const term = searchParam.trim();
    if (term) query.where((q) => q.where('name', 'like', `%${term}%`).orWhere('number', 'like', `%${digits(term) || term}%`).orWhere('email', 'like', `%${term}%`));
    const rows = (await query).map(shapeItem);
    return { contacts: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
  });

  app.get('/contact-list-items/:id', { schema: { tags: ['campaigns'], params: IdParams, response: { 200: Item } } }, async (request) =>
    findItem(request.user.companyId, request.params.id));

  type ItemInput = { name: string; number: string; email?: string | null };
  const itemRow = (body: ItemInput) => {
    const number = digits(body.number);
    if (number.length < 8 || number.length > 20) throw sdk.errors.badRequest('ERR_VALIDATION', 'Not a valid number', { field: 'body/number' });
    return { name: body.name.trim(), number, email: body.email || null };
  };
  const saveItem = async (write: () => Promise<unknown>) => {
    try { await write(); } catch (err) {
      if (sdk.errors.isUniqueViolation(err)) throw sdk.errors.conflict('ERR_DUPLICATED_CONTACT', 'This number is already in the list');
      throw err;
    }
  };

  app.post('/contact-list-items', { schema: { tags: ['campaigns'], body: ItemBody, response: { 200: Item } } }, async (request) => {
    const { companyId } = request.user;
    await sdk.references.assertOwned(companyId, { company: { ids: request.body.companyId, field: 'body/companyId' } });
    await findList(companyId, request.body.contactListId);
    const now = dbNow(sdk.clock);
    let id = 0;
    await saveItem(async () => {
      [id] = await items(companyId).insert({ ...itemRow(request.body), contactListId: request.body.contactListId, createdAt: now, updatedAt: now });
    });
    const record = await findItem(companyId, Number(id));
    emitItem(companyId, { action: 'create', record });
    await validity.kick(companyId, record.contactListId);
    return record;
  });

  app.put('/contact-list-items/:id', { schema: { tags: ['campaigns'], params: IdParams, body: ItemBody, response: { 200: Item } } }, async (request) => {
    const { companyId } = request.user;
    const current = await findItem(companyId, request.params.id);
    await sdk.references.assertOwned(companyId, { company: { ids: request.body.companyId, field: 'body/companyId' } });
    if (request.body.contactListId !== current.contactListId) await findList(companyId, request.body.contactListId);
    const row = itemRow(request.body);
    // A changed number is not known to be valid any more.
    const resetValidity = row.number === current.number ? {} : { isWhatsappValid: null };
    await saveItem(() => items(companyId).where({ id: current.id })
      .update({ ...row, ...resetValidity, contactListId: request.body.contactListId, updatedAt: dbNow(sdk.clock) }));
    const record = await findItem(companyId, current.id);
    emitItem(companyId, { action: 'update', record });
    if (record.isWhatsappValid === null) await validity.kick(companyId, record.contactListId);
    return record;
  });

  app.delete('/contact-list-items/:id', { schema: { tags: ['campaigns'], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const { companyId } = request.user;
    const item = await findItem(companyId, request.params.id);
    await items(companyId).where({ id: item.id }).delete();
    emitItem(companyId, { action: 'delete', id: item.id, contactListId: item.contactListId });
    return { message: 'deleted' };
  });
}
