const TICKET_TRIGGERS = ["ticketCounts_ai", "ticketCounts_au", "ticketCounts_ad"];
const MYSQL_FK_TRIGGERS = ["ticketCounts_user_bd", "ticketCounts_queue_bd", "ticketCounts_contact_bd"];
const keyOf = (row) => `companyId = ${row}.companyId AND status = ${row}.status AND queueId = COALESCE(${row}.queueId, 0) AND userId = COALESCE(${row}.userId, 0)`;
const sqliteAdd = `INSERT INTO ticketCounts (companyId, status, queueId, userId, n)
    SELECT NEW.companyId, NEW.status, COALESCE(NEW.queueId, 0), COALESCE(NEW.userId, 0), 1 FROM companies WHERE id = NEW.companyId
    ON CONFLICT (companyId, status, queueId, userId) DO UPDATE SET n = n + 1;`;
const mysqlAdd = `INSERT INTO ticketCounts (companyId, status, queueId, userId, n)
    VALUES (NEW.companyId, NEW.status, COALESCE(NEW.queueId, 0), COALESCE(NEW.userId, 0), 1)
    ON DUPLICATE KEY UPDATE n = n + 1;`;
const remove = `UPDATE ticketCounts SET n = n - 1 WHERE ${keyOf("OLD")};`;
const keyTuple = (row) => `(${row}.companyId, ${row}.status, COALESCE(${row}.queueId, 0), COALESCE(${row}.userId, 0))`;
const changed = "NOT (OLD.companyId <=> NEW.companyId AND OLD.status <=> NEW.status AND OLD.queueId <=> NEW.queueId AND OLD.userId <=> NEW.userId)";
const mysqlMoveToNone = (column) => {
  const other = column === "userId" ? "queueId" : "userId";
  return `INSERT INTO ticketCounts (companyId, status, ${other}, ${column}, n)
      SELECT c.companyId, c.status, c.${other}, 0, c.n FROM ticketCounts c WHERE c.companyId = OLD.companyId AND c.${column} = OLD.id AND c.n <> 0
      ON DUPLICATE KEY UPDATE n = ticketCounts.n + VALUES(n);
    UPDATE ticketCounts SET n = 0 WHERE companyId = OLD.companyId AND ${column} = OLD.id;`;
};
async function up(knex) {
  const isMysql = knex.client.config.client === "mysql2";
  await knex.schema.createTable("ticketCounts", (t) => {
    t.integer("companyId").unsigned().notNullable().references("id").inTable("companies").onDelete("CASCADE");
    t.string("status", 10).notNullable();
    t.integer("queueId").unsigned().notNullable();
    t.integer("userId").unsigned().notNullable();
    t.integer("n").notNullable();
    t.primary(["companyId", "status", "queueId", "userId"]);
  });
  await knex.raw(`INSERT INTO ticketCounts (companyId, status, queueId, userId, n)
    SELECT companyId, status, COALESCE(queueId, 0), COALESCE(userId, 0), COUNT(*) FROM tickets
    GROUP BY companyId, status, COALESCE(queueId, 0), COALESCE(userId, 0)`);
  if (!isMysql) {
    await knex.raw(`CREATE TRIGGER ticketCounts_ai AFTER INSERT ON tickets BEGIN ${sqliteAdd} END`);
    await knex.raw(`CREATE TRIGGER ticketCounts_ad AFTER DELETE ON tickets BEGIN ${remove} END`);
    await knex.raw(`CREATE TRIGGER ticketCounts_au AFTER UPDATE OF companyId, status, queueId, userId ON tickets
      WHEN ${changed.replace(/<=>/g, "IS")} BEGIN ${remove} ${sqliteAdd} END`);
    return;
  }
  await knex.raw(`CREATE TRIGGER ticketCounts_ai AFTER INSERT ON tickets FOR EACH ROW BEGIN ${mysqlAdd} END`);
  await knex.raw(`CREATE TRIGGER ticketCounts_ad AFTER DELETE ON tickets FOR EACH ROW BEGIN ${remove} END`);
  await knex.raw(`CREATE TRIGGER ticketCounts_au AFTER UPDATE ON tickets FOR EACH ROW BEGIN
    IF ${changed} THEN
      IF ${keyTuple("OLD")} < ${keyTuple("NEW")} THEN ${remove} ${mysqlAdd} ELSE ${mysqlAdd} ${remove} END IF;
    END IF; END`);
  await knex.raw(`CREATE TRIGGER ticketCounts_user_bd BEFORE DELETE ON users FOR EACH ROW BEGIN ${mysqlMoveToNone("userId")} END`);
  await knex.raw(`CREATE TRIGGER ticketCounts_queue_bd BEFORE DELETE ON queues FOR EACH ROW BEGIN ${mysqlMoveToNone("queueId")} END`);
  await knex.raw(`CREATE TRIGGER ticketCounts_contact_bd BEFORE DELETE ON contacts FOR EACH ROW BEGIN
    UPDATE ticketCounts c JOIN (
      SELECT status, COALESCE(queueId, 0) AS q, COALESCE(userId, 0) AS u, COUNT(*) AS k FROM tickets
      WHERE contactId = OLD.id GROUP BY status, COALESCE(queueId, 0), COALESCE(userId, 0)
    ) x ON c.companyId = OLD.companyId AND c.status = x.status AND c.queueId = x.q AND c.userId = x.u
    SET c.n = c.n - x.k; END`);
}
async function down(knex) {
  const isMysql = knex.client.config.client === "mysql2";
  for (const name of [...TICKET_TRIGGERS, ...isMysql ? MYSQL_FK_TRIGGERS : []]) await knex.raw(`DROP TRIGGER IF EXISTS ${name}`);
  await knex.schema.dropTable("ticketCounts");
}
export {
  down,
  up
};
