import { build } from "../helper.js";
import { Contact, Ticket } from "../../src/db/models/index.js";
import { inbound } from "../pipeline/fixtures.js";
import { PNG, connectedSandbox, multipart, waitFor } from "../pipeline/http.js";
import { startFakeServer } from "../../../plugins/integrations/test/fake-server.js";
import { edge, node } from "../../../plugins/flowbuilder/test/graphs.js";
async function contactDataApp(t, options = {}) {
  let sessions = 0;
  const typebot = await startFakeServer(t, (req) => /startChat$/.test(req.path) ? { json: { sessionId: `s${++sessions}`, messages: [{ id: "m", type: "text", content: { type: "markdown", markdown: "Qual \xE9 o seu pedido?" } }], input: { type: "text input" } } } : { json: { messages: [] } });
  const env = await build(t, { ...options, config: { allowPrivateUrls: true, timeScale: 0.01, ...options.config } });
  t.teardown(async () => {
    await Promise.race([env.app.jobs.idle(500), new Promise((r) => setTimeout(r, 3e3))]);
  });
  const { app, request, token } = env;
  const ok = (res, what) => {
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const upload = async (url, field, filename) => {
    const { payload, headers } = multipart([{ name: field, filename, type: "image/png", data: PNG }]);
    const res = await app.inject({ method: "POST", url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    return res.json();
  };
  const flowLine = await connectedSandbox(app);
  const bot = ok(await request("POST", "/api/queueIntegration", { token, body: {
    type: "typebot",
    name: "Rob\xF4",
    urlN8N: typebot.url,
    typebotSlug: "atendimento",
    typebotDelayMessage: 0,
    typebotExpires: 60,
    typebotKeywordFinish: "sair",
    typebotKeywordRestart: "menu",
    typebotRestartMessage: "De novo."
  } }), "integration");
  const botLine = ok(await request("POST", "/api/whatsapp", { token, body: { name: "Bot line", provider: "sandbox", integrationId: bot.id } }), "bot connection");
  await waitFor(() => {
    try {
      return app.sessions.provider(botLine.id);
    } catch {
      return void 0;
    }
  }, 5e3, "bot line connected");
  app.pipeline.connections.invalidate();
  const flow = ok(await request("POST", "/api/flowbuilder", { token, body: { name: "Cadastro" } }), "flow");
  ok(await request("POST", "/api/flowbuilder/flow", { token, body: {
    idFlow: flow.id,
    nodes: [node("1", "start"), node("ask", "question", { typebotIntegration: { message: "Seu nome?", answerKey: "nome" } }), node("end", "message", { label: "Obrigado, {{nome}}" })],
    connections: [edge("1", "ask"), edge("ask", "end")]
  } }), "flow graph");
  ok(await request("POST", "/api/flowcampaign", { token, body: { name: "Fluxo", flowId: flow.id, whatsappId: flowLine.id, phrase: "fluxo" } }), "phrase campaign");
  ok(await request("POST", "/api/campaign-settings", { token, body: { settings: { messageInterval: 0, longerIntervalAfter: 0 } } }), "campaign settings");
  const list = ok(await request("POST", "/api/contact-lists", { token, body: { name: "Clientes" } }), "contact list");
  const tag = ok(await request("POST", "/api/tags", { token, body: { name: "VIP", color: "#ff0000" } }), "tag");
  const say = async (whatsappId, number, name, body, extra = {}) => {
    await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId }, { ...inbound(number, body, extra), pushName: name });
    await app.jobs.idle();
  };
  const seed = async (number, name) => {
    await say(flowLine.id, number, name, `foto de ${name}`, { kind: "image", media: { data: async () => PNG, mimetype: "image/png", filename: `${name}.png` } });
    await say(flowLine.id, number, name, "quero o fluxo");
    await say(flowLine.id, number, name, `${name} Silva`);
    await say(botLine.id, number, name, "oi rob\xF4");
    const contact = await Contact.scoped(1).findOne({ number });
    const [ticket] = await Ticket.scoped(1).where({ contactId: contact.id, whatsappId: flowLine.id });
    ok(await request("PUT", `/api/contacts/${contact.id}`, { token, body: { extraInfo: [{ name: "CPF", value: `cpf-${number}` }] } }), "custom field");
    ok(await request("POST", "/api/ticket-notes", { token, body: { ticketId: ticket.id, contactId: contact.id, note: `nota sobre ${name}` } }), "note");
    ok(await request("POST", "/api/tags/sync", { token, body: { ticketId: ticket.id, tags: [{ id: tag.id }] } }), "tags");
    await upload(`/api/messages/${ticket.id}`, "medias", `recibo-${name}.png`);
    const schedule = ok(await request("POST", "/api/schedules", { token, body: { body: `lembrete para ${name}`, contactId: contact.id, sendAt: new Date(Date.now() + 864e5).toISOString() } }), "schedule");
    await upload(`/api/schedules/${schedule.id}/media-upload`, "file", `agenda-${name}.png`);
    ok(await request("POST", "/api/contact-list-items", { token, body: { name, number, email: `${number}@mail.test`, contactListId: list.id } }), "list item");
    return { contactId: contact.id, ticketIds: (await Ticket.scoped(1).where({ contactId: contact.id })).map((tk) => tk.id) };
  };
  const runCampaign = async () => {
    const campaign = ok(await request("POST", "/api/campaigns", { token, body: { name: "Promo", whatsappId: flowLine.id, contactListId: list.id, message1: "Oferta para {{name}}" } }), "campaign");
    const withMedia = await upload(`/api/campaigns/${campaign.id}/media-upload`, "file", "promo.png");
    ok(await request("PUT", `/api/campaigns/${campaign.id}`, { token, body: { name: "Promo", whatsappId: flowLine.id, contactListId: list.id, message1: "Oferta para {{name}}", scheduledAt: new Date(Date.now() + 200).toISOString() } }), "campaign scheduled");
    await waitFor(async () => (await request("GET", `/api/campaigns/${campaign.id}`, { token })).body.status === "FINALIZADA", 15e3, "campaign sent");
    return { campaignId: campaign.id, mediaPath: withMedia.mediaPath };
  };
  return { ...env, flowLine, botLine, seed, runCampaign, upload };
}
export {
  contactDataApp
};
