import { testDb } from "../helper.js";
async function refuseAuditEntries(knex) {
  await knex.schema.createTable("auditRefusals", (t) => {
    t.string("action", 40).primary();
  });
  await knex.raw(testDb === "mysql" ? `CREATE TRIGGER refuse_audit_entries BEFORE INSERT ON auditLogs FOR EACH ROW BEGIN
        IF EXISTS (SELECT 1 FROM auditRefusals WHERE action = NEW.action) THEN
          SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'audit entry refused (test)';
        END IF;
      END` : `CREATE TRIGGER refuse_audit_entries BEFORE INSERT ON auditLogs
        WHEN EXISTS (SELECT 1 FROM auditRefusals WHERE action = NEW.action)
        BEGIN SELECT RAISE(ABORT, 'audit entry refused (test)'); END`);
  return {
    /** Refuses `action`'s entries until `allow`. */
    refuse: (action) => knex("auditRefusals").insert({ action }),
    allow: (action) => knex("auditRefusals").where({ action }).delete()
  };
}
export {
  refuseAuditEntries
};
