async function up(knex) {
  await knex.schema.alterTable("tickets", (t) => {
    t.index(["companyId", "closedAt"], "tickets_company_closed_idx");
    t.index(["companyId", "createdAt"], "tickets_company_created_idx");
    t.index(["companyId", "acceptedAt"], "tickets_company_accepted_idx");
  });
  await knex.schema.alterTable("schedules", (t) => {
    t.index(["companyId", "contactId"], "schedules_company_contact_idx");
  });
  await knex.schema.alterTable("quickMessages", (t) => {
    t.index(["companyId", "userId"], "quick_messages_company_user_idx");
  });
  await knex.schema.alterTable("announcements", (t) => {
    t.index(["status", "priority"], "announcements_status_priority_idx");
  });
}
async function down(knex) {
  await knex.schema.alterTable("tickets", (t) => {
    t.dropIndex(["companyId", "closedAt"], "tickets_company_closed_idx");
    t.dropIndex(["companyId", "createdAt"], "tickets_company_created_idx");
    t.dropIndex(["companyId", "acceptedAt"], "tickets_company_accepted_idx");
  });
  await knex.schema.alterTable("schedules", (t) => {
    t.dropIndex(["companyId", "contactId"], "schedules_company_contact_idx");
  });
  await knex.schema.alterTable("quickMessages", (t) => {
    t.dropIndex(["companyId", "userId"], "quick_messages_company_user_idx");
  });
  await knex.schema.alterTable("announcements", (t) => {
    t.dropIndex(["status", "priority"], "announcements_status_priority_idx");
  });
}
export {
  down,
  up
};
