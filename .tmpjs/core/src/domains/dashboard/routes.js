import { Type } from "@sinclair/typebox";
import { User } from "../../db/models/index.js";
import { dayRange, minutesBetween, rangeOf } from "./range.js";
const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });
const Attendant = Type.Object({ id: Type.Integer(), name: Type.String(), online: Type.Boolean(), rating: Type.Number(), avgSupportTime: Type.Number(), tickets: Type.Integer() });
const CountersReply = Type.Object({
  counters: Type.Object({
    supportHappening: Type.Integer(),
    supportPending: Type.Integer(),
    supportFinished: Type.Integer(),
    leads: Type.Integer(),
    avgSupportTime: Type.Number(),
    avgWaitTime: Type.Number()
  }),
  attendants: Type.Array(Attendant)
});
const ChartQuery = Type.Object({ initialDate: Day, finalDate: Day, companyId: Type.Optional(Type.Integer()) });
const num = (v) => v === null || v === void 0 ? 0 : Number(v);
const round1 = (v) => Math.round(num(v) * 10) / 10;
const dashboardRoutes = async (app) => {
  const knex = app.knex;
  const tickets = (companyId) => knex("tickets").where("tickets.companyId", companyId);
  app.get("/dashboard", {
    preHandler: app.requireAdmin,
    schema: {
      tags: ["dashboard"],
      querystring: Type.Object({ days: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650 })), date_from: Type.Optional(Day), date_to: Type.Optional(Day) }),
      response: { 200: CountersReply }
    }
  }, async (request) => {
    const companyId = request.user.companyId;
    const { from, to } = rangeOf(request.query);
    const supportMinutes = minutesBetween(knex, "tickets.acceptedAt", "tickets.closedAt");
    const waitMinutes = minutesBetween(knex, "tickets.createdAt", "tickets.acceptedAt");
    const [byStatus, finished, waited, leads, perUser, users] = await Promise.all([
      tickets(companyId).whereIn("status", ["open", "pending"]).groupBy("status").select("status", knex.raw("COUNT(*) AS n")),
      tickets(companyId).where("status", "closed").whereBetween("closedAt", [from, to]).first(knex.raw("COUNT(*) AS n"), knex.raw(`AVG(CASE WHEN acceptedAt IS NOT NULL THEN ${supportMinutes} END) AS avgSupport`)),
      tickets(companyId).whereBetween("acceptedAt", [from, to]).first(knex.raw(`AVG(${waitMinutes}) AS avgWait`)),
      knex("contacts").where("companyId", companyId).whereBetween("createdAt", [from, to]).first(knex.raw("COUNT(*) AS n")),
      tickets(companyId).where("status", "closed").whereBetween("closedAt", [from, to]).whereNotNull("userId").groupBy("userId").select("userId", knex.raw("COUNT(*) AS n"), knex.raw("AVG(rating) AS rating"), knex.raw(`AVG(CASE WHEN acceptedAt IS NOT NULL THEN ${supportMinutes} END) AS avgSupport`)),
      User.scoped(companyId).select("id", "name", "online").orderBy("name")
    ]);
    const count = (status) => num(byStatus.find((r) => r.status === status)?.n);
    const stats = new Map(perUser.map((r) => [Number(r.userId), r]));
    return {
      counters: {
        supportHappening: count("open"),
        supportPending: count("pending"),
        supportFinished: num(finished.n),
        leads: num(leads.n),
        avgSupportTime: round1(finished.avgSupport),
        avgWaitTime: round1(waited.avgWait)
      },
      attendants: users.map((u) => {
        const s = stats.get(u.id);
        return { id: u.id, name: u.name, online: Boolean(u.online), rating: round1(s?.rating), avgSupportTime: round1(s?.avgSupport), tickets: num(s?.n) };
      })
    };
  });
  app.get("/dashboard/ticketsUsers", {
    preHandler: app.requireAdmin,
    schema: {
      tags: ["dashboard"],
      querystring: ChartQuery,
      response: { 200: Type.Object({ data: Type.Array(Type.Object({ nome: Type.String(), quantidade: Type.Integer() })), count: Type.Integer() }) }
    }
  }, async (request) => {
    const { from, to } = dayRange(request.query.initialDate, request.query.finalDate);
    const rows = await tickets(request.user.companyId).whereBetween("tickets.createdAt", [from, to]).leftJoin("users", "users.id", "tickets.userId").groupBy("tickets.userId", "users.name").select("users.name AS nome", knex.raw("COUNT(*) AS quantidade")).orderBy("quantidade", "desc");
    const data = rows.map((r) => ({ nome: r.nome ?? "Sem atendente", quantidade: num(r.quantidade) }));
    return { data, count: data.reduce((sum, r) => sum + r.quantidade, 0) };
  });
  app.get("/dashboard/ticketsDay", {
    preHandler: app.requireAdmin,
    schema: {
      tags: ["dashboard"],
      querystring: ChartQuery,
      response: { 200: Type.Object({ data: Type.Array(Type.Object({ data: Type.Optional(Type.String()), horario: Type.Optional(Type.String()), total: Type.Integer() })), count: Type.Integer() }) }
    }
  }, async (request) => {
    const { initialDate, finalDate } = request.query;
    const { from, to } = dayRange(initialDate, finalDate);
    const byHour = initialDate === finalDate;
    const bucket = byHour ? "SUBSTR(tickets.createdAt, 12, 2)" : "SUBSTR(tickets.createdAt, 1, 10)";
    const rows = await tickets(request.user.companyId).whereBetween("tickets.createdAt", [from, to]).groupByRaw(bucket).select(knex.raw(`${bucket} AS bucket`), knex.raw("COUNT(*) AS total")).orderBy("bucket");
    const data = rows.map((r) => byHour ? { horario: r.bucket, total: num(r.total) } : { data: r.bucket, total: num(r.total) });
    return { data, count: data.reduce((sum, r) => sum + r.total, 0) };
  });
};
var routes_default = dashboardRoutes;
export {
  routes_default as default
};
