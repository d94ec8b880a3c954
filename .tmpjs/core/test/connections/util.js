import { Queue } from "../../src/db/models/index.js";
async function until(check, timeoutMs = 5e3, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  for (; ; ) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
async function createQueue(companyId, name) {
  return Queue.scoped(companyId).insertAndFetch({ name, color: `#${Math.floor(Math.random() * 16777215).toString(16).padStart(6, "0")}` });
}
export {
  createQueue,
  until
};
