import { Whatsapp } from '../../db/models/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { ChannelTemplates, PreparedTemplate, ProviderRegistry, TemplateChoice, TemplateView } from './registry.js';

/**
 * `sdk.services.templates`: a connection's pre-approved templates, whatever its channel. Each call goes to the
 * templates of the provider the connection's kind registered (ProviderRegistration.templates); a channel without
 * them answers ERR_TEMPLATES_UNSUPPORTED. Campaigns use it to reach contacts outside a channel's service window.
 */
export interface TemplatesService {
  /** Whether the company's connection is of a channel with templates (another company's or none: false). */
  available(companyId: number, whatsappId: number): Promise<boolean>;
  /** The connection's templates; `refresh` reads them from the channel again. ERR_NO_WAPP_FOUND, ERR_TEMPLATES_UNSUPPORTED. */
  list(companyId: number, whatsappId: number, refresh?: boolean): Promise<TemplateView[]>;
  /**
   * An approved template with exactly its variables, ready for `messages.send`/`sendToNumber`: `body` is its text as the
   * customer reads it. ERR_TEMPLATES_UNSUPPORTED, and the channel's own (ERR_TEMPLATE_NOT_APPROVED, ERR_TEMPLATE_PARAMETERS).
   */
  prepare(companyId: number, whatsappId: number, choice: TemplateChoice): Promise<PreparedTemplate>;
}

export function createTemplatesService(registry: ProviderRegistry): TemplatesService {
  const templatesOf = async (companyId: number, whatsappId: number): Promise<ChannelTemplates | null | undefined> => {
    const row = await Whatsapp.scoped(companyId).findById(whatsappId).select('whatsapps.id', 'whatsapps.provider');
    if (!row) return undefined;
    return registry.get(row.provider)?.templates ?? null;
  };
  const required = async (companyId: number, whatsappId: number, missing: 'notFound' | 'unsupported') => {
    const templates = await templatesOf(companyId, whatsappId);
    if (templates === undefined && missing === 'notFound') throw notFound('ERR_NO_WAPP_FOUND');
    if (!templates) throw badRequest('ERR_TEMPLATES_UNSUPPORTED', 'This connection\'s channel has no templates', { field: 'body/whatsappId' });
    return templates;
  };
  return {
    available: async (companyId, whatsappId) => Boolean(await templatesOf(companyId, whatsappId)),
    list: async (companyId, whatsappId, refresh) => (await required(companyId, whatsappId, 'notFound')).list(companyId, whatsappId, refresh),
    prepare: async (companyId, whatsappId, choice) => (await required(companyId, whatsappId, 'unsupported')).prepare(companyId, whatsappId, choice),
  };
}
