import { Whatsapp } from "../../db/models/index.js";
import { AppError, notFound } from "../../http/errors.js";
import { insertBatch } from "./sheet-import.js";
const BATCH = 500;
async function importPhoneContacts(app, companyId, whatsappId) {
  const connection = whatsappId ? await Whatsapp.scoped(companyId).findById(whatsappId).select("id") : await Whatsapp.scoped(companyId).where({ isDefault: true }).select("id").first();
  if (!connection) throw notFound(whatsappId ? "ERR_NO_WAPP_FOUND" : "ERR_NO_DEF_WAPP_FOUND");
  const provider = app.sessions.provider(connection.id);
  if (!provider.listContacts) throw new AppError("ERR_CONTACTS_IMPORT_UNSUPPORTED", 400, "This connection cannot list the phone's contacts: import a sheet instead");
  const contacts = await provider.listContacts();
  const result = { newContacts: [], errorBag: [] };
  for (let i = 0; i < contacts.length; i += BATCH) {
    await insertBatch(app.knex, companyId, contacts.slice(i, i + BATCH).map((c) => ({ name: c.name, number: c.number, email: null })), result);
  }
  return result;
}
export {
  importPhoneContacts
};
