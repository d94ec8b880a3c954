import { Contact } from "../../db/models/index.js";
import { writeSheet } from "../../sheets/index.js";
const PAGE = 1e3;
async function* contactPages(companyId) {
  let lastId = 0;
  for (; ; ) {
    const rows = await Contact.scoped(companyId).where("id", ">", lastId).orderBy("id").limit(PAGE).select("id", "name", "number", "email", "createdAt");
    if (rows.length === 0) return;
    lastId = rows[rows.length - 1].id;
    yield rows.map((r) => ({ id: r.id, name: r.name, number: r.number, email: r.email ?? null, createdAt: r.createdAt ?? null }));
  }
}
const contactsTable = (companyId) => ({
  name: "contacts",
  header: ["id", "name", "number", "email", "createdAt"],
  pages: async function* () {
    for await (const page of contactPages(companyId)) yield page.map((r) => [r.id, r.name, r.number, r.email, r.createdAt]);
  }
});
function sampleSheet() {
  return writeSheet("contacts", [
    ["name", "number", "email"],
    ["Maria Silva", "5511999990001", "maria@example.com"],
    ["Jo\xE3o Souza", "5521988880002", ""]
  ], [{ width: 30 }, { width: 20, text: true }, { width: 30 }]);
}
export {
  contactsTable,
  sampleSheet
};
