import t from "tap";
import { build } from "../helper.js";
import { Queue, QueueOption, Ticket, Whatsapp } from "../../src/db/models/index.js";
import { defaultConnection, inbound, useFakeProvider } from "./fixtures.js";
async function queuesOn(app, wa, names) {
  const queues = [];
  for (const [i, name] of names.entries()) {
    const queue = await Queue.scoped(1).insertAndFetch({ name, color: `#00000${i}`, orderQueue: i + 1, greetingMessage: `Bem-vindo a ${name}` });
    await app.knex("whatsappQueues").insert({ companyId: 1, whatsappId: wa.id, queueId: queue.id });
    queues.push(queue);
  }
  app.pipeline.connections.invalidate();
  return queues;
}
const option = (queueId, parentId, opt, title, message) => QueueOption.scoped(1).insertAndFetch({ queueId, parentId, option: opt, title, message });
t.test("a two-level option menu walked through inbound messages ends in the right queue; a wrong answer repeats the menu", async (t2) => {
  const { app } = await build(t2);
  const provider = useFakeProvider(app);
  const wa = await defaultConnection();
  const [, support] = await queuesOn(app, wa, ["Vendas", "Suporte"]);
  await option(support.id, null, "1", "Financeiro", "Financeiro: boletos e notas");
  const tech = await option(support.id, null, "2", "T\xE9cnico", "Escolha o problema:");
  const internet = await option(support.id, tech.id, "1", "Internet", "Um t\xE9cnico de internet vai falar com voc\xEA");
  await option(support.id, tech.id, "2", "Telefone", "Um t\xE9cnico de telefonia vai falar com voc\xEA");
  const conn = { companyId: 1, whatsappId: wa.id };
  const say = async (body) => {
    const before = provider.sent.length;
    await app.pipeline.inbound.onMessage(conn, inbound("5511977776666", body));
    await app.jobs.idle();
    return provider.sent.slice(before).map((m) => m.body).join("\n");
  };
  t2.match(await say("oi"), /Olá! Como podemos ajudar\?\n\n\*1\* - Vendas\n\*2\* - Suporte/, "greeting and the queue menu");
  t2.match(await say("9"), /Opção inválida[\s\S]*\*1\* - Vendas\n\*2\* - Suporte/, "a wrong answer repeats the menu");
  t2.match(await say("2"), /Bem-vindo a Suporte\n\n\*1\* - Financeiro\n\*2\* - Técnico/, "the queue greets and shows its options");
  let ticket = await Ticket.scoped(1).first();
  t2.equal(ticket.queueId, support.id);
  t2.equal(ticket.chatbot, true, "still in the menu");
  t2.match(await say("2"), /Escolha o problema:\n\n\*1\* - Internet\n\*2\* - Telefone/, "second level");
  t2.match(await say("1"), /Um técnico de internet vai falar com você/, "the leaf answers");
  ticket = await ticket.$query();
  t2.equal(ticket.queueId, support.id, "ends in the Suporte queue");
  t2.equal(ticket.queueOptionId, internet.id);
  t2.equal(ticket.chatbot, false, "the bot hands over to a human");
  t2.equal(await say("obrigado"), "", "no more bot answers");
});
t.test("wrong answers beyond maxUseBotQueues stop the bot; the ticket waits without a queue", async (t2) => {
  const { app } = await build(t2);
  const provider = useFakeProvider(app);
  const wa = await defaultConnection();
  await Whatsapp.scoped(1).findById(wa.id).patch({ maxUseBotQueues: 2 });
  await queuesOn(app, wa, ["Vendas", "Suporte"]);
  const conn = { companyId: 1, whatsappId: wa.id };
  for (const body of ["oi", "x", "y", "z"]) {
    await app.pipeline.inbound.onMessage(conn, inbound("5511977776667", body));
    await app.jobs.idle();
  }
  const menus = provider.sent.filter((m) => /\*1\* - Vendas/.test(m.body ?? ""));
  t2.equal(menus.length, 2, "the menu was sent maxUseBotQueues times in all");
  const ticket = await Ticket.scoped(1).first();
  t2.equal(ticket.chatbot, false);
  t2.equal(ticket.queueId, null);
});
t.test("with one queue the ticket goes to it directly, with its greeting when sendGreetingMessageOneQueues is enabled", async (t2) => {
  const { app } = await build(t2);
  const provider = useFakeProvider(app);
  const wa = await defaultConnection();
  const [only] = await queuesOn(app, wa, ["Atendimento"]);
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound("5511977776668", "oi"));
  await app.jobs.idle();
  const ticket = await Ticket.scoped(1).first();
  t2.equal(ticket.queueId, only.id);
  t2.equal(ticket.chatbot, false);
  t2.same(provider.sent.map((m) => m.body), ["Bem-vindo a Atendimento"]);
});
t.test("out of the company hours the out-of-hours message is sent instead of the greeting", async (t2) => {
  const { app } = await build(t2);
  const provider = useFakeProvider(app);
  const wa = await defaultConnection();
  await Whatsapp.scoped(1).findById(wa.id).patch({ outOfHoursMessage: "Estamos fechados, {{firstName}}." });
  const closedAllWeek = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: "00:00", endTime: "00:00" }));
  await app.knex("companies").where({ id: 1 }).update({ schedules: JSON.stringify(closedAllWeek) });
  await app.tenancy.settings.set(1, "scheduleType", "company");
  app.pipeline.connections.invalidate();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound("5511977776669", "oi"));
  await app.jobs.idle();
  t2.same(provider.sent.map((m) => m.body), ["Estamos fechados, Maria."]);
});
t.test("an onInboundMessage hook only observes: saying handled no longer silences the menu (bots answer through the responder chain)", async (t2) => {
  const { app } = await build(t2);
  const provider = useFakeProvider(app);
  const wa = await defaultConnection();
  const seen = [];
  app.hooks.on("onInboundMessage", "test", ({ message }) => {
    seen.push(message.body ?? "");
    return { handled: true };
  });
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound("5511977776670", "oi"));
  await app.jobs.idle();
  t2.same(seen, ["oi"], "the hook saw the message");
  t2.equal(provider.sent.length, 1, "the greeting was sent all the same");
});
