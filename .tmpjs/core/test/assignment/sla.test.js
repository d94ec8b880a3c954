import t from "tap";
import { randomUUID } from "node:crypto";
import { build } from "../helper.js";
import { Contact, Ticket } from "../../src/db/models/index.js";
import { SLA_BREACH_JOB } from "../../src/domains/sla/service.js";
import { connectedSandbox, socketFor, waitFor } from "../pipeline/http.js";
let seq = 0;
async function enter(app, queueId) {
  const contact = await Contact.scoped(1).insertAndFetch({ uuid: randomUUID(), name: `Cliente SLA ${++seq}`, number: `55118${String(1e7 + seq)}` });
  const res = await app.request("POST", "/api/tickets", { token: app.token, body: { contactId: contact.id, queueId, status: "pending" } });
  if (res.status !== 200) throw new Error(`ticket not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
const minutesFrom = (iso, start) => (Date.parse(iso ?? "") - start) / 6e4;
t.test("due times: the queue's targets, else the company's default; none without targets", async (t2) => {
  const app = await build(t2);
  const { request, token } = app;
  const queue = await request("POST", "/api/queue", { token, body: { name: "Suporte SLA", color: "#0a0a0a", slaFirstResponseMinutes: 10, slaResolutionMinutes: 240 } });
  t2.equal(queue.status, 200);
  t2.equal(queue.body.slaFirstResponseMinutes, 10);
  const plain = await request("POST", "/api/queue", { token, body: { name: "Sem SLA", color: "#0b0b0b" } });
  const start = Date.now();
  const id = await enter(app, queue.body.id);
  const ticket = await Ticket.scoped(1).findById(id);
  t2.ok(Math.abs(minutesFrom(ticket?.firstResponseDueAt, start) - 10) < 0.5, "first response due in 10 minutes");
  t2.ok(Math.abs(minutesFrom(ticket?.resolutionDueAt, start) - 240) < 0.5, "resolution due in 4 hours");
  const shown = await request("GET", `/api/tickets/${id}`, { token });
  t2.equal(shown.body.firstResponseDueAt, ticket?.firstResponseDueAt, "the ticket reply carries its due times");
  t2.equal(shown.body.firstResponseBreached, false);
  t2.equal((await Ticket.scoped(1).findById(await enter(app, plain.body.id)))?.firstResponseDueAt ?? null, null, "no target, no due time");
  const set = await request("PUT", "/api/settings/slaFirstResponseMinutes", { token, body: { value: "30" } });
  t2.equal(set.status, 200, "the company default is a setting");
  const withDefault = await Ticket.scoped(1).findById(await enter(app, plain.body.id));
  t2.ok(Math.abs(minutesFrom(withDefault?.firstResponseDueAt, Date.now()) - 30) < 0.5, "the company default applies to a queue without its own");
  t2.equal(withDefault?.resolutionDueAt ?? null, null, "only the targets set");
  const before = (await Ticket.scoped(1).findById(id)).firstResponseDueAt;
  await request("PUT", `/api/tickets/${id}`, { token, body: { queueId: plain.body.id } });
  t2.equal((await Ticket.scoped(1).findById(id))?.firstResponseDueAt, before, "a transfer keeps the due times");
  const bad = [
    await request("PUT", `/api/queue/${queue.body.id}`, { token, body: { slaFirstResponseMinutes: -1 } }),
    await request("PUT", `/api/queue/${queue.body.id}`, { token, body: { slaResolutionMinutes: "soon" } }),
    await request("PUT", "/api/settings/slaResolutionMinutes", { token, body: { value: "never" } })
  ];
  t2.same(bad.map((r) => r.status), [400, 400, 400], "invalid targets are refused");
  const other = await app.createTenant("Outra SLA");
  const foreign = await request("PUT", `/api/queue/${queue.body.id}`, { token: other.admin.token, body: { slaFirstResponseMinutes: 1 } });
  t2.equal(foreign.status, 404, "another company's queue is not found");
});
t.test("due times in opening hours: the queue's when the company uses queue hours, else calendar time", async (t2) => {
  const app = await build(t2);
  const { request, token } = app;
  const now = /* @__PURE__ */ new Date();
  const openDay = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 2);
  const week = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
  const schedules = week.map((weekdayEn, i) => i === openDay.getDay() ? { weekday: weekdayEn, weekdayEn, startTime: "10:00", endTime: "11:00" } : { weekday: weekdayEn, weekdayEn, startTime: "00:00", endTime: "00:00" });
  const queue = await request("POST", "/api/queue", { token, body: { name: "SLA no hor\xE1rio", color: "#0d0d0d", schedules, slaFirstResponseMinutes: 30 } });
  t2.equal(queue.status, 200);
  const start = Date.now();
  const calendar = await Ticket.scoped(1).findById(await enter(app, queue.body.id));
  t2.ok(Math.abs(minutesFrom(calendar?.firstResponseDueAt, start) - 30) < 0.5, "hours not in force (scheduleType disabled): calendar time");
  t2.equal((await request("PUT", "/api/settings/scheduleType", { token, body: { value: "queue" } })).status, 200);
  const inHours = await Ticket.scoped(1).findById(await enter(app, queue.body.id));
  const expected = new Date(openDay.getFullYear(), openDay.getMonth(), openDay.getDate(), 10, 30).getTime();
  t2.equal(Date.parse(inHours?.firstResponseDueAt ?? ""), expected, "queue hours in force: due half an hour into the next opening");
  t2.ok(await app.app.jobs.cancel(SLA_BREACH_JOB, `sla-${inHours.id}-firstResponse`), "the breach job is scheduled");
});
t.test("the breach job: a missed first response is flagged and announced to the ticket's audience; a met one is not", async (t2) => {
  const app = await build(t2);
  const { request, token } = app;
  await connectedSandbox(app.app);
  const queue = await request("POST", "/api/queue", { token, body: { name: "Fila SLA", color: "#0c0c0c", slaFirstResponseMinutes: 15, slaResolutionMinutes: 60 } });
  const late = await enter(app, queue.body.id);
  const answered = await enter(app, queue.body.id);
  t2.equal((await request("PUT", `/api/tickets/${answered}`, { token, body: { status: "open" } })).status, 200);
  t2.equal((await request("POST", `/api/messages/${answered}`, { token, body: { body: "Ol\xE1! J\xE1 vou ver." } })).status, 200);
  t2.ok((await Ticket.scoped(1).findById(answered))?.firstRespondedAt, "first response met by the agent's message");
  const admin = await socketFor(t2, app.app, token);
  const other = await app.createTenant("Outra Brecha");
  const outsider = await socketFor(t2, app.app, other.admin.token);
  const outsiderHeard = [];
  outsider.onAny((name, payload) => {
    if (/slaBreach/.test(name)) outsiderHeard.push(payload);
  });
  const breaches = [];
  admin.on("company-1-slaBreach", (p) => breaches.push(p));
  const flagged = new Promise((resolve) => admin.on("company-1-ticket", (p) => {
    if (p.ticket?.id === late && p.ticket.firstResponseBreached) resolve(p.ticket);
  }));
  for (const id of [late, answered]) {
    t2.ok(await app.app.jobs.cancel(SLA_BREACH_JOB, `sla-${id}-firstResponse`), "a job waits for the first-response due time");
    await Ticket.scoped(1).where({ id }).patch({ firstResponseDueAt: new Date(Date.now() - 1e3).toISOString() });
    await app.app.jobs.enqueue(SLA_BREACH_JOB, { companyId: 1, ticketId: id, target: "firstResponse" });
  }
  await app.app.jobs.idle();
  const ticket = await flagged;
  t2.equal(ticket.firstResponseBreached, true, "the ticket update carries the breach");
  await waitFor(() => breaches.length > 0, 3e3, "slaBreach");
  t2.same(breaches.map((b) => [b.ticketId, b.target]), [[late, "firstResponse"]], "only the late ticket breached, announced as slaBreach");
  const lateRow = await Ticket.scoped(1).findById(late);
  const lateContact = await Contact.scoped(1).findById(lateRow.contactId);
  t2.same([breaches[0].uuid, breaches[0].contactName], [lateRow.uuid, lateContact?.name], "the event names the ticket and its contact (the console's toast and bell)");
  t2.equal((await Ticket.scoped(1).findById(answered))?.firstResponseBreached, false, "the answered one is not flagged");
  t2.equal((await Ticket.scoped(1).findById(late))?.resolutionBreached, false, "the resolution is not due yet");
  t2.same(outsiderHeard, [], "another company hears nothing");
  t2.equal((await request("PUT", `/api/tickets/${answered}`, { token, body: { status: "closed" } })).status, 200);
  t2.ok(await app.app.jobs.cancel(SLA_BREACH_JOB, `sla-${answered}-resolution`), "a job waits for the resolution due time");
  await Ticket.scoped(1).where({ id: answered }).patch({ resolutionDueAt: new Date(Date.now() - 1e3).toISOString() });
  await app.app.jobs.enqueue(SLA_BREACH_JOB, { companyId: 1, ticketId: answered, target: "resolution" });
  await app.app.jobs.idle();
  t2.equal((await Ticket.scoped(1).findById(answered))?.resolutionBreached, false, "closed in time: no breach");
});
t.test("the first agent message is recorded on a ticket without targets too: the period figures count its first response", async (t2) => {
  const app = await build(t2);
  const { request, token } = app;
  await connectedSandbox(app.app);
  const queue = await request("POST", "/api/queue", { token, body: { name: "Fila sem SLA", color: "#0e0e0e" } });
  const id = await enter(app, queue.body.id);
  t2.equal((await Ticket.scoped(1).findById(id))?.firstResponseDueAt, null, "no target");
  t2.equal((await request("PUT", `/api/tickets/${id}`, { token, body: { status: "open" } })).status, 200);
  t2.equal((await request("POST", `/api/messages/${id}`, { token, body: { body: "Ol\xE1! Em que posso ajudar?" } })).status, 200);
  const first = (await Ticket.scoped(1).findById(id))?.firstRespondedAt;
  t2.ok(first, "first response recorded");
  t2.equal((await request("POST", `/api/messages/${id}`, { token, body: { body: "Ainda aqui." } })).status, 200);
  t2.equal((await Ticket.scoped(1).findById(id))?.firstRespondedAt, first, "the first one only");
  const figures = await request("GET", "/api/dashboard/service/period", { token, query: { days: 1, queueId: queue.body.id } });
  t2.same([figures.body.total.firstResponse.count, figures.body.total.sla.firstResponse.settled], [1, 0], "a first response counted, no target settled");
});
