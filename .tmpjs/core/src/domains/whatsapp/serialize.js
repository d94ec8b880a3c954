import { Whatsapp } from "../../db/models/index.js";
function connectionJson(row, options = {}) {
  const json = row.toJSON();
  delete json.userStopped;
  if (!options.withToken) delete json.token;
  if (row.queues) {
    json.queues = row.queues.map((q) => ({ id: q.id, name: q.name, color: q.color, orderQueue: q.orderQueue ?? null, greetingMessage: q.greetingMessage ?? null })).sort((a, b) => a.id - b.id);
  }
  return json;
}
async function loadConnection(companyId, whatsappId) {
  return Whatsapp.scoped(companyId).findById(whatsappId).withGraphFetched("queues");
}
export {
  connectionJson,
  loadConnection
};
