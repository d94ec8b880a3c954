import t from "tap";
import { build } from "../helper.js";
import { Message, MessageReaction, Ticket, Whatsapp } from "../../src/db/models/index.js";
import { defaultConnection, inbound, useFakeProvider } from "../pipeline/fixtures.js";
async function withApiConversation(t2) {
  const ctx = await build(t2);
  const provider = useFakeProvider(ctx.app);
  const wa = await defaultConnection();
  const { token: apiToken } = await Whatsapp.scoped(1).findById(wa.id).select("token");
  const call = (method, url, payload, auth = apiToken) => ctx.app.inject({ method, url, headers: { authorization: `Bearer ${auth}` }, ...payload ? { payload } : {} });
  await ctx.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound("5511955550001", "qual o prazo?"));
  await ctx.app.jobs.idle();
  const theirs = await Message.scoped(1).where({ fromMe: false, body: "qual o prazo?" }).first();
  const sent = await call("POST", "/api/messages/send", { number: "5511955550001", body: "Chega amanh\xE2", quotedMsgId: theirs.id });
  t2.equal(sent.statusCode, 200, sent.body);
  return { ...ctx, provider, wa, call, theirs, sentId: sent.json().messageId, ticketId: sent.json().ticketId };
}
t.test("the API answers a customer quoting their message, then edits its own text: on the phone, marked, history kept", async (t2) => {
  const { call, provider, theirs, sentId, ticketId } = await withApiConversation(t2);
  t2.equal(theirs.ticketId, ticketId, "the live ticket is reused");
  t2.equal(provider.sent.at(-1).quotedProviderId, theirs.providerId, "sent as a quoted reply");
  t2.equal((await Message.scoped(1).findById(sentId)).quotedMsgId, theirs.id);
  const edited = await call("POST", `/api/external/messages/${sentId}/edit`, { body: "Chega amanh\xE3" });
  t2.equal(edited.statusCode, 200, edited.body);
  t2.match(edited.json(), { id: sentId, body: "Chega amanh\xE3", isEdited: true });
  t2.same(provider.edits.map((e) => e.body), ["Chega amanh\xE3"]);
  const history = await call("GET", `/api/external/messages/${sentId}/history`);
  t2.same(history.json().history.map((h) => h.body), ["Chega amanh\xE2", "Chega amanh\xE3"]);
  t2.equal((await call("POST", `/api/external/messages/${theirs.id}/edit`, { body: "mudado" })).statusCode, 403, "the customer's message is theirs");
});
t.test("a message an agent sent is the agent's: the API edits it only as that user; reactions and forwards name a user", async (t2) => {
  const { call, request, token, provider, theirs, ticketId } = await withApiConversation(t2);
  const agentMessage = (await request("POST", `/api/messages/${ticketId}`, { token, body: { body: "Sou a Ana" } })).body.messages[0];
  t2.equal((await call("POST", `/api/external/messages/${agentMessage.id}/edit`, { body: "x" })).statusCode, 403, "not the connection's own");
  const asAgent = await call("POST", `/api/external/messages/${agentMessage.id}/edit`, { body: "Sou a Ana, da loja", userId: agentMessage.userId });
  t2.equal(asAgent.statusCode, 200, asAgent.body);
  const noUser = await call("POST", `/api/external/messages/${theirs.id}/react`, { emoji: "\u{1F44D}" });
  t2.equal(noUser.statusCode, 400, "a reaction is a person's");
  const reacted = await call("POST", `/api/external/messages/${theirs.id}/react`, { emoji: "\u{1F44D}", userId: agentMessage.userId });
  t2.equal(reacted.statusCode, 200, reacted.body);
  t2.same(provider.reactions.map((r) => r.emoji), ["\u{1F44D}"]);
  t2.equal(await MessageReaction.scoped(1).where({ messageId: theirs.id, userId: agentMessage.userId }).resultSize(), 1);
  await request("POST", "/api/contacts", { token, body: { name: "Bia", number: "5511955550002" } });
  const bia = (await request("GET", "/api/contacts", { token, query: { searchParam: "5511955550002" } })).body.contacts[0];
  const forwarded = await call("POST", "/api/external/messages/forward", { messageId: theirs.id, contactId: bia.id, userId: agentMessage.userId });
  t2.equal(forwarded.statusCode, 200, forwarded.body);
  t2.same([provider.sent.at(-1).to, provider.sent.at(-1).forwarded], ["5511955550002", true]);
});
t.test("the API deletes its own message for everyone; not the agent's without naming them", async (t2) => {
  const { call, request, token, provider, sentId, ticketId } = await withApiConversation(t2);
  const agentMessage = (await request("POST", `/api/messages/${ticketId}`, { token, body: { body: "do agente" } })).body.messages[0];
  t2.equal((await call("DELETE", `/api/external/messages/${agentMessage.id}`)).statusCode, 403);
  const res = await call("DELETE", `/api/external/messages/${sentId}`);
  t2.equal(res.statusCode, 200, res.body);
  t2.equal(res.json().isDeleted, true);
  t2.equal(provider.deletes.length, 1, "deleted on the phone");
  t2.equal((await call("DELETE", `/api/external/messages/${agentMessage.id}?userId=${agentMessage.userId}`)).statusCode, 200, "as the agent");
});
t.test("another connection's or company's token reaches nothing; a bad token is 401; a quote from elsewhere is refused", async (t2) => {
  const { app, call, sentId, theirs, createTenant } = await withApiConversation(t2);
  const other = await createTenant("Other Co");
  const foreign = await Whatsapp.scoped(other.companyId).insert({ name: "Theirs", status: "DISCONNECTED", provider: "sandbox", token: "other-company-token" });
  for (const [method, url, payload] of [
    ["POST", `/api/external/messages/${sentId}/edit`, { body: "x" }],
    ["GET", `/api/external/messages/${sentId}/history`, void 0],
    ["DELETE", `/api/external/messages/${sentId}`, void 0]
  ]) {
    const res = await call(method, url, payload, foreign.token);
    t2.equal(res.statusCode, 404, `${method} ${url}: another company's token`);
    t2.equal(res.json().error, "ERR_NO_MESSAGE_FOUND");
  }
  const foreignUser = await call("POST", `/api/external/messages/${theirs.id}/react`, { emoji: "\u{1F44D}", userId: other.admin.id });
  t2.equal(foreignUser.statusCode, 404, "another company's user cannot be acted as");
  const second = await Whatsapp.scoped(1).insert({ name: "Second number", status: "DISCONNECTED", provider: "sandbox", token: "second-connection-token" });
  t2.equal((await call("GET", `/api/external/messages/${sentId}/history`, void 0, second.token)).statusCode, 404, "another connection's token of the same company");
  t2.equal((await call("GET", `/api/external/messages/${sentId}/history`, void 0, "nope")).statusCode, 401);
  const elsewhere = await call("POST", "/api/messages/send", { number: "5511955550009", body: "oi", quotedMsgId: theirs.id });
  t2.equal(elsewhere.statusCode, 404, "a message of another contact cannot be quoted");
  t2.equal(elsewhere.json().error, "ERR_NO_MESSAGE_FOUND");
  t2.equal(await Ticket.scoped(1).whereIn("contactId", app.knex("contacts").where({ companyId: 1, number: "5511955550009" }).select("id")).resultSize(), 0, "and no ticket was opened for it");
});
