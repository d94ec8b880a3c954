import { Type } from "@sinclair/typebox";
import { User } from "../../db/models/index.js";
import { SECRET_SETTING_KEYS } from "../../db/models/setting.js";
import { PlanReply } from "../plans/schemas.js";
import { UserReply } from "../users/schemas.js";
import { planJson } from "../plans/routes.js";
import { daysUntil } from "../../util/dates.js";
const NullableString = Type.Union([Type.String(), Type.Null()]);
const SessionUserReply = Type.Object({
  ...Type.Pick(UserReply, ["id", "name", "email", "companyId", "profile", "super", "allTicket", "whatsappId", "language", "online", "queues"]).properties,
  company: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    dueDate: NullableString,
    daysToDue: Type.Union([Type.Integer(), Type.Null()]),
    plan: Type.Union([PlanReply, Type.Null()]),
    settings: Type.Array(Type.Object({ key: Type.String(), value: NullableString }))
  })
});
const SessionWarning = Type.Object({ code: Type.Literal("WARN_DUE_DATE_SOON"), dueDate: Type.String(), daysLeft: Type.Integer() });
async function sessionUser(user, settings) {
  const full = user.company && user.queues ? user : await User.scoped(user.companyId).findById(user.id).withGraphFetched("[company.plan, queues]");
  if (!full) return void 0;
  const company = full.company;
  const values = await settings.all(full.companyId);
  return {
    id: full.id,
    name: full.name,
    email: full.email,
    companyId: full.companyId,
    profile: full.profile,
    super: full.super,
    allTicket: full.allTicket,
    whatsappId: full.whatsappId ?? null,
    language: full.language ?? null,
    online: full.online,
    queues: (full.queues ?? []).map((q) => ({ id: q.id, name: q.name, color: q.color })),
    company: {
      id: company.id,
      name: company.name,
      dueDate: company.dueDate ?? null,
      daysToDue: company.dueDate ? daysUntil(company.dueDate) : null,
      plan: company.plan ? planJson(company.plan) : null,
      // Every user of the company gets these: the payment gateway's keys (sealed, masked for admins elsewhere) stay out.
      settings: [...values.entries()].filter(([key]) => !SECRET_SETTING_KEYS.has(key)).map(([key, value]) => ({ key, value }))
    }
  };
}
export {
  SessionUserReply,
  SessionWarning,
  sessionUser
};
