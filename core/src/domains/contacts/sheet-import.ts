import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { dbNow } from '../../db/time.js';
import { readSheet } from '../../sheets/index.js';
import { isValidNumber, normalizeNumber } from '../../util/phone.js';
import { auditedRawWrite, diff } from '../../audit/record.js';

export interface ImportResult {
  newContacts: { contactId: number; contactName: string }[];
  errorBag: { contactName: string; error: { message: string } }[];
}

interface SheetRow { name: string; number: string; email: string | null }

const BATCH = 500;
/** Rows logged one by one per batch; more are logged as one entry with their count (as audit/model-hooks.ts does). */
const MAX_LOGGED_ROWS = 200;
const HEADERS: Record<string, keyof SheetRow> = {
  name: 'name', nome: 'name', number: 'number', numero: 'number', número: 'number', email: 'email', 'e-mail': 'email',
};

/**
 * Imports contacts from the first worksheet of an .xlsx file, row by row, without loading the sheet
 * (sheets/readSheet streams it): rows are inserted in batches of 500 with INSERT … ON CONFLICT IGNORE
 * on (companyId, number), and the reader yields to the event loop between batches so a 50 000-row sheet
 * does not starve other requests.
 */
export async function importContactsSheet(knex: Knex, companyId: number, file: string): Promise<ImportResult> {
  const result: ImportResult = { newContacts: [], errorBag: [] };
  await readSheet<keyof SheetRow>(file, {
    headers: HEADERS, required: ['number'], batchSize: BATCH,
    onBatch: (rows) => insertBatch(knex, companyId, rows.map((r) => ({ name: r.name ?? '', number: r.number ?? '', email: r.email || null })), result),
  });
  return result;
}

/** Inserts rows of contacts (a sheet's batch, the phone's address book): new numbers go in, the rest go to the error bag. */
export async function insertBatch(knex: Knex, companyId: number, rows: SheetRow[], result: ImportResult) {
  const now = dbNow();
  const fresh: { uuid: string; name: string; number: string; email: string | null }[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const number = normalizeNumber(row.number);
    const name = (row.name || number).slice(0, 255);
    if (!isValidNumber(number)) { result.errorBag.push({ contactName: name || row.number, error: { message: 'ERR_WAPP_INVALID_CONTACT: not a valid number' } }); continue; }
    if (seen.has(number)) { result.errorBag.push({ contactName: name, error: { message: 'ERR_DUPLICATED_CONTACT: repeated in the sheet' } }); continue; }
    seen.add(number);
    fresh.push({ uuid: randomUUID(), name, number, email: row.email?.slice(0, 255) ?? null });
  }
  if (fresh.length === 0) return;
  const byUuid = new Map(fresh.map((f) => [f.uuid, f]));
  // A raw insert (no model hook): in a staff request, the batch and its audit entries commit together.
  const inserted = await auditedRawWrite(knex, async (trx) => {
    await trx('contacts')
      .insert(fresh.map((f) => ({ ...f, companyId, isGroup: false, createdAt: now, updatedAt: now })))
      .onConflict(['companyId', 'number']).ignore();
    // The rows that really went in are those whose uuid exists; the others hit an existing number.
    return trx('contacts').where({ companyId }).whereIn('uuid', [...byUuid.keys()]).select('id', 'uuid', 'name', 'number', 'email') as Promise<Array<{ id: number; uuid: string; name: string; number: string; email: string | null }>>;
  }, (rows) => (rows.length > MAX_LOGGED_ROWS
    // As the model hooks log a statement of many rows: one entry with their count.
    ? [{ companyId, action: 'create', entity: 'contacts', entityId: null, changes: { rows: { after: rows.length } } }]
    : rows.map((r) => ({ companyId, action: 'create', entity: 'contacts', entityId: r.id, changes: diff({}, { name: r.name, number: r.number, email: r.email }, new Set()) }))));
  const insertedUuids = new Set<string>();
  for (const row of inserted as { id: number; uuid: string; name: string }[]) {
    insertedUuids.add(row.uuid);
    result.newContacts.push({ contactId: Number(row.id), contactName: row.name });
  }
  for (const f of fresh) {
    if (!insertedUuids.has(f.uuid)) result.errorBag.push({ contactName: f.name, error: { message: 'ERR_DUPLICATED_CONTACT: a contact with this number exists' } });
  }
}
