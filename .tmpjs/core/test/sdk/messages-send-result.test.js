import t from "tap";
import { build } from "../helper.js";
import { AppError } from "../../src/http/errors.js";
import { Contact, Message, Ticket } from "../../src/db/models/index.js";
import { defaultConnection, inbound, useFakeProvider } from "../pipeline/fixtures.js";
async function withTicket(t2) {
  const ctx = await build(t2);
  const provider = useFakeProvider(ctx.app);
  const wa = await defaultConnection();
  await ctx.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound("5511955554444", "oi"));
  await ctx.app.jobs.idle();
  const ticket = await Ticket.scoped(1).first();
  return { ...ctx, provider, ticket, messages: ctx.app.services.messages };
}
t.test("send resolves status sent when the provider takes the message", async (t2) => {
  const { messages, ticket } = await withTicket(t2);
  const sent = await messages.send({ companyId: 1, ticket: { id: ticket.id }, body: "ol\xE1" });
  t2.equal(sent.status, "sent");
  t2.equal(sent.message.status, "sent");
  t2.equal(sent.message.body, "ol\xE1");
});
t.test("a provider that is down yields status failed with its code, and the failed row is kept", async (t2) => {
  const { messages, ticket, provider } = await withTicket(t2);
  provider.fail = true;
  const sent = await messages.send({ companyId: 1, ticket: { id: ticket.id }, body: "vai falhar" });
  t2.equal(sent.status, "failed");
  if (sent.status !== "failed") return;
  t2.equal(sent.code, "ERR_SENDING_WAPP_MSG");
  t2.match(sent.error, /phone offline/);
  t2.equal((await Message.scoped(1).findById(sent.message.id))?.status, "failed", "the conversation shows it failed");
});
t.test("no connected session: status failed with the session's code, for sendToContact and sendToNumber too", async (t2) => {
  const { app, messages, ticket } = await withTicket(t2);
  app.pipeline.deps.provider = () => {
    throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "not connected");
  };
  const sent = await messages.send({ companyId: 1, ticket: { id: ticket.id }, body: "ol\xE1" });
  t2.match(sent, { status: "failed", code: "ERR_WAPP_NOT_INITIALIZED" });
  const contact = await Contact.scoped(1).findById(ticket.contactId);
  const toContact = await messages.sendToContact({ companyId: 1, contactId: contact.id, body: "ol\xE1" });
  t2.match(toContact, { status: "failed", code: "ERR_WAPP_NOT_INITIALIZED", ticket: { id: ticket.id } });
});
t.test("a caller error still throws before anything is stored (another company's ticket)", async (t2) => {
  const { messages, ticket } = await withTicket(t2);
  const before = await Message.query().resultSize();
  await t2.rejects(messages.send({ companyId: 2, ticket: { id: ticket.id }, body: "x" }), { code: "ERR_NO_TICKET_FOUND" });
  t2.equal(await Message.query().resultSize(), before);
});
