import t from "tap";
import { build } from "../helper.js";
import { Ticket } from "../../src/db/models/index.js";
import { dbNow } from "../../src/db/time.js";
import { TURN_JOB } from "../../src/messaging/responders/chain.js";
import { defaultConnection, inbound, useFakeProvider } from "./fixtures.js";
const PER_MESSAGE_LIMIT = 5;
const PROBE = "statement-count probe";
const CONTACTS = ["5511900000001", "5511900000002", "5511900000003", "5511900000004", "5511900000005", "5511900000006"];
async function setup(t2) {
  const built = await build(t2);
  const { app, request, token } = built;
  useFakeProvider(app);
  for (const plugin of app.plugins) {
    const flag = plugin.manifest.planFlag;
    if (flag) t2.ok(await app.tenancy.hasFlag(1, flag), `the seed company's plan enables ${plugin.manifest.id}`);
  }
  const flow = await request("POST", "/api/flowbuilder", { token, body: { name: "Promo\xE7\xF5es" } });
  const campaign = await request("POST", "/api/flowcampaign", { token, body: { name: "Promo", flowId: flow.body.id, phrase: "quero a promo\xE7\xE3o" } });
  t2.equal(campaign.status, 200, "phrase campaign created");
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  const turns = [];
  const gate = {};
  const enqueue = app.jobs.enqueue.bind(app.jobs);
  app.jobs.enqueue = (async (name, data, options) => {
    if (name === TURN_JOB && data.messageId) {
      turns.push(data.messageId);
      if (gate.hold) await gate.hold;
    }
    return enqueue(name, data, options);
  });
  const openTickets = async () => {
    for (const body of ["oi", "tudo bem?"]) {
      await Promise.all(CONTACTS.map((number) => app.pipeline.inbound.onMessage(conn, inbound(number, body))));
      await app.jobs.idle();
      for (const number of CONTACTS) t2.ok(await settled(app, (await ticketOf(app, number)).id), `the chain dealt with ${number}'s "${body}"`);
    }
  };
  return { app, request, token, conn, turns, gate, openTickets, flowId: flow.body.id };
}
function recordStatements(app) {
  const statements = [];
  const listener = (query) => {
    if (query.sql.includes(PROBE) || /^select .* from `jobs`/i.test(query.sql)) return;
    statements.push(query.sql);
  };
  app.knex.on("query", listener);
  return { statements, stop: () => {
    app.knex.off("query", listener);
  } };
}
async function settled(app, ticketId) {
  for (let i = 0; i < 500; i++) {
    const cursor = await app.knex("tickets").where({ id: ticketId }).first("botCursor").comment(PROBE);
    const waiting = await app.knex("messages").where({ ticketId, fromMe: false, botPassed: false }).where("id", ">", Number(cursor?.botCursor ?? 0)).first("id").comment(PROBE);
    if (!waiting) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}
const ticketOf = async (app, number) => {
  const contact = await app.knex("contacts").where({ companyId: 1, number }).first("id");
  return await Ticket.scoped(1).where({ contactId: contact.id }).orderBy("id", "desc").first();
};
const DISCOUNT = "Temos 10% de desconto hoje!";
const discountFlow = {
  nodes: [{ id: "1", type: "start", position: { x: 0, y: 100 }, data: {} }, { id: "2", type: "message", position: { x: 200, y: 100 }, data: { label: DISCOUNT } }],
  connections: [{ id: "e-1-a-2", source: "1", sourceHandle: "a", target: "2", targetHandle: null }]
};
t.test(`a burst of steady-state texts costs at most ${PER_MESSAGE_LIMIT} statements a message, the responder chain's included`, async (t2) => {
  const { app, conn, turns, openTickets } = await setup(t2);
  await openTickets();
  const tickets = await Promise.all(CONTACTS.map((number) => ticketOf(app, number)));
  t2.ok(tickets.every((ticket) => ticket.status !== "closed" && Number(ticket.botCursor) > 0), "open tickets whose first message the chain dealt with");
  turns.length = 0;
  const recorder = recordStatements(app);
  await Promise.all(CONTACTS.map((number) => app.pipeline.inbound.onMessage(conn, inbound(number, "bom dia, tudo bem?"))));
  for (const ticket of tickets) t2.ok(await settled(app, ticket.id), `the chain passed ticket ${ticket.id}'s message`);
  await app.jobs.idle();
  recorder.stop();
  const perMessage = recorder.statements.length / CONTACTS.length;
  t2.comment(`a burst of ${CONTACTS.length}: ${recorder.statements.length} statements`);
  t2.ok(perMessage <= PER_MESSAGE_LIMIT, `${perMessage.toFixed(1)} statements a message (\u2264 ${PER_MESSAGE_LIMIT}):
${recorder.statements.join("\n")}`);
  t2.same(turns, [], "no responder could act: no message got a turn");
});
t.test(`one steady-state text alone costs at most ${PER_MESSAGE_LIMIT} statements: the chain adds none, no turn`, async (t2) => {
  const { app, conn, turns, openTickets } = await setup(t2);
  await openTickets();
  const ticket = await ticketOf(app, CONTACTS[0]);
  turns.length = 0;
  const recorder = recordStatements(app);
  await app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[0], "bom dia, tudo bem?"));
  await app.jobs.idle();
  await new Promise((resolve) => setTimeout(resolve, 50));
  recorder.stop();
  const { statements } = recorder;
  t2.ok(statements.length <= PER_MESSAGE_LIMIT, `${statements.length} statements (\u2264 ${PER_MESSAGE_LIMIT}):
${statements.join("\n")}`);
  const chain = statements.filter((sql) => /(from|into|update) `(flowRuns|flowCampaigns|queueIntegrations|prompts|jobs)`/i.test(sql) || /`(botCursor|botLockUntil|botLockToken)` = /.test(sql));
  t2.same(chain, [], "no statement of the chain's own");
  t2.same(turns, [], "no turn");
  const stored = await app.knex("messages").where({ ticketId: ticket.id }).orderBy("id", "desc").first("body", "botPassed").comment(PROBE);
  t2.equal(stored.body, "bom dia, tudo bem?");
  t2.ok(Number(stored.botPassed), "stored marked passed: no responder could act on it");
  t2.ok(await settled(app, ticket.id), "nothing waits for the chain");
});
t.test("a message a responder may act on still gets its turn: a phrase campaign created after the company's triggers were cached", async (t2) => {
  const { app, request, token, conn, turns, openTickets, flowId } = await setup(t2);
  const provider = useFakeProvider(app);
  t2.equal((await request("POST", "/api/flowbuilder/flow", { token, body: { idFlow: flowId, ...discountFlow } })).status, 200, "flow saved");
  await openTickets();
  const ticket = await ticketOf(app, CONTACTS[0]);
  turns.length = 0;
  await app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[0], "quero o desconto"));
  t2.ok(await settled(app, ticket.id));
  t2.same(turns, [], "no campaign has this phrase yet: no turn (and the company's triggers are cached now)");
  const created = await request("POST", "/api/flowcampaign", { token, body: { name: "Desconto", flowId, phrase: "desconto" } });
  t2.equal(created.status, 200, "a campaign with that phrase");
  const before = provider.sent.length;
  await app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[0], "quero o desconto"));
  await app.jobs.idle();
  t2.equal(turns.length, 1, "the message gets its turn");
  t2.same(provider.sent.slice(before).map((m) => m.body), [DISCOUNT], "and the flow answers it");
});
t.test("a passed message does not move the cursor over an earlier one still waiting for its turn", async (t2) => {
  const { app, request, token, conn, turns, gate, openTickets, flowId } = await setup(t2);
  const provider = useFakeProvider(app);
  t2.equal((await request("POST", "/api/flowbuilder/flow", { token, body: { idFlow: flowId, ...discountFlow } })).status, 200, "flow saved");
  t2.equal((await request("POST", "/api/flowcampaign", { token, body: { name: "Desconto", flowId, phrase: "desconto" } })).status, 200);
  await openTickets();
  const ticket = await ticketOf(app, CONTACTS[0]);
  turns.length = 0;
  const before = provider.sent.length;
  let release = () => {
  };
  gate.hold = new Promise((resolve) => {
    release = resolve;
  });
  const first = app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[0], "quero o desconto"));
  await app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[0], "obrigado"));
  const second = await app.knex("messages").where({ ticketId: ticket.id, body: "obrigado" }).first("id", "botPassed").comment(PROBE);
  t2.ok(Number(second.botPassed), "the second is marked passed");
  t2.ok(Number((await app.knex("tickets").where({ id: ticket.id }).first("botCursor").comment(PROBE)).botCursor) < second.id, "the cursor has not moved over the first");
  release();
  await first;
  await app.jobs.idle();
  t2.ok(await settled(app, ticket.id), "the turn dealt with both");
  t2.equal(turns.length, 1, "one turn, for the first message");
  t2.same(provider.sent.slice(before).map((m) => m.body), [DISCOUNT], "the first message was answered, once");
});
const questionFlow = {
  nodes: [
    { id: "1", type: "start", position: { x: 0, y: 100 }, data: {} },
    { id: "2", type: "question", position: { x: 200, y: 100 }, data: { typebotIntegration: { message: "Seu nome?", answerKey: "nome" } } },
    { id: "3", type: "message", position: { x: 400, y: 100 }, data: { label: "Obrigado, {{nome}}!" } }
  ],
  connections: [
    { id: "e-1-a-2", source: "1", sourceHandle: "a", target: "2", targetHandle: null },
    { id: "e-2-a-3", source: "2", sourceHandle: "a", target: "3", targetHandle: null }
  ]
};
t.test("a message stored as passed while an earlier one waited for its turn is asked again by that turn: the flow it started answers it", async (t2) => {
  const { app, request, token, conn, turns, gate, openTickets, flowId } = await setup(t2);
  const provider = useFakeProvider(app);
  t2.equal((await request("POST", "/api/flowbuilder/flow", { token, body: { idFlow: flowId, ...questionFlow } })).status, 200, "flow saved");
  t2.equal((await request("POST", "/api/flowcampaign", { token, body: { name: "Cadastro", flowId, phrase: "cadastro" } })).status, 200);
  await openTickets();
  const ticket = await ticketOf(app, CONTACTS[1]);
  turns.length = 0;
  const before = provider.sent.length;
  let release = () => {
  };
  gate.hold = new Promise((resolve) => {
    release = resolve;
  });
  const first = app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[1], "quero fazer o cadastro"));
  await app.pipeline.inbound.onMessage(conn, inbound(CONTACTS[1], "Ana"));
  const name = await app.knex("messages").where({ ticketId: ticket.id, body: "Ana" }).first("botPassed").comment(PROBE);
  t2.ok(Number(name.botPassed), "the name is stored as passed");
  release();
  await first;
  await app.jobs.idle();
  t2.ok(await settled(app, ticket.id));
  t2.equal(turns.length, 1, "one turn, for the first message");
  t2.same(provider.sent.slice(before).map((m) => m.body), ["Seu nome?", "Obrigado, Ana!"], "the flow asked, and took the name as its answer");
});
const FIRST_MESSAGE_GOAL = PER_MESSAGE_LIMIT + 7;
const GREETING_CEILING = 20;
const QUEUE_MENU_CEILING = 28;
async function firstMessages(t2, withQueues) {
  const { app, conn } = await setup(t2);
  const provider = useFakeProvider(app);
  if (withQueues) {
    const wa = await defaultConnection();
    for (const [i, name] of ["Vendas", "Suporte"].entries()) {
      const [queueId] = await app.knex("queues").insert({ companyId: 1, name, color: `#00000${i}`, orderQueue: i + 1, createdAt: dbNow(), updatedAt: dbNow() });
      await app.knex("whatsappQueues").insert({ companyId: 1, whatsappId: wa.id, queueId: Number(queueId) });
    }
    app.pipeline.connections.invalidate();
  }
  await app.pipeline.inbound.onMessage(conn, inbound("5511911111111", "oi"));
  await app.jobs.idle();
  const before = provider.sent.length;
  const recorder = recordStatements(app);
  await Promise.all(CONTACTS.map((number) => app.pipeline.inbound.onMessage(conn, inbound(number, "oi"))));
  await app.jobs.idle();
  const tickets = await app.knex("tickets").join("contacts", "contacts.id", "tickets.contactId").whereIn("contacts.number", CONTACTS).select("tickets.id").comment(PROBE);
  t2.equal(tickets.length, CONTACTS.length, "one new ticket a contact");
  for (const ticket of tickets) t2.ok(await settled(app, ticket.id), `the chain dealt with ticket ${ticket.id}'s first message`);
  recorder.stop();
  return { statements: recorder.statements, sent: provider.sent.slice(before) };
}
t.test(`a new ticket's first message with the greeting costs at most ${GREETING_CEILING} statements, its send included (goal ${FIRST_MESSAGE_GOAL})`, async (t2) => {
  const { statements, sent } = await firstMessages(t2, false);
  t2.equal(sent.length, CONTACTS.length, "every new ticket got the greeting");
  t2.ok(sent.every((m) => /Olá! Como podemos ajudar/.test(m.body ?? "")), "the connection's greeting");
  const perMessage = statements.length / CONTACTS.length;
  t2.comment(`${CONTACTS.length} new tickets: ${statements.length} statements (goal ${FIRST_MESSAGE_GOAL} a message)`);
  t2.ok(perMessage <= GREETING_CEILING, `${perMessage.toFixed(1)} statements a message (\u2264 ${GREETING_CEILING}):
${statements.join("\n")}`);
});
t.test(`a new ticket's first message with the queue menu costs at most ${QUEUE_MENU_CEILING} statements, its send included (goal ${FIRST_MESSAGE_GOAL})`, async (t2) => {
  const { statements, sent } = await firstMessages(t2, true);
  t2.equal(sent.length, CONTACTS.length, "every new ticket got the menu");
  t2.ok(sent.every((m) => /\*1\* - Vendas\n\*2\* - Suporte/.test(m.body ?? "")), "the greeting and the queue menu");
  const perMessage = statements.length / CONTACTS.length;
  t2.comment(`${CONTACTS.length} new tickets: ${statements.length} statements (goal ${FIRST_MESSAGE_GOAL} a message)`);
  t2.ok(perMessage <= QUEUE_MENU_CEILING, `${perMessage.toFixed(1)} statements a message (\u2264 ${QUEUE_MENU_CEILING}):
${statements.join("\n")}`);
});
