import { AppError } from "../http/errors.js";
const CORE_KINDS = {
  queue: { table: "queues", code: "ERR_NO_QUEUE_FOUND" },
  queueOption: { table: "queueOptions", code: "ERR_NO_QUEUE_OPTION_FOUND" },
  connection: { table: "whatsapps", code: "ERR_NO_WAPP_FOUND" },
  user: { table: "users", code: "ERR_NO_USER_FOUND" },
  contact: { table: "contacts", code: "ERR_NO_CONTACT_FOUND" },
  ticket: { table: "tickets", code: "ERR_NO_TICKET_FOUND" },
  tag: { table: "tags", code: "ERR_NO_TAG_FOUND" },
  fileList: { table: "fileLists", code: "ERR_NO_FILE_LIST_FOUND" },
  fileListOption: { table: "fileListOptions", code: "ERR_NO_FILE_LIST_FOUND" },
  invoice: { table: "invoices", code: "ERR_NO_INVOICE_FOUND" },
  schedule: { table: "schedules", code: "ERR_NO_SCHEDULE_FOUND" }
};
const derivedCode = (kind) => `ERR_NO_${kind.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase()}_FOUND`;
const labelOf = (kind) => kind.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
function createReferences(knex) {
  const kinds = new Map(Object.entries(CORE_KINDS));
  const refuse = (kind, field) => {
    const label = labelOf(kind);
    return new AppError(kinds.get(kind)?.code ?? derivedCode(kind), 404, `${label[0].toUpperCase()}${label.slice(1)} not found`, field ? { field } : void 0);
  };
  return {
    define(kind, def) {
      const known = kinds.get(kind);
      if (known && (known.table !== def.table || known.code !== def.code)) throw new Error(`reference kind "${kind}" is already defined (table ${known.table})`);
      kinds.set(kind, def);
    },
    async assertOwned(companyId, refs, trx) {
      for (const [kind, ref] of Object.entries(refs)) {
        const { ids, field } = ref !== null && typeof ref === "object" && "ids" in ref ? ref : { ids: ref, field: void 0 };
        const wanted = [...new Set([ids].flat().filter((id) => typeof id === "number"))];
        if (wanted.length === 0) continue;
        if (kind === "company") {
          if (wanted.some((id) => id !== companyId)) throw new AppError("ERR_NO_COMPANY_FOUND", 404, "Company not found", field ? { field } : void 0);
          continue;
        }
        const def = kinds.get(kind);
        if (!def) throw refuse(kind, field);
        const found = await (trx ?? knex)(def.table).where("companyId", companyId).whereIn("id", wanted).pluck("id");
        if (found.length !== wanted.length) throw refuse(kind, field);
      }
    },
    kinds: () => kinds
  };
}
export {
  createReferences
};
