async function up(knex) {
  if (knex.client.config.client === "mysql2") {
    await knex.raw("ALTER TABLE messages ADD FULLTEXT INDEX messages_body_fulltext (body)");
    return;
  }
  await knex.raw("CREATE VIRTUAL TABLE messages_fts USING fts5(body, content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2')");
  await knex.raw("CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN INSERT INTO messages_fts(rowid, body) VALUES (new.id, new.body); END");
  await knex.raw("CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN INSERT INTO messages_fts(messages_fts, rowid, body) VALUES ('delete', old.id, old.body); END");
  await knex.raw("CREATE TRIGGER messages_fts_update AFTER UPDATE OF body ON messages BEGIN INSERT INTO messages_fts(messages_fts, rowid, body) VALUES ('delete', old.id, old.body); INSERT INTO messages_fts(rowid, body) VALUES (new.id, new.body); END");
  await knex.raw("INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')");
}
async function down(knex) {
  if (knex.client.config.client === "mysql2") {
    await knex.raw("ALTER TABLE messages DROP INDEX messages_body_fulltext");
    return;
  }
  for (const trigger of ["messages_fts_insert", "messages_fts_delete", "messages_fts_update"]) await knex.raw(`DROP TRIGGER IF EXISTS ${trigger}`);
  await knex.raw("DROP TABLE IF EXISTS messages_fts");
}
export {
  down,
  up
};
