import { Model } from 'objection';
import { createKnex, ensureMysqlDatabase, dropMysqlDatabase } from '/work/main/core/src/db/connection.js';
import { coreMigrations, runMigrations } from '/work/main/core/src/db/migrate.js';
import { Company, Plan, Ticket, Contact, User } from '/work/main/core/src/db/models/index.js';
for (const db of [{kind:'sqlite' as const, url:'sqlite:/tmp/scr.sqlite', filename:'/tmp/scr.sqlite'}, {kind:'mysql' as const, url:'mysql://root@127.0.0.1:3306/atrium_scratch'}]) {
  if (db.kind==='mysql') await ensureMysqlDatabase(db.url);
  const knex = createKnex(db); Model.knex(knex);
  await runMigrations(knex, coreMigrations);
  const plan = await Plan.query().insert({ name: 'P'+Date.now(), users: 1, connections: 1, queues: 1, value: 10 } as any);
  const c = await Company.query().insert({ name: 'A', planId: plan.id } as any);
  const contact = await Contact.scoped(c.id).insert({ uuid: crypto.randomUUID(), name: 'x', number: '55'+Date.now() } as any);
  console.log(db.kind, 'contact', contact.companyId, contact.createdAt);
  try { await Contact.query(); console.log('NO GUARD!'); } catch (e:any) { console.log('guard ok:', e.message.slice(0,50)); }
  const t1 = await Ticket.scoped(c.id).insert({ uuid: crypto.randomUUID(), contactId: contact.id, status: 'pending' } as any);
  const w = null;
  try { await Ticket.scoped(c.id).insert({ uuid: crypto.randomUUID(), contactId: contact.id, status: 'open', whatsappId: w } as any); console.log('dup allowed (null whatsappId)'); } catch (e:any) { console.log('dup blocked', e.code); }
  const found = await Ticket.scoped(c.id).findById(t1.id).withGraphFetched('[contact, tags]');
  console.log('found', found?.contact?.name, found?.createdAt, JSON.stringify(found).slice(0,120));
  await found!.$query().patch({ status: 'closed' } as any); console.log('instance patch ok');
  const rel = await found!.$relatedQuery('contact'); console.log('relq ok', !!rel);
  const p2 = await Plan.query().findById(plan.id); console.log('plan', p2!.useKanban, p2!.value, p2!.hasFlag('useKanban'));
  await knex.destroy();
  if (db.kind==='mysql') await dropMysqlDatabase(db.url);
}
