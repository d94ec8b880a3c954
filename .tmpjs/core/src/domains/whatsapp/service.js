import { randomBytes } from "node:crypto";
import { Whatsapp } from "../../db/models/index.js";
import { badRequest, conflict } from "../../http/errors.js";
const COLUMNS = [
  "name",
  "greetingMessage",
  "complationMessage",
  "outOfHoursMessage",
  "ratingMessage",
  "expiresInactiveMessage",
  "expiresTicket",
  "timeUseBotQueues",
  "maxUseBotQueues",
  "timeToTransfer",
  "transferQueueId",
  "promptId",
  "integrationId",
  "provider"
];
const newToken = () => randomBytes(24).toString("base64url");
function columnsOf(input) {
  const out = {};
  for (const key of COLUMNS) {
    if (input[key] === void 0) continue;
    const value = input[key];
    out[key] = typeof value === "string" && key !== "name" && key !== "provider" ? value.trim() === "" ? null : value : value;
  }
  if (typeof out.name === "string") out.name = out.name.trim();
  return out;
}
const connectionRefs = (body) => ({
  queue: [...body.queueIds ?? [], body.transferQueueId],
  prompt: { ids: body.promptId, field: "body/promptId" },
  integration: { ids: body.integrationId, field: "body/integrationId" }
});
async function assertNameFree(companyId, name, exceptId, trx) {
  const query = Whatsapp.scoped(companyId).where("name", name);
  if (trx) query.transacting(trx);
  if (exceptId) query.whereNot("id", exceptId);
  if (await query.first()) throw conflict("ERR_WAPP_NAME_ALREADY_EXISTS", "A connection with this name already exists");
}
function assertGreeting(queueCount, greetingMessage) {
  if (queueCount > 1 && !greetingMessage?.trim()) {
    throw badRequest("ERR_WAPP_GREETING_REQUIRED", "A greeting message is needed when the connection has more than one queue");
  }
}
async function makeOnlyDefault(companyId, whatsappId, trx) {
  const previous = await Whatsapp.scoped(companyId).transacting(trx).where("isDefault", true).whereNot("id", whatsappId).select("id");
  if (previous.length) {
    await Whatsapp.scoped(companyId).transacting(trx).whereIn("id", previous.map((p) => p.id)).patch({ isDefault: false });
  }
  return previous.map((p) => p.id);
}
async function setQueues(companyId, whatsappId, queueIds, trx) {
  await trx("whatsappQueues").where({ companyId, whatsappId }).delete();
  const unique = [...new Set(queueIds)];
  if (unique.length) await trx("whatsappQueues").insert(unique.map((queueId) => ({ companyId, whatsappId, queueId })));
}
export {
  assertGreeting,
  assertNameFree,
  columnsOf,
  connectionRefs,
  makeOnlyDefault,
  newToken,
  setQueues
};
