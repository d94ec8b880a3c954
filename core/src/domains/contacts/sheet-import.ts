import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Knex } from 'knex';
import { dbNow } from '../../db/time.js';
import { badRequest } from '../../http/errors.js';
import { isValidNumber, normalizeNumber } from '../../util/phone.js';

export interface ImportResult {
  newContacts: { contactId: number; contactName: string }[];
  errorBag: { contactName: string; error: { message: string } }[];
}

interface SheetRow { name: string; number: string; email: string | null }

const BATCH = 500;
const HEADERS: Record<string, keyof SheetRow> = {
  name: 'name', nome: 'name', number: 'number', numero: 'number', número: 'number', email: 'email', 'e-mail': 'email',
};

/** The text of an exceljs cell value: numbers, rich text, hyperlinks and formula results included. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; hyperlink?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('').trim();
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
  }
  return String(value).trim();
}

/** An .xlsx is a zip: anything else is refused before the parser sees it. */
async function assertZip(file: string) {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    if (bytesRead < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw badRequest('ERR_INVALID_SHEET', 'The file is not an .xlsx spreadsheet');
  } finally {
    await handle.close();
  }
}

/**
 * Imports contacts from the first worksheet of an .xlsx file, row by row, without loading the sheet:
 * exceljs' streaming reader hands over one row at a time, rows are inserted in batches of 500 with
 * INSERT … ON CONFLICT IGNORE on (companyId, number), and the loop yields to the event loop between
 * batches so a 50 000-row sheet does not starve other requests.
 */
export async function importContactsSheet(knex: Knex, companyId: number, file: string): Promise<ImportResult> {
  await assertZip(file);
  const result: ImportResult = { newContacts: [], errorBag: [] };
  let columns: Map<number, keyof SheetRow> | undefined;
  let batch: SheetRow[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await insertBatch(knex, companyId, rows, result);
    await yieldToLoop();
  };

  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
    let first = true;
    for await (const worksheet of reader) {
      // Later sheets are skipped, not broken out of: exceljs parks a sheet read before the shared strings in
      // a temp file (os.tmpdir()) and deletes it only when the reader moves on, so leaving early leaks it.
      if (!first) continue;
      first = false;
      for await (const row of worksheet) {
        const values = row.values as unknown[];
        if (!columns) {
          columns = new Map();
          values.forEach((v, i) => { const key = HEADERS[cellText(v).toLowerCase()]; if (key) columns!.set(i, key); });
          if (![...columns.values()].includes('number')) break; // refused below, once the reader is done
          continue;
        }
        const parsed: SheetRow = { name: '', number: '', email: null };
        for (const [i, key] of columns) {
          const text = cellText(values[i]);
          if (key === 'email') parsed.email = text || null; else parsed[key] = text;
        }
        if (!parsed.name && !parsed.number && !parsed.email) continue; // blank row
        batch.push(parsed);
        if (batch.length >= BATCH) await flush();
      }
    }
    if (columns && ![...columns.values()].includes('number')) throw badRequest('ERR_INVALID_SHEET', 'The sheet needs a header row with a "number" (or "numero") column');
    await flush();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 400) throw err;
    throw badRequest('ERR_INVALID_SHEET', `The spreadsheet could not be read: ${(err as Error).message}`);
  }
  if (!columns) throw badRequest('ERR_INVALID_SHEET', 'The spreadsheet is empty');
  return result;
}

async function insertBatch(knex: Knex, companyId: number, rows: SheetRow[], result: ImportResult) {
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
  await knex('contacts')
    .insert(fresh.map((f) => ({ ...f, companyId, isGroup: false, createdAt: now, updatedAt: now })))
    .onConflict(['companyId', 'number']).ignore();
  // The rows that really went in are those whose uuid exists; the others hit an existing number.
  const inserted = await knex('contacts').where({ companyId }).whereIn('uuid', [...byUuid.keys()]).select('id', 'uuid', 'name');
  const insertedUuids = new Set<string>();
  for (const row of inserted as { id: number; uuid: string; name: string }[]) {
    insertedUuids.add(row.uuid);
    result.newContacts.push({ contactId: Number(row.id), contactName: row.name });
  }
  for (const f of fresh) {
    if (!insertedUuids.has(f.uuid)) result.errorBag.push({ contactName: f.name, error: { message: 'ERR_DUPLICATED_CONTACT: a contact with this number exists' } });
  }
}
