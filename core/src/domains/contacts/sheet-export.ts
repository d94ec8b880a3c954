import { Contact } from '../../db/models/index.js';
import { writeSheet } from '../../sheets/index.js';
import type { SheetExport } from '../../sheets/export.js';

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

/** The company's contacts, as the export downloads them. */
export const contactsTable = (companyId: number): SheetExport => ({
  name: 'contacts',
  header: ['id', 'name', 'number', 'email', 'createdAt'],
  pages: async function* () {
    for await (const page of contactPages(companyId)) yield page.map((r) => [r.id, r.name, r.number, r.email, r.createdAt]);
  },
});

/** The sample sheet the import expects: a header row and two example contacts. */
export function sampleSheet(): Promise<Buffer> {
  return writeSheet('contacts', [
    ['name', 'number', 'email'],
    ['Maria Silva', '5511999990001', 'maria@example.com'],
    ['João Souza', '5521988880002', ''],
  ], [{ width: 30 }, { width: 20, text: true }, { width: 30 }]);
}
