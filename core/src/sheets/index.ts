import { open } from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors.js';
import { receiveToTemp, type TempUpload } from '../domains/contacts/upload-temp.js';
import { loadExcelJs } from './exceljs.js';

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

export interface ReadSheetOptions<K extends string> {
  /** Header text (lower case) → the field it fills: `{ nome: 'name', numero: 'number' }`. */
  headers: Record<string, K>;
  /** Fields the header row must have (ERR_INVALID_SHEET otherwise). */
  required?: K[];
  /** Rows handed over at a time (default 500); the loop yields to the event loop between batches. */
  batchSize?: number;
  onBatch(rows: Partial<Record<K, string>>[]): Promise<void>;
}

/**
 * Reads the first worksheet of an .xlsx file row by row without loading it (exceljs' streaming reader): the
 * first row names the columns, blank rows are skipped, the others reach `onBatch` in batches, so a 50 000-row
 * sheet runs in bounded memory. Anything unreadable is `400 ERR_INVALID_SHEET`.
 */
export async function readSheet<K extends string>(file: string, options: ReadSheetOptions<K>): Promise<void> {
  await assertZip(file);
  const size = options.batchSize ?? 500;
  const required = options.required ?? [];
  let columns: Map<number, K> | undefined;
  let missing = false;
  let batch: Partial<Record<K, string>>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await options.onBatch(rows);
    await yieldToLoop();
  };
  const ExcelJS = await loadExcelJs();
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
    // exceljs writes xl/workbook.xml last, and its streaming reader may reach a worksheet before it: it then reads
    // `model.sheets` (only for the sheet's name) of a model not parsed yet and fails now and then (exceljs issue
    // #3064). An empty model until the real one is parsed: we take the first sheet by position, never by name.
    (reader as unknown as { model?: { sheets: unknown[] } }).model ??= { sheets: [] };
    let first = true;
    for await (const worksheet of reader) {
      // Later sheets are skipped, not broken out of: exceljs parks a sheet read before the shared strings in
      // a temp file (os.tmpdir()) and deletes it only when the reader moves on, so leaving early leaks it.
      if (!first) continue;
      first = false;
      for await (const row of worksheet) {
        if (missing) continue;
        const values = row.values as unknown[];
        if (!columns) {
          columns = new Map();
          values.forEach((v, i) => { const key = options.headers[cellText(v).toLowerCase()]; if (key) columns!.set(i, key); });
          missing = required.some((k) => ![...columns!.values()].includes(k));
          continue;
        }
        const parsed: Partial<Record<K, string>> = {};
        let blank = true;
        for (const [i, key] of columns) {
          const text = cellText(values[i]);
          parsed[key] = text;
          if (text) blank = false;
        }
        if (blank) continue;
        batch.push(parsed);
        if (batch.length >= size) await flush();
      }
    }
    if (missing) throw badRequest('ERR_INVALID_SHEET', `The sheet needs a header row with the columns: ${required.join(', ')}`);
    await flush();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 400) throw err;
    throw badRequest('ERR_INVALID_SHEET', `The spreadsheet could not be read: ${(err as Error).message}`);
  }
  if (!columns) throw badRequest('ERR_INVALID_SHEET', 'The spreadsheet is empty');
}

export interface SheetColumn {
  width?: number;
  /** Cells kept as typed text: a long number stays its digits instead of showing as 5.5E+12. */
  text?: boolean;
}

/**
 * A small .xlsx made in memory (a sample to fill in, not an export): one worksheet, the first row a bold header.
 * exceljs is loaded on first use, as for reading, so a server that never makes one does not carry it.
 */
export async function writeSheet(name: string, rows: readonly (readonly string[])[], columns: SheetColumn[] = []): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  rows.forEach((row, i) => {
    const added = sheet.addRow([...row]);
    if (i === 0) added.font = { bold: true };
  });
  columns.forEach((column, i) => {
    const target = sheet.getColumn(i + 1);
    if (column.width) target.width = column.width;
    if (column.text) target.numFmt = '@';
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface Sheets {
  /** The request's multipart file, written to a private temp folder; call `cleanup()` when done. 400 `code` without one. */
  receiveUpload(request: FastifyRequest, code?: string): Promise<TempUpload>;
  readSheet: typeof readSheet;
  writeSheet: typeof writeSheet;
}

export const sheets: Sheets = { receiveUpload: receiveToTemp, readSheet, writeSheet };
export type { TempUpload };
