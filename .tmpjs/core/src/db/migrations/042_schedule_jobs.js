async function up(knex) {
  const now = Date.now();
  let lastId = 0;
  for (; ; ) {
    const rows = await knex("schedules").where("status", "PENDENTE").whereNull("sentAt").where("id", ">", lastId).orderBy("id").limit(500).select("id", "companyId", "sendAt");
    if (!rows.length) break;
    const jobs = rows.map((row) => {
      const sendAt = typeof row.sendAt === "string" ? row.sendAt : new Date(row.sendAt).toISOString().replace("T", " ").replace("Z", "");
      const at = Date.parse(`${sendAt.replace(" ", "T")}${sendAt.endsWith("Z") ? "" : "Z"}`);
      return {
        name: "schedule.send",
        liveKey: `${row.id}-${at}`,
        data: JSON.stringify({ companyId: row.companyId, scheduleId: row.id, sendAt }),
        status: "pending",
        runAt: at,
        attempts: 0,
        retries: 0,
        backoffMs: 1e3,
        createdAt: now
      };
    });
    await knex("jobs").insert(jobs).onConflict(["name", "liveKey"]).ignore();
    lastId = rows[rows.length - 1].id;
  }
}
async function down() {
}
export {
  down,
  up
};
