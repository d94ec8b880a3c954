import { cachedCaller } from "../db/caller-cache.js";
import { User } from "../db/models/index.js";
import { AppError } from "../http/errors.js";
import { daysUntil } from "../util/dates.js";
async function readCaller(companyId, userId) {
  const [[row], queues, sessions] = await Promise.all([
    User.plainRows(User.scoped(companyId).join("companies", "companies.id", "users.companyId").where("users.id", userId).select(
      "users.id",
      "users.companyId",
      "users.name",
      "users.profile",
      "users.super",
      "users.allTicket",
      "users.whatsappId",
      "users.tokenVersion as sessionVersion",
      "companies.status as companyStatus",
      "companies.dueDate as companyDueDate"
    )),
    User.knex()("userQueues").where({ companyId, userId }).select("queueId"),
    User.knex()("refreshTokenFamilies").where({ companyId, userId }).select("id")
  ]);
  if (!row) return void 0;
  const isSuper = Boolean(row.super);
  return {
    id: Number(row.id),
    companyId: Number(row.companyId),
    name: String(row.name),
    profile: row.profile === "admin" ? "admin" : "user",
    super: isSuper,
    isAdmin: row.profile === "admin" || isSuper,
    allTicket: row.allTicket === "enabled",
    queueIds: queues.map((q) => Number(q.queueId)),
    whatsappId: row.whatsappId === null || row.whatsappId === void 0 ? null : Number(row.whatsappId),
    tokenVersion: Number(row.sessionVersion),
    sessionIds: sessions.map((s) => Number(s.id)),
    company: { status: Boolean(Number(row.companyStatus)), dueDate: row.companyDueDate ?? null }
  };
}
function loadCaller(companyId, userId) {
  return cachedCaller(User.knex(), companyId, userId, () => readCaller(companyId, userId));
}
function companyRefusal(company, isSuper, renewal = false) {
  if (isSuper) return void 0;
  if (!company.status) return new AppError("ERR_COMPANY_INACTIVE", 401, "This company is inactive. Contact support.");
  const { dueDate } = company;
  if (!renewal && dueDate && daysUntil(dueDate) < 0) {
    return new AppError("ERR_SUBSCRIPTION_EXPIRED", 401, `Your subscription expired on ${dueDate}. Contact support to renew it.`, { dueDate });
  }
  return void 0;
}
function sessionRefusal(caller, token) {
  if (!caller) return new AppError("ERR_SESSION_EXPIRED", 401, "Session ended: sign in");
  if (typeof token.imp !== "number" && token.tv !== caller.tokenVersion) return new AppError("ERR_SESSION_EXPIRED", 403, "Session replaced: refresh the token");
  if (typeof token.sid === "number" ? !caller.sessionIds.includes(token.sid) : token.scope !== "billing") {
    return new AppError("ERR_SESSION_EXPIRED", 403, "Session ended: refresh the token");
  }
  return companyRefusal(caller.company, caller.super, token.scope === "billing");
}
function impersonatorRefusal(impersonator, token) {
  const alive = impersonator?.super && impersonator.tokenVersion === token.impTv && typeof token.impSid === "number" && impersonator.sessionIds.includes(token.impSid);
  return alive ? void 0 : new AppError("ERR_SESSION_EXPIRED", 403, "The view as another user has ended: refresh the token");
}
async function checkToken(token) {
  const caller = await loadCaller(token.companyId, token.id);
  const refusal = sessionRefusal(caller, token);
  if (refusal || typeof token.imp !== "number") return { caller, refusal };
  const impersonator = typeof token.impCompanyId === "number" ? await loadCaller(token.impCompanyId, token.imp) : void 0;
  return { caller, refusal: impersonatorRefusal(impersonator, token) };
}
export {
  checkToken,
  companyRefusal,
  impersonatorRefusal,
  loadCaller,
  readCaller,
  sessionRefusal
};
