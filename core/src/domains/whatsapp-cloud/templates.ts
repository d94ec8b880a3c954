import { Whatsapp } from '../../db/models/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { CacheApi } from '../../cache/shared-cache.js';
import type { OutboundHttp } from '../../outbound-http/index.js';
import type { Secrets } from '../../secrets/index.js';
import { CLOUD_KIND } from '../../messaging/providers/cloud/index.js';
import { GraphClient, type GraphTemplate } from '../../messaging/providers/cloud/graph.js';
import { WhatsappCloud } from '../../messaging/providers/cloud/settings.js';

const TEMPLATES_TTL_MS = 10 * 60_000;

/** A template as the picker shows it: its body text and how many {{n}} variables it takes. */
export interface CloudTemplateView { name: string; language: string; status: string; category: string | null; body: string; variables: number }

function templateView(t: GraphTemplate): CloudTemplateView {
  const body = t.components?.find((c) => c.type?.toUpperCase() === 'BODY')?.text ?? '';
  const variables = new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1])).size;
  return { name: t.name, language: t.language, status: t.status, category: t.category ?? null, body, variables };
}

/** The template's body with its variables filled in: what the agent and the ticket history see. */
export const renderTemplate = (body: string, parameters: string[]) => body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => parameters[Number(n) - 1] ?? whole);

export interface TemplateChoice { name: string; language: string; parameters?: string[] }

/**
 * `sdk.services.whatsappCloud`: a Cloud API connection's message templates (the business account's, kept 10 minutes
 * per connection) and the check before one is sent. Campaigns use it to reach contacts outside the 24-hour window.
 */
export interface WhatsappCloudService {
  /** Whether the company's connection is a Cloud API one (another company's or none: false). */
  isCloud(companyId: number, whatsappId: number): Promise<boolean>;
  /** The connection's templates; `refresh` reads them from Meta again. ERR_NO_WAPP_FOUND, ERR_CLOUD_NOT_CONFIGURED. */
  templates(companyId: number, whatsappId: number, refresh?: boolean): Promise<CloudTemplateView[]>;
  /**
   * An approved template with exactly its variables, ready for `messages.send`/`sendToNumber`: `body` is its text as
   * the customer reads it. ERR_NOT_CLOUD_CONNECTION, ERR_TEMPLATE_NOT_APPROVED, ERR_TEMPLATE_PARAMETERS.
   */
  prepare(companyId: number, whatsappId: number, choice: TemplateChoice): Promise<{ body: string; template: { name: string; language: string; parameters: string[] } }>;
}

export function createWhatsappCloudService(deps: { cache: CacheApi; http: OutboundHttp; secrets: Secrets }): WhatsappCloudService & { forget(companyId: number, whatsappId: number): Promise<void> } {
  const graphFor = async (companyId: number, whatsappId: number) => {
    const row = await WhatsappCloud.scoped(companyId).where({ whatsappId }).first();
    if (!row) throw badRequest('ERR_CLOUD_NOT_CONFIGURED', 'This connection has no WhatsApp Cloud API settings');
    return new GraphClient(deps.http, { ...row, accessToken: deps.secrets.decrypt(row.accessToken) });
  };
  const cache = deps.cache.define<CloudTemplateView[], number>('whatsappCloudTemplates', {
    load: async (companyId, whatsappId) => (await (await graphFor(companyId, whatsappId)).templates()).map(templateView),
    ttlMs: TEMPLATES_TTL_MS,
  });
  const connectionOf = async (companyId: number, whatsappId: number) => Whatsapp.scoped(companyId).findById(whatsappId).select('id', 'provider');

  return {
    async isCloud(companyId, whatsappId) {
      return (await connectionOf(companyId, whatsappId))?.provider === CLOUD_KIND;
    },
    async templates(companyId, whatsappId, refresh = false) {
      if (!(await connectionOf(companyId, whatsappId))) throw notFound('ERR_NO_WAPP_FOUND');
      if (refresh) await cache.forget(companyId, whatsappId);
      return cache.get(companyId, whatsappId);
    },
    async prepare(companyId, whatsappId, { name, language, parameters = [] }) {
      const connection = await connectionOf(companyId, whatsappId);
      if (connection?.provider !== CLOUD_KIND) throw badRequest('ERR_NOT_CLOUD_CONNECTION', 'Templates are sent on WhatsApp Cloud API connections only');
      const template = (await cache.get(companyId, whatsappId)).find((t) => t.name === name && t.language === language);
      if (!template || template.status !== 'APPROVED') throw badRequest('ERR_TEMPLATE_NOT_APPROVED', 'No approved template with this name and language', { field: 'body/name' });
      if (parameters.length !== template.variables) {
        throw badRequest('ERR_TEMPLATE_PARAMETERS', `The template takes ${template.variables} variables`, { field: 'body/parameters', expected: template.variables });
      }
      return { body: renderTemplate(template.body, parameters) || name, template: { name, language, parameters } };
    },
    forget: (companyId, whatsappId) => cache.forget(companyId, whatsappId),
  };
}
