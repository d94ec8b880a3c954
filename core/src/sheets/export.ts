import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { loadExcelJs } from './exceljs.js';

export type ExportCell = string | number | null;

/** A table to download: a header and its rows, read a page at a time (keyset paging keeps memory flat). */
export interface SheetExport {
  /** The file's base name and the worksheet's name. */
  name: string;
  header: readonly string[];
  pages: () => AsyncIterable<readonly (readonly ExportCell[])[]>;
}

export type ExportFormat = 'csv' | 'xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One CSV field: quoted when it holds the separator, a quote or a line break; formulas neutralised. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(text) && !/^\+?\d+$/.test(text)) text = `'${text}`; // spreadsheet formula injection
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Semicolon-separated UTF-8 CSV with a BOM (Excel opens it in the right encoding) and a header, streamed page by page. */
export function exportCsv(table: SheetExport): Readable {
  return Readable.from((async function* () {
    yield `\uFEFF${table.header.map(csvField).join(';')}\r\n`;
    for await (const page of table.pages()) {
      if (page.length) yield page.map((row) => row.map(csvField).join(';')).join('\r\n') + '\r\n';
    }
  })());
}

/**
 * An .xlsx written with exceljs' streaming writer: rows are committed as they are read. Cells are values, never
 * formulas (a text starting with "=" stays text).
 */
export function exportXlsx(table: SheetExport, log: { error(obj: unknown, msg: string): void }): Readable {
  const out = new PassThrough();
  (async () => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet(table.name);
    sheet.addRow([...table.header]).commit();
    for await (const page of table.pages()) for (const row of page) sheet.addRow([...row]).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err) => { log.error({ err, export: table.name }, 'sheet export failed'); out.destroy(err as Error); });
  return out;
}

/** Sends the table as a download in the format asked for. */
export function sendExport(reply: FastifyReply, format: ExportFormat, table: SheetExport) {
  reply.header('content-disposition', `attachment; filename="${table.name}.${format}"`);
  if (format === 'xlsx') return reply.type(XLSX_TYPE).send(exportXlsx(table, reply.log));
  return reply.type('text/csv; charset=utf-8').send(exportCsv(table));
}
