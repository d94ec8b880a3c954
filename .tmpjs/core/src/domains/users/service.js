import { forgetCallers } from "../../db/caller-cache.js";
import { Queue, User, Whatsapp } from "../../db/models/index.js";
import { conflict, notFound } from "../../http/errors.js";
async function assertEmailFree(email, exceptUserId) {
  const query = User.unscoped("e-mails are unique across companies").where("email", email);
  if (exceptUserId) query.whereNot("id", exceptUserId);
  if (await query.first()) throw conflict("ERR_EMAIL_IN_USE", "This e-mail is already in use", { field: "email" });
}
async function assertOwnRefs(companyId, whatsappId, queueIds) {
  if (whatsappId && !await Whatsapp.scoped(companyId).findById(whatsappId)) throw notFound("ERR_NO_WAPP_FOUND", "Connection not found");
  const unique = [...new Set(queueIds ?? [])];
  if (unique.length > 0) {
    const found = await Queue.scoped(companyId).whereIn("id", unique).resultSize();
    if (found !== unique.length) throw notFound("ERR_NO_QUEUE_FOUND", "Queue not found");
  }
}
async function setUserQueues(knex, companyId, userId, queueIds) {
  await knex("userQueues").where({ companyId, userId }).delete();
  const unique = [...new Set(queueIds)];
  if (unique.length > 0) await knex("userQueues").insert(unique.map((queueId) => ({ companyId, userId, queueId })));
  await forgetCallers(companyId, userId);
}
const loadUser = (companyId, id) => User.scoped(companyId).findById(id).withGraphFetched("queues");
const sameSet = (a, b) => {
  const x = [...new Set(a)].sort((m, n) => m - n);
  const y = [...new Set(b)].sort((m, n) => m - n);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};
export {
  assertEmailFree,
  assertOwnRefs,
  loadUser,
  sameSet,
  setUserQueues
};
