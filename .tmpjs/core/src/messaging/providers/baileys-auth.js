import {
  BufferJSON,
  initAuthCreds,
  proto
} from "@whiskeysockets/baileys";
import { ProviderAuthKey } from "../../db/models/index.js";
const CREDS = { category: "creds", keyId: "creds" };
const encode = (value) => JSON.stringify(value, BufferJSON.replacer);
const decode = (text) => JSON.parse(text, BufferJSON.reviver);
async function useDatabaseAuthState(knex, companyId, whatsappId) {
  const rows = () => ProviderAuthKey.scoped(companyId).where({ whatsappId });
  const stored = await rows().where(CREDS).first();
  const creds = stored ? decode(stored.value) : initAuthCreds();
  const upsert = async (trx, category, keyId, value) => {
    await trx("providerAuthKeys").insert({ companyId, whatsappId, category, keyId, value }).onConflict(["whatsappId", "category", "keyId"]).merge(["value"]);
  };
  return {
    state: {
      creds,
      keys: {
        async get(type, ids) {
          const out = {};
          if (ids.length === 0) return out;
          const found = await rows().where("category", type).whereIn("keyId", ids).select("keyId", "value");
          for (const row of found) {
            let value = decode(row.value);
            if (type === "app-state-sync-key" && value) value = proto.Message.AppStateSyncKeyData.fromObject(value);
            out[row.keyId] = value;
          }
          return out;
        },
        async set(data) {
          await knex.transaction(async (trx) => {
            for (const [category, entries] of Object.entries(data)) {
              for (const [keyId, value] of Object.entries(entries ?? {})) {
                if (value === null || value === void 0) {
                  await trx("providerAuthKeys").where({ companyId, whatsappId, category, keyId }).delete();
                } else {
                  await upsert(trx, category, keyId, encode(value));
                }
              }
            }
          });
        },
        async clear() {
          await rows().whereNot("category", CREDS.category).delete();
        }
      }
    },
    async saveCreds() {
      await knex.transaction((trx) => upsert(trx, CREDS.category, CREDS.keyId, encode(creds)));
    },
    async clear() {
      await rows().delete();
    }
  };
}
export {
  useDatabaseAuthState
};
