import t from 'tap';
import { build } from '../helper.js';
import { Contact, Queue, Tag, Ticket, User, Whatsapp } from '../../src/db/models/index.js';
import * as linkTableCompany from '../../src/db/migrations/061_link_table_company.js';

/**
 * The link tables (ticketTags, userQueues, whatsappQueues) carry the company like every tenant row: the
 * routes that write them stamp it, and migration 061 filled it in for the rows that existed before.
 */
t.test('user queues, connection queues and ticket tags written through the API carry the company', async (t) => {
  const { request, createTenant } = await build(t);
  const { admin, companyId } = await createTenant('Links');
  t.not(companyId, 1, 'a company other than the seeded one');
  const queue = await Queue.scoped(companyId).insertAndFetch({ name: 'Vendas', color: '#123456' } as Partial<Queue>);

  const user = await request('POST', '/api/users', { token: admin.token, body: { name: 'Ana', email: 'ana@links.test', password: 'Ana-pass-123', profile: 'user', queueIds: [queue.id] } });
  t.equal(user.status, 200, 'the user is created');
  t.same(await User.knex()('userQueues').where({ userId: user.body.id }).select('companyId', 'queueId'), [{ companyId, queueId: queue.id }]);

  const wa = await request('POST', '/api/whatsapp', { token: admin.token, body: { name: 'Links phone', provider: 'sandbox', queueIds: [queue.id] } });
  t.equal(wa.status, 200, 'the connection is created');
  t.same(await User.knex()('whatsappQueues').where({ whatsappId: wa.body.id }).select('companyId', 'queueId'), [{ companyId, queueId: queue.id }]);
  const edited = await request('PUT', `/api/whatsapp/${wa.body.id}`, { token: admin.token, body: { queueIds: [] } });
  t.equal(edited.status, 200);
  t.equal((await User.knex()('whatsappQueues').where({ whatsappId: wa.body.id })).length, 0, 'replacing the queues clears the old links');

  const contact = await Contact.scoped(companyId).insertAndFetch({ uuid: 'links-contact', name: 'Cliente', number: '5511970000010' } as Partial<Contact>);
  const ticket = await Ticket.scoped(companyId).insertAndFetch({ uuid: 'links-ticket', contactId: contact.id, status: 'open', unreadMessages: 0, isGroup: false, chatbot: false, amountUsedBotQueues: 0, useIntegration: false } as Partial<Ticket>);
  const tag = await Tag.scoped(companyId).insertAndFetch({ name: 'VIP', color: '#ff0000', kanban: 0 } as Partial<Tag>);
  const synced = await request('POST', '/api/tags/sync', { token: admin.token, body: { ticketId: ticket.id, tags: [{ id: tag.id }] } });
  t.equal(synced.status, 200);
  t.same(await User.knex()('ticketTags').where({ ticketId: ticket.id }).select('companyId', 'tagId'), [{ companyId, tagId: tag.id }]);
  const listed = await request('GET', '/api/tags', { token: admin.token });
  t.equal(listed.body.tags.find((x: { id: number }) => x.id === tag.id)?.ticketsCount, 1, 'the tag counts its ticket');
});

t.test('migration 061 fills the company of existing links from their ticket, user and connection, and is reversible', async (t) => {
  const { app, createTenant } = await build(t);
  const { companyId } = await createTenant('Before 061');
  const knex = app.knex;
  const queue = await Queue.scoped(companyId).insertAndFetch({ name: 'Suporte', color: '#654321' } as Partial<Queue>);
  const user = await User.scoped(companyId).insertAndFetch({ name: 'Bia', email: 'bia@before.test', passwordHash: 'x', profile: 'user' } as Partial<User>);
  const wa = await Whatsapp.scoped(companyId).insertAndFetch({ name: 'Before phone', provider: 'sandbox', status: 'DISCONNECTED' } as Partial<Whatsapp>);
  const contact = await Contact.scoped(companyId).insertAndFetch({ uuid: 'before-contact', name: 'Cliente', number: '5511970000011' } as Partial<Contact>);
  const ticket = await Ticket.scoped(companyId).insertAndFetch({ uuid: 'before-ticket', contactId: contact.id, status: 'open', unreadMessages: 0, isGroup: false, chatbot: false, amountUsedBotQueues: 0, useIntegration: false } as Partial<Ticket>);
  const tag = await Tag.scoped(companyId).insertAndFetch({ name: 'Antiga', color: '#00ff00', kanban: 0 } as Partial<Tag>);

  // The schema as it was before 061, with links written the old way (no company).
  await linkTableCompany.down(knex);
  t.notOk(await knex.schema.hasColumn('ticketTags', 'companyId'), 'down drops the column');
  await knex('userQueues').insert({ userId: user.id, queueId: queue.id });
  await knex('whatsappQueues').insert({ whatsappId: wa.id, queueId: queue.id });
  await knex('ticketTags').insert({ ticketId: ticket.id, tagId: tag.id });

  await linkTableCompany.up(knex);
  t.same(await knex('userQueues').where({ userId: user.id }).select('companyId'), [{ companyId }]);
  t.same(await knex('whatsappQueues').where({ whatsappId: wa.id }).select('companyId'), [{ companyId }]);
  t.same(await knex('ticketTags').where({ ticketId: ticket.id }).select('companyId'), [{ companyId }]);
  await t.rejects(knex('ticketTags').insert({ ticketId: ticket.id, tagId: (await Tag.scoped(companyId).insertAndFetch({ name: 'Nova', color: '#0000ff', kanban: 0 } as Partial<Tag>)).id }), 'a link without its company is refused');

  await t.rejects(knex('userQueues').insert({ companyId: 999_999, userId: user.id, queueId: (await Queue.scoped(companyId).insertAndFetch({ name: 'Outra', color: '#111111' } as Partial<Queue>)).id }), 'the company must exist');

  // The rebuilt tables keep their keys: a link goes with its ticket, user or connection, and is still one per pair.
  await t.rejects(knex('ticketTags').insert({ companyId, ticketId: ticket.id, tagId: tag.id }), 'one link per ticket and tag');
  await knex('tickets').where({ id: ticket.id }).delete();
  await knex('users').where({ id: user.id }).delete();
  await knex('whatsapps').where({ id: wa.id }).delete();
  t.same([(await knex('ticketTags').where({ companyId })).length, (await knex('userQueues').where({ companyId })).length, (await knex('whatsappQueues').where({ companyId })).length], [0, 0, 0]);
});
