import t from "tap";
import { build, testDb } from "../helper.js";
t.test("a staff write that loses a deadlock is run again: the change and its one audit entry are there", { skip: testDb !== "mysql" && "deadlocks (errno 1213) are MariaDB's; SQLite writers wait on one lock" }, async (t2) => {
  const { app, request, token } = await build(t2);
  await app.knex.raw("CREATE TABLE deadlockOnce (tableName VARCHAR(64) PRIMARY KEY, hits INT NOT NULL) ENGINE=MEMORY");
  const deadlockOnFirstUpdate = async (table) => {
    await app.knex("deadlockOnce").insert({ tableName: table, hits: 0 });
    await app.knex.raw(`CREATE TRIGGER deadlock_once_${table} BEFORE UPDATE ON \`${table}\` FOR EACH ROW BEGIN
      UPDATE deadlockOnce SET hits = hits + 1 WHERE tableName = '${table}';
      IF (SELECT hits FROM deadlockOnce WHERE tableName = '${table}') = 1 THEN
        SIGNAL SQLSTATE '40001' SET MYSQL_ERRNO = 1213, MESSAGE_TEXT = 'Deadlock found when trying to get lock (test)';
      END IF;
    END`);
  };
  const hits = async (table) => Number((await app.knex("deadlockOnce").where({ tableName: table }).first()).hits);
  const updatesLogged = async (entity, id) => Number((await app.knex("auditLogs").where({ entity, entityId: String(id), action: "update" }).count("* as n"))[0].n);
  await t2.test("a core resource (a tag)", async (t3) => {
    const tag = (await request("POST", "/api/tags", { token, body: { name: "Before", color: "#123456" } })).body;
    await deadlockOnFirstUpdate("tags");
    const res = await request("PUT", `/api/tags/${tag.id}`, { token, body: { name: "After", color: "#123456" } });
    t3.equal(res.status, 200, `the write succeeds: ${JSON.stringify(res.body)}`);
    t3.equal(res.body.name, "After");
    t3.equal(await hits("tags"), 2, "the first attempt lost the deadlock, the second went through");
    t3.equal(await updatesLogged("tags", tag.id), 1, "one audit entry for the one change");
  });
  await t2.test("a plugin's resource (a contact list, through sdk.db)", async (t3) => {
    const list = (await request("POST", "/api/contact-lists", { token, body: { name: "Before" } })).body;
    await deadlockOnFirstUpdate("contactLists");
    const res = await request("PUT", `/api/contact-lists/${list.id}`, { token, body: { name: "After" } });
    t3.equal(res.status, 200, `the write succeeds: ${JSON.stringify(res.body)}`);
    t3.equal((await app.knex("contactLists").where({ id: list.id }).first()).name, "After");
    t3.equal(await hits("contactLists"), 2, "the first attempt lost the deadlock, the second went through");
    t3.equal(await updatesLogged("contactLists", list.id), 1, "one audit entry for the one change");
  });
});
