import { Type } from "@sinclair/typebox";
import { AuditLog } from "../../db/models/index.js";
import { ClientDateTime, clientDateTime } from "../../http/schemas.js";
import { toDbTime } from "../../db/time.js";
import { sendExport } from "../../sheets/export.js";
const AUDIT_PAGE = 50;
const EXPORT_PAGE = 500;
const AuditQuery = Type.Object({
  /** The super user's filter (an admin always reads their own company's log). */
  companyId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  userId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  entity: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  from: Type.Optional(ClientDateTime),
  to: Type.Optional(ClientDateTime),
  /** Cursor paging (as messages' `nextId`): the `nextId` a page answered, for the older entries. */
  nextId: Type.Optional(Type.Integer({ minimum: 1 }))
});
const Change = Type.Object({ before: Type.Optional(Type.Unknown()), after: Type.Optional(Type.Unknown()), changed: Type.Optional(Type.Boolean()) });
const AuditEntryReply = Type.Object({
  id: Type.Integer(),
  createdAt: Type.String(),
  companyId: Type.Integer(),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  userName: Type.Union([Type.String(), Type.Null()]),
  impersonatorId: Type.Union([Type.Integer(), Type.Null()]),
  impersonatorName: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  entity: Type.String(),
  entityId: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Union([Type.Record(Type.String(), Change), Type.Null()]),
  route: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()])
});
function entries(reader, query) {
  const companyId = reader.super ? query.companyId : reader.companyId;
  const rows = companyId ? AuditLog.scoped(companyId) : AuditLog.unscoped("the super user reads every company's audit log");
  if (query.userId) rows.where("auditLogs.userId", query.userId);
  if (query.entity) rows.where("auditLogs.entity", query.entity);
  if (query.action) rows.where("auditLogs.action", query.action);
  if (query.from) rows.where("auditLogs.createdAt", ">=", toDbTime(clientDateTime(query.from, "querystring/from")));
  if (query.to) rows.where("auditLogs.createdAt", "<=", toDbTime(clientDateTime(query.to, "querystring/to")));
  return rows.leftJoin("users as actor", "actor.id", "auditLogs.userId").leftJoin("users as impersonator", "impersonator.id", "auditLogs.impersonatorId").select("auditLogs.*", "actor.name as userName", "impersonator.name as impersonatorName").orderBy("auditLogs.id", "desc");
}
const shown = (row) => ({
  id: Number(row.id),
  createdAt: row.createdAt,
  companyId: Number(row.companyId),
  userId: row.userId === null ? null : Number(row.userId),
  userName: row.userName ?? null,
  impersonatorId: row.impersonatorId === null ? null : Number(row.impersonatorId),
  impersonatorName: row.impersonatorName ?? null,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  changes: row.changes ?? null,
  route: row.route,
  ip: row.ip
});
const auditLogRoutes = async (app) => {
  const tags = ["audit"];
  app.get("/audit-logs", {
    preHandler: app.requireAdmin,
    schema: { tags, querystring: AuditQuery, response: { 200: Type.Object({ auditLogs: Type.Array(AuditEntryReply), nextId: Type.Union([Type.Integer(), Type.Null()]) }) } }
  }, async (request) => {
    const page = entries(request.user, request.query).limit(AUDIT_PAGE + 1);
    if (request.query.nextId) page.where("auditLogs.id", "<", request.query.nextId);
    const rows = await page;
    const more = rows.length > AUDIT_PAGE;
    const out = rows.slice(0, AUDIT_PAGE).map(shown);
    return { auditLogs: out, nextId: more ? out[out.length - 1].id : null };
  });
  app.get("/audit-logs/export", {
    preHandler: app.requireAdmin,
    schema: { tags, querystring: AuditQuery, produces: ["text/csv"] }
  }, async (request, reply) => {
    const { user, query } = request;
    return sendExport(reply, "csv", {
      name: "audit-log",
      header: ["id", "createdAt", "companyId", "userId", "userName", "impersonatorId", "impersonatorName", "action", "entity", "entityId", "changes", "route", "ip"],
      pages: async function* () {
        let cursor = query.nextId;
        for (; ; ) {
          const page = entries(user, query).limit(EXPORT_PAGE);
          if (cursor) page.where("auditLogs.id", "<", cursor);
          const rows = (await page).map(shown);
          if (rows.length === 0) return;
          yield rows.map((r) => [
            r.id,
            r.createdAt,
            r.companyId,
            r.userId,
            r.userName,
            r.impersonatorId,
            r.impersonatorName,
            r.action,
            r.entity,
            r.entityId,
            r.changes ? JSON.stringify(r.changes) : null,
            r.route,
            r.ip
          ]);
          if (rows.length < EXPORT_PAGE) return;
          cursor = rows[rows.length - 1].id;
        }
      }
    });
  });
};
var routes_default = auditLogRoutes;
export {
  AUDIT_PAGE,
  routes_default as default
};
