import { open, readFile } from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors.js';
import { receiveToTemp, type TempUpload } from '../domains/contacts/upload-temp.js';
import { loadExcelJs } from './exceljs.js';
import { csvRows } from './csv.js';
import { xlsxInput } from './zip-input.js';
import { sendExport } from './export.js';

/** The text of an exceljs cell value: numbers, rich text, hyperlinks and formula results included. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; hyperlink?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('').trim();
    // A shared string the reader never resolved: the sheet was not read whole, and its texts are not known.
    if ('sharedString' in v) throw new Error('the sheet\'s shared strings were not read');
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
  }
  return String(value).trim();
}

/** What a file is, by its first bytes: an .xlsx is a zip; a CSV is text (UTF-8, no NUL byte). */
async function formatOf(file: string): Promise<'xlsx' | 'csv'> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    if (bytesRead >= 4 && buffer.readUInt32LE(0) === 0x04034b50) return 'xlsx';
    if (bytesRead > 0 && !buffer.subarray(0, bytesRead).includes(0)) return 'csv';
  } finally {
    await handle.close();
  }
  throw badRequest('ERR_INVALID_SHEET', 'The file is not an .xlsx spreadsheet or a CSV file');
}

/** The file names an upload of a sheet may have. */
export const isSheetFile = (filename: string) => /\.(xlsx|csv)$/i.test(filename);

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
 * Rows as their cells' texts → named fields: the first row names the columns, blank rows are skipped, the
 * others reach `onBatch` in batches, yielding to the event loop between them. Shared by both formats.
 */
function rowSink<K extends string>(options: ReadSheetOptions<K>) {
  const size = options.batchSize ?? 500;
  const required = options.required ?? [];
  let columns: Map<number, K> | undefined;
  let batch: Partial<Record<K, string>>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await options.onBatch(rows);
    await yieldToLoop();
  };
  return {
    /** Takes one row; false once the header lacks a required column (the rest is not worth reading). */
    async add(cells: string[]): Promise<boolean> {
      if (!columns) {
        columns = new Map();
        cells.forEach((text, i) => { const key = options.headers[text.toLowerCase()]; if (key) columns!.set(i, key); });
        return required.every((k) => [...columns!.values()].includes(k));
      }
      const parsed: Partial<Record<K, string>> = {};
      let blank = true;
      for (const [i, key] of columns) {
        const text = cells[i] ?? '';
        parsed[key] = text;
        if (text) blank = false;
      }
      if (!blank) batch.push(parsed);
      if (batch.length >= size) await flush();
      return true;
    },
    async end() {
      if (!columns) throw badRequest('ERR_INVALID_SHEET', 'The spreadsheet is empty');
      if (!required.every((k) => [...columns!.values()].includes(k))) {
        throw badRequest('ERR_INVALID_SHEET', `The sheet needs a header row with the columns: ${required.join(', ')}`);
      }
      await flush();
    },
  };
}

/** A CSV upload (at most the upload limit): read whole, parsed row by row (sheets/csv.ts). */
async function readCsv(file: string, sink: ReturnType<typeof rowSink>) {
  const text = await readFile(file, 'utf8');
  for (const row of csvRows(text)) if (!(await sink.add(row.map((cell) => cell.trim())))) break;
}

/** The first worksheet of an .xlsx, row by row without loading it (exceljs' streaming reader). */
async function readXlsx(file: string, sink: ReturnType<typeof rowSink>) {
  const ExcelJS = await loadExcelJs();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(xlsxInput(file), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
  // exceljs writes xl/workbook.xml last, and its streaming reader may reach a worksheet before it: it then reads
  // `model.sheets` (only for the sheet's name) of a model not parsed yet and fails now and then (exceljs issue
  // #3064). An empty model until the real one is parsed: we take the first sheet by position, never by name.
  (reader as unknown as { model?: { sheets: unknown[] } }).model ??= { sheets: [] };
  let first = true;
  let reading = true;
  for await (const worksheet of reader) {
    // Later sheets are skipped, not broken out of: exceljs parks a sheet read before the shared strings in
    // a temp file (os.tmpdir()) and deletes it only when the reader moves on, so leaving early leaks it.
    if (!first) continue;
    first = false;
    for await (const row of worksheet) {
      if (!reading) continue;
      // exceljs' row values are 1-based (index 0 empty): kept so, the header's positions match.
      reading = await sink.add((row.values as unknown[]).map(cellText));
    }
  }
}

/**
 * Reads an uploaded sheet, an .xlsx or a CSV (told apart by content), in bounded batches: the first row names
 * the columns, blank rows are skipped, the others reach `onBatch`. Anything unreadable is `400 ERR_INVALID_SHEET`.
 */
export async function readSheet<K extends string>(file: string, options: ReadSheetOptions<K>): Promise<void> {
  const format = await formatOf(file);
  const sink = rowSink(options);
  try {
    await (format === 'csv' ? readCsv(file, sink) : readXlsx(file, sink));
    await sink.end();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 400) throw err;
    throw badRequest('ERR_INVALID_SHEET', `The spreadsheet could not be read: ${(err as Error).message}`);
  }
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
  /** Reads an .xlsx or a CSV upload in batches. */
  readSheet: typeof readSheet;
  /** Whether an upload's file name is one readSheet takes (.xlsx, .csv). */
  isSheetFile: typeof isSheetFile;
  writeSheet: typeof writeSheet;
  /** Sends a table (header + pages of rows) as a CSV or .xlsx download, streamed, formulas neutralised. */
  sendExport: typeof sendExport;
}

export const sheets: Sheets = { receiveUpload: receiveToTemp, readSheet, isSheetFile, writeSheet, sendExport };
export type { TempUpload };
