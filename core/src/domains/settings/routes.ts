import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Company, Setting } from '../../db/models/index.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { MAX_VALUE, SECRET_KEYS, SUPER_ONLY_KEYS, isKnownKey, rejectedValue } from './values.js';

const SettingReply = Type.Object({ key: Type.String(), value: Type.Union([Type.String(), Type.Null()]) });

const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['settings'];
  const { secrets } = app.atrium;
  // Secret settings (the payment gateway's keys) are sealed at rest and leave the server masked, to everyone.
  const shown = (key: string, value: string | null) => (SECRET_KEYS.has(key) ? (value ? secrets.maskStored(value) : '') : value);

  app.get('/settings', { schema: { tags, response: { 200: Type.Array(SettingReply) } } }, async (request) => {
    const values = await app.tenancy.settings.all(request.user.companyId);
    return [...values.entries()].map(([key, value]) => ({ key, value: shown(key, value) }));
  });

  app.put('/settings/:key', {
    preHandler: app.requireAdmin,
    schema: {
      tags,
      params: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) }),
      body: Type.Object({ value: Type.String({ maxLength: MAX_VALUE }) }),
      response: { 200: SettingReply },
    },
  }, async (request) => {
    const { companyId } = request.user;
    const { key } = request.params;
    let value = request.body.value.trim();
    // Known keys, or keys a plugin has stored for this company.
    if (!isKnownKey(key) && !(await Setting.scoped(companyId).findOne({ key }))) {
      throw notFound('ERR_NO_SETTING_FOUND', `No setting "${key}"`);
    }
    if (SUPER_ONLY_KEYS.has(key) && !request.user.super) throw forbidden('ERR_NO_PERMISSION', `Only the super user may change ${key}`);
    const allowed = rejectedValue(key, value);
    if (allowed) throw badRequest('ERR_INVALID_SETTING_VALUE', `${key} accepts ${allowed.join(', ')}`, { field: 'body/value', allowed });
    // A secret that comes back as its own mask (the console re-saving the form) keeps the stored value.
    if (SECRET_KEYS.has(key)) value = secrets.keepSecretIfMasked(value, await app.tenancy.settings.get(companyId, key)) ?? '';
    const row = await app.tenancy.settings.set(companyId, key, value);
    // The company row mirrors this setting (the console reads either).
    if (key === 'campaignsEnabled') await Company.query().findById(companyId).patch({ campaignsEnabled: value === 'true' } as Partial<Company>);
    const setting = { key: row.key, value: shown(row.key, row.value) };
    app.bus.emit(companyId, 'settings', { action: 'update', setting });
    return setting;
  });
};

export default settingsRoutes;
