import type { FastifyInstance } from 'fastify';
import { Whatsapp } from '../../db/models/index.js';
import { AppError, notFound } from '../../http/errors.js';
import { insertBatch, type ImportResult } from './sheet-import.js';

const BATCH = 500;

/**
 * POST /contacts/import without a file (the family's "import from the phone", issue 43): the contacts of the
 * connection's phone (the one named, else the company's default), added like a sheet's rows. Providers without an
 * address book (the sandbox, the Cloud API) answer ERR_CONTACTS_IMPORT_UNSUPPORTED.
 */
export async function importPhoneContacts(app: FastifyInstance, companyId: number, whatsappId?: number): Promise<ImportResult> {
  const connection = whatsappId
    ? await Whatsapp.scoped(companyId).findById(whatsappId).select('id')
    : await Whatsapp.scoped(companyId).where({ isDefault: true }).select('id').first();
  if (!connection) throw notFound(whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
  const provider = app.sessions.provider(connection.id);
  if (!provider.listContacts) throw new AppError('ERR_CONTACTS_IMPORT_UNSUPPORTED', 400, 'This connection cannot list the phone\'s contacts: import a sheet instead');
  const contacts = await provider.listContacts();
  const result: ImportResult = { newContacts: [], errorBag: [] };
  for (let i = 0; i < contacts.length; i += BATCH) {
    await insertBatch(app.knex, companyId, contacts.slice(i, i + BATCH).map((c) => ({ name: c.name, number: c.number, email: null })), result);
  }
  return result;
}
