import type { AtriumSdk, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';
import { LONGER_INTERVALS, MESSAGE_INTERVALS, loadSettings, saveSettings } from './settings.js';

/** GET/POST /campaign-settings: [{ key, value }] with JSON-encoded values, defaults for keys never saved. */
export function registerSettings(scope: FastifyInstance, sdk: AtriumSdk) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const T = sdk.Type;
  const oneOf = (values: number[]) => T.Union(values.map((v) => T.Literal(v)));
  const Setting = T.Object({ key: T.String(), value: T.String() });
  const Body = T.Object({
    settings: T.Object({
      messageInterval: T.Optional(oneOf(MESSAGE_INTERVALS)),
      longerIntervalAfter: T.Optional(oneOf(LONGER_INTERVALS)),
      greaterInterval: T.Optional(oneOf(LONGER_INTERVALS)),
      variables: T.Optional(T.Array(T.Object({ key: T.String({ minLength: 1, maxLength: 40, pattern: '^[\\w-]+$' }), value: T.String({ maxLength: 1000 }) }), { maxItems: 100 })),
    }, { additionalProperties: false }),
  });
  const asList = (s: Record<string, unknown>) => Object.entries(s).map(([key, value]) => ({ key, value: JSON.stringify(value) }));

  app.get('/campaign-settings', { schema: { tags: ['campaigns'], response: { 200: T.Array(Setting) } } }, async (request) =>
    asList({ ...(await loadSettings(sdk.db, request.user.companyId)) }));

  app.post('/campaign-settings', { schema: { tags: ['campaigns'], body: Body, response: { 200: T.Array(Setting) } } }, async (request) => {
    const { companyId } = request.user;
    const { variables } = request.body.settings;
    if (variables && new Set(variables.map((v) => v.key)).size !== variables.length) {
      throw sdk.errors.badRequest('ERR_VALIDATION', 'Each variable key may be used once', { field: 'body/settings/variables' });
    }
    await saveSettings(sdk.db, companyId, request.body.settings);
    const saved = asList({ ...(await loadSettings(sdk.db, companyId)) });
    sdk.bus.emit(companyId, 'campaignSettings', { action: 'update', settings: saved });
    return saved;
  });
}
