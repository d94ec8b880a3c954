import { Whatsapp } from "../../db/models/index.js";
import { badRequest, notFound } from "../../http/errors.js";
import { CLOUD_KIND } from "../../messaging/providers/cloud/index.js";
import { GraphClient } from "../../messaging/providers/cloud/graph.js";
import { WhatsappCloud } from "../../messaging/providers/cloud/settings.js";
const TEMPLATES_TTL_MS = 10 * 6e4;
function templateView(t) {
  const body = t.components?.find((c) => c.type?.toUpperCase() === "BODY")?.text ?? "";
  const variables = new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1])).size;
  return { name: t.name, language: t.language, status: t.status, category: t.category ?? null, body, variables };
}
const renderTemplate = (body, parameters) => body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n) => parameters[Number(n) - 1] ?? whole);
function createWhatsappCloudService(deps) {
  const graphFor = async (companyId, whatsappId) => {
    const row = await WhatsappCloud.scoped(companyId).where({ whatsappId }).first();
    if (!row) throw badRequest("ERR_CLOUD_NOT_CONFIGURED", "This connection has no WhatsApp Cloud API settings");
    return new GraphClient(deps.http, { ...row, accessToken: deps.secrets.decrypt(row.accessToken) });
  };
  const cache = deps.cache.define("whatsappCloudTemplates", {
    load: async (companyId, whatsappId) => (await (await graphFor(companyId, whatsappId)).templates()).map(templateView),
    ttlMs: TEMPLATES_TTL_MS
  });
  const connectionOf = async (companyId, whatsappId) => Whatsapp.scoped(companyId).findById(whatsappId).select("id", "provider");
  return {
    async isCloud(companyId, whatsappId) {
      return (await connectionOf(companyId, whatsappId))?.provider === CLOUD_KIND;
    },
    async templates(companyId, whatsappId, refresh = false) {
      if (!await connectionOf(companyId, whatsappId)) throw notFound("ERR_NO_WAPP_FOUND");
      if (refresh) await cache.forget(companyId, whatsappId);
      return cache.get(companyId, whatsappId);
    },
    async prepare(companyId, whatsappId, { name, language, parameters = [] }) {
      const connection = await connectionOf(companyId, whatsappId);
      if (connection?.provider !== CLOUD_KIND) throw badRequest("ERR_NOT_CLOUD_CONNECTION", "Templates are sent on WhatsApp Cloud API connections only");
      const template = (await cache.get(companyId, whatsappId)).find((t) => t.name === name && t.language === language);
      if (!template || template.status !== "APPROVED") throw badRequest("ERR_TEMPLATE_NOT_APPROVED", "No approved template with this name and language", { field: "body/name" });
      if (parameters.length !== template.variables) {
        throw badRequest("ERR_TEMPLATE_PARAMETERS", `The template takes ${template.variables} variables`, { field: "body/parameters", expected: template.variables });
      }
      return { body: renderTemplate(template.body, parameters) || name, template: { name, language, parameters } };
    },
    forget: (companyId, whatsappId) => cache.forget(companyId, whatsappId)
  };
}
export {
  createWhatsappCloudService,
  renderTemplate
};
