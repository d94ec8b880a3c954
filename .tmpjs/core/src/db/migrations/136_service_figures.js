const FIGURE_BUCKETS = 23;
const READ_COLUMNS = [
  "companyId",
  "createdAt",
  "status",
  "queueId",
  "userId",
  "closedAt",
  "firstRespondedAt",
  "firstResponseDueAt",
  "resolutionDueAt",
  "firstResponseBreached",
  "resolutionBreached",
  "rating"
];
const TRIGGERS = ["serviceFigures_ai", "serviceFigures_au", "serviceFigures_ad"];
const forget = (row) => `DELETE FROM serviceFigureDays WHERE companyId = ${row}.companyId AND day = SUBSTR(${row}.createdAt, 1, 10);`;
async function up(knex) {
  const isMysql = knex.client.config.client === "mysql2";
  await knex.schema.createTable("serviceFigureDays", (t) => {
    t.integer("companyId").unsigned().notNullable().references("id").inTable("companies").onDelete("CASCADE");
    t.string("day", 10).notNullable();
    t.string("token", 36).notNullable();
    t.boolean("ready").notNullable().defaultTo(false);
    t.primary(["companyId", "day"]);
  });
  await knex.schema.createTable("serviceFigures", (t) => {
    t.bigIncrements("id");
    t.integer("companyId").unsigned().notNullable().references("id").inTable("companies").onDelete("CASCADE");
    t.string("day", 10).notNullable();
    t.integer("queueId").unsigned().nullable();
    t.integer("userId").unsigned().nullable();
    for (const c of ["n", "frSettled", "frBreached", "resSettled", "resBreached", "rated", "ratingSum", "r1", "r2", "r3"]) t.integer(c).notNullable().defaultTo(0);
    for (let i = 0; i < FIGURE_BUCKETS; i++) {
      t.integer(`fr${i}`).notNullable().defaultTo(0);
      t.integer(`res${i}`).notNullable().defaultTo(0);
    }
    for (let h = 0; h < 24; h++) t.integer(`h${h}`).notNullable().defaultTo(0);
    t.index(["companyId", "day"], "serviceFigures_company_day");
  });
  const changed = READ_COLUMNS.map((c) => `OLD.${c} <=> NEW.${c}`).join(" AND ");
  if (!isMysql) {
    await knex.raw(`CREATE TRIGGER serviceFigures_au AFTER UPDATE OF ${READ_COLUMNS.join(", ")} ON tickets
      WHEN NOT (${changed.replace(/<=>/g, "IS")}) BEGIN ${forget("OLD")} ${forget("NEW")} END`);
    await knex.raw(`CREATE TRIGGER serviceFigures_ai AFTER INSERT ON tickets BEGIN ${forget("NEW")} END`);
    await knex.raw(`CREATE TRIGGER serviceFigures_ad AFTER DELETE ON tickets BEGIN ${forget("OLD")} END`);
    return;
  }
  await knex.raw(`CREATE TRIGGER serviceFigures_au AFTER UPDATE ON tickets FOR EACH ROW BEGIN
    IF NOT (${changed}) THEN ${forget("OLD")} ${forget("NEW")} END IF; END`);
  await knex.raw(`CREATE TRIGGER serviceFigures_ai AFTER INSERT ON tickets FOR EACH ROW BEGIN ${forget("NEW")} END`);
  await knex.raw(`CREATE TRIGGER serviceFigures_ad AFTER DELETE ON tickets FOR EACH ROW BEGIN ${forget("OLD")} END`);
  await knex.raw(`CREATE TRIGGER serviceFigures_contact_bd BEFORE DELETE ON contacts FOR EACH ROW BEGIN
    DELETE d FROM serviceFigureDays d JOIN (SELECT DISTINCT SUBSTR(createdAt, 1, 10) AS day FROM tickets WHERE contactId = OLD.id) x
      ON d.companyId = OLD.companyId AND d.day = x.day; END`);
}
async function down(knex) {
  const isMysql = knex.client.config.client === "mysql2";
  for (const name of [...TRIGGERS, ...isMysql ? ["serviceFigures_contact_bd"] : []]) await knex.raw(`DROP TRIGGER IF EXISTS ${name}`);
  await knex.schema.dropTableIfExists("serviceFigures");
  await knex.schema.dropTableIfExists("serviceFigureDays");
}
export {
  down,
  up
};
