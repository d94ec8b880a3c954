async function up(knex) {
  await knex.schema.alterTable("tickets", (t) => {
    t.string("botOwner", 64).nullable();
    t.bigInteger("botCursor").notNullable().defaultTo(0);
    t.bigInteger("botLockUntil").nullable();
    t.string("botLockToken", 40).nullable();
  });
  await knex.raw("UPDATE tickets SET botCursor = COALESCE((SELECT MAX(m.id) FROM messages m WHERE m.ticketId = tickets.id), 0)");
}
async function down(knex) {
  await knex.schema.alterTable("tickets", (t) => {
    t.dropColumn("botOwner");
    t.dropColumn("botCursor");
    t.dropColumn("botLockUntil");
    t.dropColumn("botLockToken");
  });
}
export {
  down,
  up
};
