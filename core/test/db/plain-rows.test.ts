import t from 'tap';
import { build } from '../helper.js';
import { Contact, Message, Ticket, User } from '../../src/db/models/index.js';
import { TenantScopeError } from '../../src/db/model.js';

/**
 * The ticket list and every ticket event read their rows as plain JSON (`plainRows`) instead of models.
 * What a client receives must not depend on which of the two read a row.
 */
t.test('plain rows equal the models\' JSON, hidden columns left out, and need a company scope', async (t) => {
  const { app, request, companyId, token } = await build(t);
  const contact = await request('POST', '/api/contacts', { token, body: { name: 'Plain Row', number: '5511912340000', email: 'plain@row.test' } });
  t.equal(contact.status, 200);
  const created = await request('POST', '/api/tickets', { token, body: { contactId: contact.body.id, status: 'open' } });
  t.equal(created.status, 200);
  // Every kind of column with a value: booleans set, times filled, the chain's internal columns written.
  await app.knex('tickets').where({ id: created.body.id, companyId }).update({
    isGroup: 1, chatbot: 1, lastInboundAt: '2026-11-25 10:11:12.345', ratingRequestedAt: '2026-11-25 10:11:13.000',
    botCursor: 3, botLockToken: 'secret-lock', botLockUntil: 123, rating: 2, protocol: 'P-1',
  });

  for (const [model, where] of [[Ticket, { 'tickets.id': created.body.id }], [Contact, { 'contacts.id': contact.body.id }], [User, {}]] as const) {
    const models = await (model as typeof Ticket).scoped(companyId).where(where).orderBy('id');
    const plain = await (model as typeof Ticket).plainRows((model as typeof Ticket).scoped(companyId).where(where).orderBy('id'));
    t.ok(models.length > 0, `${model.name} has rows`);
    t.same(plain, models.map((m) => JSON.parse(JSON.stringify(m))), `${model.name}: plain rows equal the models' JSON`);
    // The same statement read as models again (SQLite shares it with the array read): rows are objects again.
    const again = await (model as typeof Ticket).scoped(companyId).where(where).orderBy('id');
    t.same(again.map((m) => JSON.parse(JSON.stringify(m))), plain, `${model.name}: a model read after a plain one still reads objects`);
  }

  const [ticket] = await Ticket.plainRows<Record<string, unknown>>(Ticket.scoped(companyId).where('tickets.id', created.body.id));
  t.equal(ticket.isGroup, true);
  t.equal(ticket.lastInboundAt, '2026-11-25T10:11:12.345Z');
  for (const internal of ['botCursor', 'botLockToken', 'botLockUntil', 'liveSlot']) t.notOk(internal in ticket, `${internal} is not shown`);
  const [user] = await User.plainRows<Record<string, unknown>>(User.scoped(companyId).orderBy('id').limit(1));
  for (const secret of ['passwordHash', 'tokenVersion', 'failedLogins', 'lockedUntil']) t.notOk(secret in user, `${secret} is not shown`);

  await t.rejects(Ticket.plainRows(Ticket.unscoped('test')), TenantScopeError, 'an unscoped query is refused');
  t.throws(() => Message.jsonFromDatabaseRow({ id: 1 }), /parses rows its own way/, 'a model with its own row parsing is read as models');
});
