import { randomUUID } from "node:crypto";
import { Contact, Ticket } from "../../src/db/models/index.js";
let seq = 0;
async function makeContact(companyId, fields = {}) {
  seq += 1;
  return Contact.scoped(companyId).insertAndFetch({ uuid: randomUUID(), name: `Contact ${seq}`, number: `55119${String(Date.now() % 1e6).padStart(6, "0")}${String(seq).padStart(3, "0")}`, isGroup: false, ...fields });
}
async function makeTicket(companyId, fields = {}) {
  const contactId = fields.contactId ?? (await makeContact(companyId)).id;
  return Ticket.scoped(companyId).insertAndFetch({ uuid: randomUUID(), status: "pending", unreadMessages: 0, isGroup: false, chatbot: false, amountUsedBotQueues: 0, useIntegration: false, ...fields, contactId });
}
function captureEvents(app, companyId, event) {
  const actions = [];
  const original = app.bus.emit.bind(app.bus);
  app.bus.emit = (id, name, payload, room) => {
    if (id === companyId && name === event) actions.push(payload.action);
    return original(id, name, payload, room);
  };
  return actions;
}
export {
  captureEvents,
  makeContact,
  makeTicket
};
