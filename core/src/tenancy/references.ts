import type { Knex } from 'knex';
import { AppError } from '../http/errors.js';

/**
 * References between tenant rows (a queue's promptId, a connection's integrationId, a campaign's contactListId…):
 * before a row that points at others is saved, every id it points at must be a row of the same company. A foreign
 * or missing id is answered 404 with that kind's ERR_NO_*_FOUND code (as a missing row is), naming the field.
 *
 * Each kind of row is defined once, by whoever owns its table: the core for its own, a plugin for its tables
 * (`sdk.references.define('prompt', { table: 'prompts', code: 'ERR_NO_PROMPT_FOUND' })`), so the core and other
 * plugins can check a pointer at a plugin's row without reaching its table. A kind nobody defined (its plugin is
 * not installed) has no rows: any id of it is refused.
 *
 *   await references.assertOwned(companyId, { queue: [body.transferQueueId, ...body.queueIds], prompt: body.promptId });
 *
 * core/test/security/references.test.ts fills every id field of every write route with another company's ids.
 */
export interface ReferenceKind {
  /** The table holding the rows (it has `id` and `companyId`). */
  table: string;
  /** The 404 code for a row of this kind that is not the company's. */
  code: string;
}

/** Ids of one kind; null and undefined (a pointer not set) are skipped. */
export type RefIds = number | null | undefined | ReadonlyArray<number | null | undefined>;

/** A reference to check: a kind and its ids, with the field it came from (`body/queueIds`) for the error. */
export type RefCheck = Partial<Record<string, RefIds | { ids: RefIds; field: string }>>;

export interface References {
  /** Defines a kind of row (once): the core's in createReferences, a plugin's through sdk.references. */
  define(kind: string, def: ReferenceKind): void;
  /** 404 with the kind's code unless every id names a row of `companyId` (`company`: the company itself). */
  assertOwned(companyId: number, refs: RefCheck, trx?: Knex.Transaction): Promise<void>;
  /** The kinds defined so far (tests). */
  kinds(): ReadonlyMap<string, ReferenceKind>;
}

/** The core's own kinds of row. */
const CORE_KINDS: Record<string, ReferenceKind> = {
  queue: { table: 'queues', code: 'ERR_NO_QUEUE_FOUND' },
  queueOption: { table: 'queueOptions', code: 'ERR_NO_QUEUE_OPTION_FOUND' },
  connection: { table: 'whatsapps', code: 'ERR_NO_WAPP_FOUND' },
  user: { table: 'users', code: 'ERR_NO_USER_FOUND' },
  contact: { table: 'contacts', code: 'ERR_NO_CONTACT_FOUND' },
  ticket: { table: 'tickets', code: 'ERR_NO_TICKET_FOUND' },
  tag: { table: 'tags', code: 'ERR_NO_TAG_FOUND' },
  fileList: { table: 'fileLists', code: 'ERR_NO_FILE_LIST_FOUND' },
  fileListOption: { table: 'fileListOptions', code: 'ERR_NO_FILE_LIST_FOUND' },
  invoice: { table: 'invoices', code: 'ERR_NO_INVOICE_FOUND' },
  schedule: { table: 'schedules', code: 'ERR_NO_SCHEDULE_FOUND' },
};

/** ERR_NO_<KIND>_FOUND for a kind nobody defined: contactList → ERR_NO_CONTACT_LIST_FOUND. */
const derivedCode = (kind: string) => `ERR_NO_${kind.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_FOUND`;

const labelOf = (kind: string) => kind.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

export function createReferences(knex: Knex): References {
  const kinds = new Map<string, ReferenceKind>(Object.entries(CORE_KINDS));
  const refuse = (kind: string, field?: string) => {
    const label = labelOf(kind);
    return new AppError(kinds.get(kind)?.code ?? derivedCode(kind), 404, `${label[0].toUpperCase()}${label.slice(1)} not found`, field ? { field } : undefined);
  };
  return {
    define(kind, def) {
      const known = kinds.get(kind);
      if (known && (known.table !== def.table || known.code !== def.code)) throw new Error(`reference kind "${kind}" is already defined (table ${known.table})`);
      kinds.set(kind, def);
    },
    async assertOwned(companyId, refs, trx) {
      for (const [kind, ref] of Object.entries(refs)) {
        const { ids, field } = ref !== null && typeof ref === 'object' && 'ids' in ref ? ref : { ids: ref as RefIds, field: undefined };
        const wanted = [...new Set([ids].flat().filter((id): id is number => typeof id === 'number'))];
        if (wanted.length === 0) continue;
        if (kind === 'company') {
          if (wanted.some((id) => id !== companyId)) throw new AppError('ERR_NO_COMPANY_FOUND', 404, 'Company not found', field ? { field } : undefined);
          continue;
        }
        const def = kinds.get(kind);
        if (!def) throw refuse(kind, field);
        // Raw knex on a tenant table, always filtered by the company (core/test/tenancy/raw-queries.test.ts).
        const found = await (trx ?? knex)(def.table).where('companyId', companyId).whereIn('id', wanted).pluck('id');
        if (found.length !== wanted.length) throw refuse(kind, field);
      }
    },
    kinds: () => kinds,
  };
}
