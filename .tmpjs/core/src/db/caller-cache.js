const TTL_MS = 5e3;
const MAX_ENTRIES = 2e4;
const byCompany = /* @__PURE__ */ new Map();
let size = 0;
const listeners = /* @__PURE__ */ new Set();
let source;
function cachedCaller(database, companyId, userId, load) {
  if (database !== source) {
    forgetLocally({ companyId: "any" });
    source = database;
  }
  let users = byCompany.get(companyId);
  const hit = users?.get(userId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  if (size >= MAX_ENTRIES) {
    byCompany.clear();
    size = 0;
    users = void 0;
  }
  if (!users) byCompany.set(companyId, users = /* @__PURE__ */ new Map());
  const entry = { at: Date.now(), value: load() };
  entry.value.catch(() => {
    if (byCompany.get(companyId)?.get(userId) === entry) forgetLocally({ companyId, userId });
  });
  if (!hit) size += 1;
  users.set(userId, entry);
  return entry.value;
}
function forgetLocally({ companyId, userId }) {
  if (companyId === "any") {
    byCompany.clear();
    size = 0;
    return;
  }
  const users = byCompany.get(companyId);
  if (!users) return;
  if (userId === void 0) {
    size -= users.size;
    byCompany.delete(companyId);
    return;
  }
  if (users.delete(userId)) size -= 1;
}
async function forgetCallers(companyId, userId) {
  const change = { companyId, ...userId !== void 0 ? { userId } : {} };
  forgetLocally(change);
  await Promise.allSettled([...listeners].map((listener) => listener(change)));
}
async function forgetCallersOnCommit(trx, companyId, userId) {
  await forgetCallers(companyId, userId);
  const pending = trx;
  if (pending?.isTransaction && pending.executionPromise) void pending.executionPromise.then(() => forgetCallers(companyId, userId), () => void 0);
}
const forgetCallersFromPeer = forgetLocally;
function onCallersForgotten(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export {
  cachedCaller,
  forgetCallers,
  forgetCallersFromPeer,
  forgetCallersOnCommit,
  onCallersForgotten
};
