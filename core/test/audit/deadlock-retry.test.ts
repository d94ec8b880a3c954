import t from 'tap';
import { build, testDb } from '../helper.js';

/**
 * A staff write runs in a transaction of its own with its audit entry. When it loses a deadlock to another writer of
 * the same rows (on MariaDB the pipeline answering on a ticket an agent just moved), the transaction is run again,
 * not answered as a 500. The deadlock is made by a trigger that signals MariaDB's deadlock error (1213) on the
 * first update of a table only: its counter is kept in a MEMORY table, which the rollback does not undo.
 */
t.test('a staff write that loses a deadlock is run again: the change and its one audit entry are there', { skip: testDb !== 'mysql' && 'deadlocks (errno 1213) are MariaDB\'s; SQLite writers wait on one lock' }, async (t) => {
  const { app, request, token } = await build(t);
  await app.knex.raw('CREATE TABLE deadlockOnce (tableName VARCHAR(64) PRIMARY KEY, hits INT NOT NULL) ENGINE=MEMORY');
  const deadlockOnFirstUpdate = async (table: string) => {
    await app.knex('deadlockOnce').insert({ tableName: table, hits: 0 });
    await app.knex.raw(`CREATE TRIGGER deadlock_once_${table} BEFORE UPDATE ON \`${table}\` FOR EACH ROW BEGIN
      UPDATE deadlockOnce SET hits = hits + 1 WHERE tableName = '${table}';
      IF (SELECT hits FROM deadlockOnce WHERE tableName = '${table}') = 1 THEN
        SIGNAL SQLSTATE '40001' SET MYSQL_ERRNO = 1213, MESSAGE_TEXT = 'Deadlock found when trying to get lock (test)';
      END IF;
    END`);
  };
  const hits = async (table: string) => Number((await app.knex('deadlockOnce').where({ tableName: table }).first()).hits);
  const updatesLogged = async (entity: string, id: number) => Number((await app.knex('auditLogs').where({ entity, entityId: String(id), action: 'update' }).count('* as n'))[0].n);

  await t.test('a core resource (a tag)', async (t) => {
    const tag = (await request('POST', '/api/tags', { token, body: { name: 'Before', color: '#123456' } })).body;
    await deadlockOnFirstUpdate('tags');
    const res = await request('PUT', `/api/tags/${tag.id}`, { token, body: { name: 'After', color: '#123456' } });
    t.equal(res.status, 200, `the write succeeds: ${JSON.stringify(res.body)}`);
    t.equal(res.body.name, 'After');
    t.equal(await hits('tags'), 2, 'the first attempt lost the deadlock, the second went through');
    t.equal(await updatesLogged('tags', tag.id), 1, 'one audit entry for the one change');
  });

  await t.test('a plugin\'s resource (a contact list, through sdk.db)', async (t) => {
    const list = (await request('POST', '/api/contact-lists', { token, body: { name: 'Before' } })).body;
    await deadlockOnFirstUpdate('contactLists');
    const res = await request('PUT', `/api/contact-lists/${list.id}`, { token, body: { name: 'After' } });
    t.equal(res.status, 200, `the write succeeds: ${JSON.stringify(res.body)}`);
    t.equal((await app.knex('contactLists').where({ id: list.id }).first()).name, 'After');
    t.equal(await hits('contactLists'), 2, 'the first attempt lost the deadlock, the second went through');
    t.equal(await updatesLogged('contactLists', list.id), 1, 'one audit entry for the one change');
  });
});
