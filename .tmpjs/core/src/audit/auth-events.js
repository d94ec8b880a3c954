import { routeKey } from "./install.js";
import { writeAudit } from "./record.js";
import { currentActor } from "./context.js";
async function recordSignIn(knex, request, user, action, impersonatorId = null) {
  await writeAudit(knex, [{ companyId: user.companyId, action, entity: "users", entityId: user.id }], {
    userId: user.id,
    companyId: user.companyId,
    impersonatorId,
    ip: request.ip ?? null,
    route: routeKey(request),
    written: 0
  });
}
async function recordImpersonation(knex, request, admin, superUserId, action) {
  await writeAudit(knex, [{ companyId: admin.companyId, action, entity: "users", entityId: admin.id }], {
    userId: admin.id,
    companyId: admin.companyId,
    impersonatorId: superUserId,
    ip: request.ip ?? null,
    route: routeKey(request),
    written: 0
  });
}
async function recordAuthEvent(db, request, user, action, entity = "users", entityId = user.id) {
  const actor = currentActor() ?? { userId: user.id, companyId: user.companyId, impersonatorId: null, ip: request.ip ?? null, route: routeKey(request), written: 0 };
  await writeAudit(db, [{ companyId: user.companyId, action, entity, entityId }], actor);
}
export {
  recordAuthEvent,
  recordImpersonation,
  recordSignIn
};
