import { PassThrough, Readable } from 'node:stream';
import { Contact } from '../../db/models/index.js';
import { loadExcelJs } from '../../sheets/exceljs.js';
import { writeSheet } from '../../sheets/index.js';

const PAGE = 1000;
type ExportRow = { id: number; name: string; number: string; email: string | null; createdAt: string | null };

/** The company's contacts in id order, one page at a time (keyset paging: constant memory, index-backed). */
async function* contactPages(companyId: number): AsyncGenerator<ExportRow[]> {
  let lastId = 0;
  for (;;) {
    const rows = await Contact.scoped(companyId).where('id', '>', lastId).orderBy('id').limit(PAGE)
      .select('id', 'name', 'number', 'email', 'createdAt');
    if (rows.length === 0) return;
    lastId = rows[rows.length - 1].id;
    yield rows.map((r) => ({ id: r.id, name: r.name, number: r.number, email: r.email ?? null, createdAt: r.createdAt ?? null }));
  }
}

/** One CSV field: quoted when it holds the separator, a quote or a line break; formulas neutralised. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(text) && !/^\+?\d+$/.test(text)) text = `'${text}`; // spreadsheet formula injection
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Semicolon-separated CSV with a header, streamed page by page. */
export function contactsCsv(companyId: number): Readable {
  return Readable.from((async function* () {
    yield '\uFEFFid;name;number;email;createdAt\r\n';
    for await (const page of contactPages(companyId)) {
      yield page.map((r) => [r.id, r.name, r.number, r.email, r.createdAt].map(csvField).join(';')).join('\r\n') + '\r\n';
    }
  })());
}

/** An .xlsx written with exceljs' streaming writer: rows are committed as they are read. */
export function contactsXlsx(companyId: number, log: { error(obj: unknown, msg: string): void }): Readable {
  const out = new PassThrough();
  (async () => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet('contacts');
    sheet.columns = [
      { header: 'id', key: 'id' }, { header: 'name', key: 'name' }, { header: 'number', key: 'number' },
      { header: 'email', key: 'email' }, { header: 'createdAt', key: 'createdAt' },
    ];
    for await (const page of contactPages(companyId)) for (const row of page) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err) => { log.error({ err }, 'contacts export failed'); out.destroy(err as Error); });
  return out;
}

/** The sample sheet the import expects: a header row and two example contacts. */
export function sampleSheet(): Promise<Buffer> {
  return writeSheet('contacts', [
    ['name', 'number', 'email'],
    ['Maria Silva', '5511999990001', 'maria@example.com'],
    ['João Souza', '5521988880002', ''],
  ], [{ width: 30 }, { width: 20, text: true }, { width: 30 }]);
}
