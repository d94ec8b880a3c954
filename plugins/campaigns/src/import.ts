import type { AtriumSdk, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';
import { dbNow } from './time.js';
import type { ValidityChecker } from './validity.js';

const HEADERS = { nome: 'name', name: 'name', nombre: 'name', numero: 'number', número: 'number', number: 'number', email: 'email', 'e-mail': 'email' } as const;
type Field = (typeof HEADERS)[keyof typeof HEADERS];

export interface ImportSummary { created: number; duplicated: number; invalid: number }

/**
 * POST /contact-lists/:id/upload: an .xlsx or a CSV (multipart `file`) read row by row through the core's streamed sheet
 * reader; each batch inserts the numbers new to the list and counts the rest as duplicated (in the list or
 * repeated in the sheet) or invalid. One `reload` event at the end instead of one per row.
 */
export function registerImport(scope: FastifyInstance, sdk: AtriumSdk, validity: ValidityChecker) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const T = sdk.Type;
  const Summary = T.Object({ created: T.Integer(), duplicated: T.Integer(), invalid: T.Integer() });

  app.post('/contact-lists/:id/upload', { schema: { tags: ['campaigns'], consumes: ['multipart/form-data'], params: sdk.schemas.IdParams, response: { 200: Summary } } }, async (request) => {
    const { companyId } = request.user;
    const contactListId = request.params.id;
    if (!(await sdk.db.table('contactLists', companyId).where({ id: contactListId }).first('id'))) throw sdk.errors.notFound('ERR_NO_CONTACT_LIST_FOUND', 'Contact list not found');
    const upload = await sdk.sheets.receiveUpload(request, 'ERR_INVALID_SHEET');
    const summary: ImportSummary = { created: 0, duplicated: 0, invalid: 0 };
    try {
      // An .xlsx or a CSV (the core's reader tells them apart); a legacy .xls is refused (docs/decisions.md).
      if (!sdk.sheets.isSheetFile(upload.filename)) throw sdk.errors.badRequest('ERR_INVALID_SHEET', 'Only .xlsx spreadsheets or CSV files can be imported');
      await sdk.sheets.readSheet<Field>(upload.file, {
        headers: HEADERS, required: ['number'],
        onBatch: async (rows) => {
          const seen = new Set<string>();
          const fresh: { name: string; number: string; email: string | null }[] = [];
          for (const row of rows) {
            const number = (row.number ?? '').replace(/\D/g, '');
            const email = row.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(row.email) ? row.email.slice(0, 255) : null;
            if (number.length < 8 || number.length > 20) { summary.invalid++; continue; }
            if (seen.has(number)) { summary.duplicated++; continue; }
            seen.add(number);
            fresh.push({ name: (row.name || number).slice(0, 50), number, email });
          }
          if (fresh.length === 0) return;
          const existing = new Set((await sdk.db.table('contactListItems', companyId).where({ contactListId }).whereIn('number', fresh.map((f) => f.number)).pluck('number')).map(String));
          const rowsToInsert = fresh.filter((f) => !existing.has(f.number));
          summary.duplicated += fresh.length - rowsToInsert.length;
          if (rowsToInsert.length === 0) return;
          const now = dbNow(sdk.clock);
          await sdk.db.table('contactListItems', companyId).insert(rowsToInsert.map((f) => ({ ...f, contactListId, createdAt: now, updatedAt: now })))
            .onConflict(['contactListId', 'number']).ignore();
          summary.created += rowsToInsert.length;
        },
      });
    } finally {
      await upload.cleanup();
    }
    sdk.bus.emit(companyId, 'contactListItem', { action: 'reload', contactListId, ...summary });
    if (summary.created > 0) await validity.kick(companyId, contactListId);
    return summary;
  });
}
