async function up(knex) {
  if (knex.client.config.client === "mysql2") return;
  await knex.raw("CREATE VIRTUAL TABLE contacts_number_search USING fts5(number, content='contacts', content_rowid='id', tokenize='trigram')");
  await knex.raw("CREATE TRIGGER contacts_number_search_insert AFTER INSERT ON contacts BEGIN INSERT INTO contacts_number_search(rowid, number) VALUES (new.id, new.number); END");
  await knex.raw("CREATE TRIGGER contacts_number_search_delete AFTER DELETE ON contacts BEGIN INSERT INTO contacts_number_search(contacts_number_search, rowid, number) VALUES ('delete', old.id, old.number); END");
  await knex.raw("CREATE TRIGGER contacts_number_search_update AFTER UPDATE OF number ON contacts BEGIN INSERT INTO contacts_number_search(contacts_number_search, rowid, number) VALUES ('delete', old.id, old.number); INSERT INTO contacts_number_search(rowid, number) VALUES (new.id, new.number); END");
  await knex.raw("INSERT INTO contacts_number_search(contacts_number_search) VALUES ('rebuild')");
}
async function down(knex) {
  if (knex.client.config.client === "mysql2") return;
  for (const trigger of ["contacts_number_search_insert", "contacts_number_search_delete", "contacts_number_search_update"]) await knex.raw(`DROP TRIGGER IF EXISTS ${trigger}`);
  await knex.raw("DROP TABLE IF EXISTS contacts_number_search");
}
export {
  down,
  up
};
