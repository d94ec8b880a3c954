import { Type as T, type AtriumSdk, type FastifyPluginAsyncTypebox } from '@atrium/core/sdk';
import type { CopilotSettings } from './types.js';

export const DEFAULTS: Omit<CopilotSettings, 'apiKey'> = {
  baseUrl: null, model: 'gpt-4o-mini', monthlyTokenBudget: 0, perAgentPerMinute: 10, pricePerMillionTokens: 0,
  windowMessages: 20, timeoutMs: 30_000, summaryOnTransfer: false, includeNotes: false, maskNumbers: true,
};

/** The stored row (apiKey sealed). */
export type SettingsRow = CopilotSettings & { id: number; companyId: number };

const bool = (v: unknown) => v === true || v === 1 || v === '1';

export function settingsStore(sdk: AtriumSdk) {
  const table = (companyId: number) => sdk.db.table('copilotSettings', companyId);
  return {
    async get(companyId: number): Promise<SettingsRow | null> {
      const row = await table(companyId).first();
      if (!row) return null;
      return {
        ...row, id: Number(row.id), companyId: Number(row.companyId),
        monthlyTokenBudget: Number(row.monthlyTokenBudget), perAgentPerMinute: Number(row.perAgentPerMinute),
        pricePerMillionTokens: Number(row.pricePerMillionTokens), windowMessages: Number(row.windowMessages), timeoutMs: Number(row.timeoutMs),
        summaryOnTransfer: bool(row.summaryOnTransfer), includeNotes: bool(row.includeNotes), maskNumbers: bool(row.maskNumbers),
      } as SettingsRow;
    },
    table,
  };
}
export type SettingsStore = ReturnType<typeof settingsStore>;

export function settingsSchemas(sdk: AtriumSdk) {
  const fields = {
    baseUrl: T.Union([sdk.schemas.TenantUrl(), T.Null()]),
    model: T.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:/@-]+$' }),
    monthlyTokenBudget: T.Integer({ minimum: 0, maximum: 2_000_000_000 }),
    perAgentPerMinute: T.Integer({ minimum: 1, maximum: 600 }),
    pricePerMillionTokens: T.Number({ minimum: 0, maximum: 100_000 }),
    windowMessages: T.Integer({ minimum: 1, maximum: 100 }),
    timeoutMs: T.Integer({ minimum: 100, maximum: 120_000 }),
    summaryOnTransfer: T.Boolean(),
    includeNotes: T.Boolean(),
    maskNumbers: T.Boolean(),
  };
  return {
    SettingsReply: T.Object({ ...fields, apiKey: T.Union([sdk.secrets.SecretString(), T.Null()]) }),
    SettingsBody: T.Object({ ...fields, apiKey: T.Optional(T.Union([sdk.secrets.SecretString({ minLength: 1, maxLength: 500 }), T.Null()])) }),
  };
}

/** GET/PUT /copilot/settings (admins): the model connection, budget and switches; the key sealed, answered masked. */
export function settingsRoutes(sdk: AtriumSdk, store: SettingsStore): FastifyPluginAsyncTypebox {
  const { SettingsReply, SettingsBody } = settingsSchemas(sdk);
  const view = (row: SettingsRow | null): CopilotSettings => {
    if (!row) return { ...DEFAULTS, apiKey: null };
    const { id: _id, companyId: _companyId, updatedAt: _updatedAt, ...rest } = row as SettingsRow & { updatedAt?: string };
    return rest;
  };
  return async (app) => {
    const tags = ['copilot'];
    app.get('/settings', { preHandler: sdk.requireAdmin, schema: { tags, response: { 200: SettingsReply } } },
      async (request) => view(await store.get(request.user.companyId)));

    app.put('/settings', { preHandler: sdk.requireAdmin, schema: { tags, body: SettingsBody, response: { 200: SettingsReply } } }, async (request) => {
      const { companyId } = request.user;
      const row = await store.get(companyId);
      const { apiKey: sentKey, ...fields } = request.body;
      // The mask sent back (or the field left out) keeps the stored key; null removes it.
      const apiKey = sdk.secrets.keepSecretIfMasked(sentKey, row?.apiKey ?? null);
      const values = { ...fields, apiKey, updatedAt: sdk.clock.now().toISOString() };
      if (row) await store.table(companyId).where({ id: row.id }).update(values);
      else {
        try {
          await store.table(companyId).insert(values);
        } catch (err) {
          if (!sdk.errors.isUniqueViolation(err)) throw err;
          await store.table(companyId).update(values);
        }
      }
      return view(await store.get(companyId));
    });
  };
}
