async function up(knex) {
  if (knex.client.config.client === "mysql2") return;
  await knex.raw("CREATE VIRTUAL TABLE contacts_name_search USING fts5(name, content='contacts', content_rowid='id', tokenize='trigram remove_diacritics 1')");
  await knex.raw("CREATE TRIGGER contacts_name_search_insert AFTER INSERT ON contacts BEGIN INSERT INTO contacts_name_search(rowid, name) VALUES (new.id, new.name); END");
  await knex.raw("CREATE TRIGGER contacts_name_search_delete AFTER DELETE ON contacts BEGIN INSERT INTO contacts_name_search(contacts_name_search, rowid, name) VALUES ('delete', old.id, old.name); END");
  await knex.raw("CREATE TRIGGER contacts_name_search_update AFTER UPDATE OF name ON contacts BEGIN INSERT INTO contacts_name_search(contacts_name_search, rowid, name) VALUES ('delete', old.id, old.name); INSERT INTO contacts_name_search(rowid, name) VALUES (new.id, new.name); END");
  await knex.raw("INSERT INTO contacts_name_search(contacts_name_search) VALUES ('rebuild')");
}
async function down(knex) {
  if (knex.client.config.client === "mysql2") return;
  for (const trigger of ["contacts_name_search_insert", "contacts_name_search_delete", "contacts_name_search_update"]) await knex.raw(`DROP TRIGGER IF EXISTS ${trigger}`);
  await knex.raw("DROP TABLE IF EXISTS contacts_name_search");
}
export {
  down,
  up
};
