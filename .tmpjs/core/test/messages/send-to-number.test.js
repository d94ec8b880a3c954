import t from "tap";
import { build } from "../helper.js";
import { Contact, Message, Ticket } from "../../src/db/models/index.js";
import { connectedSandbox, waitFor } from "../pipeline/http.js";
async function setup(t2) {
  const env = await build(t2);
  const wa = await connectedSandbox(env.app);
  const messages = env.app.services.messages;
  const outbox = async () => (await env.request("GET", `/api/sandbox/${wa.id}/outbox`, { token: env.token })).body.records;
  return { ...env, wa, messages, outbox };
}
const codeOf = (promise) => promise.then(() => "sent", (err) => err.code ?? String(err));
t.test("a number that is not a contact yet: checked, the contact created on the canonical number, a ticket opened when asked", async (t2) => {
  const { messages, wa, outbox } = await setup(t2);
  const sent = await messages.sendToNumber({ companyId: 1, number: "+55 (11) 98888-7777", name: "Ana Lima", body: "Ol\xE1 Ana", openTicket: true });
  t2.equal(sent.contact.number, "5511988887777", "canonical digits");
  t2.equal(sent.contact.name, "Ana Lima");
  t2.equal(sent.createdContact, true);
  t2.equal(sent.ticket.status, "pending", "the conversation waits for agents");
  t2.equal(sent.ticket.whatsappId, wa.id, "through the default connection");
  t2.equal(sent.message.status, "sent");
  t2.ok((await outbox()).some((r) => r.to === "5511988887777" && r.body === "Ol\xE1 Ana"), "the phone network got it");
  const again = await messages.sendToNumber({ companyId: 1, number: "5511988887777", body: "second", openTicket: true });
  t2.equal(again.contact.id, sent.contact.id, "the same contact");
  t2.equal(again.createdContact, false);
  t2.equal(again.ticket.id, sent.ticket.id, "the same live ticket");
  t2.equal(await Contact.scoped(1).where({ number: "5511988887777" }).resultSize(), 1, "one contact");
});
t.test("a campaign-style send (openTicket: false) leaves no ticket in the agents' queues; the customer's reply opens one", async (t2) => {
  const { messages, request, token, wa, outbox } = await setup(t2);
  const sent = await messages.sendToNumber({ companyId: 1, number: "5511977776666", body: "Promo!", openTicket: false });
  t2.equal(sent.message.status, "sent");
  t2.ok((await outbox()).some((r) => r.to === "5511977776666" && r.body === "Promo!"), "delivered");
  t2.equal(sent.ticket.status, "closed", "kept on a closed ticket, for the history");
  t2.equal(sent.ticket.closedAt ?? null, null, "not counted as resolved by anyone");
  const live = await Ticket.scoped(1).where({ contactId: sent.contact.id }).whereIn("status", ["open", "pending"]);
  t2.same(live, [], "no open or pending ticket");
  const pending = await request("GET", "/api/tickets", { token, query: { status: "pending", showAll: "true" } });
  t2.notOk(pending.body.tickets.some((tk) => tk.contactId === sent.contact.id), "absent from the waiting list");
  const next = await messages.sendToNumber({ companyId: 1, number: "5511977776666", body: "Promo 2", openTicket: false });
  t2.equal(next.ticket.id, sent.ticket.id, "the next campaign message joins the same closed ticket");
  t2.equal(await Ticket.scoped(1).where({ contactId: sent.contact.id }).resultSize(), 1, "one ticket for the contact");
  await request("POST", `/api/sandbox/${wa.id}/inbound`, { token, body: { number: "5511977776666", body: "quero saber mais" } });
  const opened = await waitFor(() => Ticket.scoped(1).where({ contactId: sent.contact.id, status: "pending" }).first(), 5e3, "a ticket for the reply");
  t2.not(opened.id, sent.ticket.id, "the reply opens a new ticket for agents");
});
t.test("openTicket: false for a contact in a live conversation adds the message to it without changing it", async (t2) => {
  const { messages } = await setup(t2);
  const first = await messages.sendToNumber({ companyId: 1, number: "5511955554444", body: "hello", openTicket: true });
  const quiet = await messages.sendToNumber({ companyId: 1, number: "5511955554444", body: "campaign", openTicket: false });
  t2.equal(quiet.ticket.id, first.ticket.id, "the live ticket");
  t2.equal((await Ticket.scoped(1).findById(first.ticket.id)).status, "pending", "status unchanged");
  t2.equal(await Message.scoped(1).where({ ticketId: first.ticket.id, fromMe: true }).resultSize(), 2);
});
t.test("an invalid number is refused with ERR_WAPP_INVALID_CONTACT, by format or by the provider's check, and creates nothing", async (t2) => {
  const { messages } = await setup(t2);
  const before = await Contact.scoped(1).resultSize();
  t2.equal(await codeOf(messages.sendToNumber({ companyId: 1, number: "12345", body: "x", openTicket: true })), "ERR_WAPP_INVALID_CONTACT", "too short to be a number");
  t2.equal(await codeOf(messages.sendToNumber({ companyId: 1, number: "5511999998888777", body: "x", openTicket: false })), "ERR_WAPP_INVALID_CONTACT", "no account on the channel");
  t2.equal(await Contact.scoped(1).resultSize(), before, "no contact created");
});
t.test("another company's connection is not found; a connection that is not connected cannot check numbers", async (t2) => {
  const { messages, createTenant, app } = await setup(t2);
  const other = await createTenant("Other Co");
  const wa = await connectedSandbox(app);
  t2.equal(await codeOf(messages.sendToNumber({ companyId: other.companyId, whatsappId: wa.id, number: "5511944443333", body: "x", openTicket: true })), "ERR_NO_WAPP_FOUND");
  t2.equal(await codeOf(messages.sendToNumber({ companyId: other.companyId, number: "5511944443333", body: "x", openTicket: true })), "ERR_NO_DEF_WAPP_FOUND");
  await app.sessions.stop(wa.id);
  t2.equal(await codeOf(messages.sendToNumber({ companyId: 1, number: "5511944443333", body: "x", openTicket: true })), "ERR_WAPP_NOT_INITIALIZED");
});
