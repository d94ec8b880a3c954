import type { Knex } from 'knex';
import {
  BufferJSON, initAuthCreds, proto,
  type AuthenticationCreds, type AuthenticationState, type SignalDataSet, type SignalDataTypeMap,
} from '@whiskeysockets/baileys';
import { ProviderAuthKey } from '../../db/models/index.js';

const CREDS = { category: 'creds', keyId: 'creds' };

export interface DatabaseAuthState {
  state: AuthenticationState;
  saveCreds(): Promise<void>;
  /** Forgets the pairing: creds and every signal key. */
  clear(): Promise<void>;
}

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = (text: string) => JSON.parse(text, BufferJSON.reviver);

/**
 * Baileys' auth state in the providerAuthKeys table (one row per creds / signal key), instead of its
 * multi-file store: the session survives restarts and can move to another API process. Values are
 * serialised with Baileys' BufferJSON so Buffers round-trip; each keys.set is one transaction.
 */
export async function useDatabaseAuthState(knex: Knex, companyId: number, whatsappId: number): Promise<DatabaseAuthState> {
  const rows = () => ProviderAuthKey.scoped(companyId).where({ whatsappId });
  const stored = await rows().where(CREDS).first();
  const creds: AuthenticationCreds = stored ? decode(stored.value) : initAuthCreds();

  const upsert = async (trx: Knex.Transaction, category: string, keyId: string, value: string) => {
    // One statement on both databases: a unique key (whatsappId, category, keyId) and merge on conflict.
    await trx('providerAuthKeys').insert({ companyId, whatsappId, category, keyId, value })
      .onConflict(['whatsappId', 'category', 'keyId']).merge(['value']);
  };

  return {
    state: {
      creds,
      keys: {
        async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
          const out: { [id: string]: SignalDataTypeMap[T] } = {};
          if (ids.length === 0) return out;
          const found = await rows().where('category', type).whereIn('keyId', ids).select('keyId', 'value');
          for (const row of found) {
            let value = decode(row.value);
            // Baileys expects the protobuf object for app-state keys, as its own file store does.
            if (type === 'app-state-sync-key' && value) value = proto.Message.AppStateSyncKeyData.fromObject(value);
            out[row.keyId] = value;
          }
          return out;
        },
        async set(data: SignalDataSet) {
          await knex.transaction(async (trx) => {
            for (const [category, entries] of Object.entries(data)) {
              for (const [keyId, value] of Object.entries(entries ?? {})) {
                if (value === null || value === undefined) {
                  await trx('providerAuthKeys').where({ companyId, whatsappId, category, keyId }).delete();
                } else {
                  await upsert(trx, category, keyId, encode(value));
                }
              }
            }
          });
        },
        async clear() {
          await rows().whereNot('category', CREDS.category).delete();
        },
      },
    },
    async saveCreds() {
      await knex.transaction((trx) => upsert(trx, CREDS.category, CREDS.keyId, encode(creds)));
    },
    async clear() {
      await rows().delete();
    },
  };
}
