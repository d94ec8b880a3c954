import Database from "better-sqlite3";
async function snapshotSqlite(source, target) {
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    await db.backup(target, { progress: () => 2147483647 });
  } finally {
    db.close();
  }
}
function checkSqlite(file) {
  const db = new Database(file, { fileMustExist: true, readonly: true });
  try {
    const result = db.pragma("quick_check", { simple: true });
    if (result !== "ok") throw new Error(`The archive's database is damaged: ${String(result)}`);
  } finally {
    db.close();
  }
}
export {
  checkSqlite,
  snapshotSqlite
};
