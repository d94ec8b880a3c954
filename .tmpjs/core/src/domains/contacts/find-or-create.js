import { randomUUID } from "node:crypto";
import { Contact } from "../../db/models/index.js";
import { isUniqueViolation } from "../../db/errors.js";
async function findOrCreateContact(bus, companyId, number, name) {
  const existing = await Contact.scoped(companyId).findOne({ number });
  if (existing) return { contact: existing, created: false };
  try {
    const contact = await Contact.scoped(companyId).insertAndFetch({ uuid: randomUUID(), name: name?.trim() || number, number, isGroup: false });
    bus.emit(companyId, "contact", { action: "create", contact });
    return { contact, created: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return { contact: await Contact.scoped(companyId).findOne({ number }), created: false };
  }
}
export {
  findOrCreateContact
};
