import type { AtriumSdk, ChannelTemplates, TemplateView } from '@atrium/core/sdk';
import { CLOUD_KIND } from './kind.js';
import { GraphClient, type GraphTemplate } from './graph.js';
import { CLOUD_TABLE, type WhatsappCloudRow } from './settings.js';

const TEMPLATES_TTL_MS = 10 * 60_000;

function templateView(t: GraphTemplate): TemplateView {
  const body = t.components?.find((c) => c.type?.toUpperCase() === 'BODY')?.text ?? '';
  const variables = new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1])).size;
  return { name: t.name, language: t.language, status: t.status, category: t.category ?? null, body, variables };
}

/** The template's body with its variables filled in: what the agent and the ticket history see. */
export const renderTemplate = (body: string, parameters: string[]) => body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => parameters[Number(n) - 1] ?? whole);

export type CloudTemplates = ChannelTemplates & { forget(companyId: number, whatsappId: number): Promise<void> };

/**
 * A Cloud API connection's message templates (the business account's, kept 10 minutes per connection) and the check
 * before one is sent: the provider's `templates`, which the core's `sdk.services.templates` reaches (campaigns use it to
 * reach contacts outside the 24-hour window).
 */
export function cloudTemplates(sdk: Pick<AtriumSdk, 'cache' | 'http' | 'secrets' | 'db' | 'errors' | 'services'>): CloudTemplates {
  const graphFor = async (companyId: number, whatsappId: number) => {
    const row = await sdk.db.table(CLOUD_TABLE, companyId).where({ whatsappId }).first() as WhatsappCloudRow | undefined;
    if (!row) throw sdk.errors.badRequest('ERR_CLOUD_NOT_CONFIGURED', 'This connection has no WhatsApp Cloud API settings');
    return new GraphClient(sdk.http, { ...row, accessToken: sdk.secrets.decrypt(row.accessToken) }, sdk.errors);
  };
  const cache = sdk.cache.define<TemplateView[], number>('whatsappCloudTemplates', {
    load: async (companyId, whatsappId) => (await (await graphFor(companyId, whatsappId)).templates()).map(templateView),
    ttlMs: TEMPLATES_TTL_MS,
  });
  const connectionOf = (companyId: number, whatsappId: number) => sdk.services.connections.find(companyId, whatsappId);

  return {
    async list(companyId, whatsappId, refresh = false) {
      if (!(await connectionOf(companyId, whatsappId))) throw sdk.errors.notFound('ERR_NO_WAPP_FOUND');
      if (refresh) await cache.forget(companyId, whatsappId);
      return cache.get(companyId, whatsappId);
    },
    async prepare(companyId, whatsappId, { name, language, parameters = [] }) {
      const connection = await connectionOf(companyId, whatsappId);
      if (connection?.provider !== CLOUD_KIND) throw sdk.errors.badRequest('ERR_NOT_CLOUD_CONNECTION', 'Templates are sent on WhatsApp Cloud API connections only');
      const template = (await cache.get(companyId, whatsappId)).find((t) => t.name === name && t.language === language);
      if (!template || template.status !== 'APPROVED') throw sdk.errors.badRequest('ERR_TEMPLATE_NOT_APPROVED', 'No approved template with this name and language', { field: 'body/name' });
      if (parameters.length !== template.variables) {
        throw sdk.errors.badRequest('ERR_TEMPLATE_PARAMETERS', `The template takes ${template.variables} variables`, { field: 'body/parameters', expected: template.variables });
      }
      return { body: renderTemplate(template.body, parameters) || name, template: { name, language, parameters } };
    },
    forget: (companyId, whatsappId) => cache.forget(companyId, whatsappId),
  };
}
