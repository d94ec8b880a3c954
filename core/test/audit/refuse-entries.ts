import type { Knex } from 'knex';
import { testDb } from '../helper.js';

/**
 * Makes the database refuse audit entries of the actions listed in a table of the test's own (`auditRefusals`), with
 * a trigger on `auditLogs`: a change whose entry is refused must not happen either. The extra table also keeps a
 * MariaDB test database from being reused with the trigger in it (mysql-template.ts compares the tables).
 */
export async function refuseAuditEntries(knex: Knex) {
  await knex.schema.createTable('auditRefusals', (t) => { t.string('action', 40).primary(); });
  await knex.raw(testDb === 'mysql'
    ? `CREATE TRIGGER refuse_audit_entries BEFORE INSERT ON auditLogs FOR EACH ROW BEGIN
        IF EXISTS (SELECT 1 FROM auditRefusals WHERE action = NEW.action) THEN
          SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'audit entry refused (test)';
        END IF;
      END`
    : `CREATE TRIGGER refuse_audit_entries BEFORE INSERT ON auditLogs
        WHEN EXISTS (SELECT 1 FROM auditRefusals WHERE action = NEW.action)
        BEGIN SELECT RAISE(ABORT, 'audit entry refused (test)'); END`);
  return {
    /** Refuses `action`'s entries until `allow`. */
    refuse: (action: string) => knex('auditRefusals').insert({ action }),
    allow: (action: string) => knex('auditRefusals').where({ action }).delete(),
  };
}
