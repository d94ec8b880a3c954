import { Type } from "@sinclair/typebox";
import { Email, Name, Password } from "../../http/schemas.js";
import { PlanReply } from "../plans/schemas.js";
import { planJson } from "../plans/routes.js";
import { OpeningHoursInput } from "./opening-hours.js";
const RECURRENCES = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"];
const Recurrence = Type.Union(RECURRENCES.map((r) => Type.Literal(r)));
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const HHMM = Type.String({ pattern: "^([01]\\d|2[0-3]):[0-5]\\d$" });
const WEEKDAYS_EN = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const WeekdaySchedule = Type.Object({
  weekday: Type.String({ minLength: 1, maxLength: 30 }),
  weekdayEn: Type.Union(WEEKDAYS_EN.map((d) => Type.Literal(d))),
  startTime: HHMM,
  endTime: HHMM
});
const SchedulesBody = Type.Object({ schedules: OpeningHoursInput });
const CompanyReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: NullableString,
  phone: NullableString,
  document: NullableString,
  planId: Type.Union([Type.Integer(), Type.Null()]),
  plan: Type.Optional(Type.Union([PlanReply, Type.Null()])),
  status: Type.Boolean(),
  campaignsEnabled: Type.Boolean(),
  dueDate: NullableString,
  recurrence: NullableString,
  trialExpiration: NullableString,
  schedules: Type.Union([Type.Array(WeekdaySchedule), Type.Null()]),
  createdAt: Type.Optional(NullableString),
  updatedAt: Type.Optional(NullableString)
});
const DueDate = Type.Union([Type.String({ maxLength: 40 }), Type.Null()]);
const LooseBool = Type.Union([Type.Boolean(), Type.String({ maxLength: 10 })]);
const Phone = Type.String({ maxLength: 20, pattern: "^[0-9()+\\-\\s]*$" });
const SignupBody = Type.Object({
  name: Name,
  email: Email,
  phone: Type.Optional(Phone),
  password: Password,
  planId: Id,
  recurrence: Type.Optional(Type.String({ maxLength: 20 })),
  dueDate: Type.Optional(DueDate),
  status: Type.Optional(LooseBool),
  campaignsEnabled: Type.Optional(LooseBool)
});
const companyFields = {
  name: Type.String({ minLength: 2, maxLength: 100 }),
  email: Email,
  phone: Type.Union([Phone, Type.Null()]),
  document: Type.Union([Type.String({ maxLength: 30 }), Type.Null()]),
  planId: Id,
  status: Type.Boolean(),
  campaignsEnabled: Type.Boolean(),
  dueDate: DueDate,
  recurrence: Recurrence
};
const CompanyCreateBody = Type.Object({
  name: companyFields.name,
  email: companyFields.email,
  planId: companyFields.planId,
  phone: Type.Optional(companyFields.phone),
  document: Type.Optional(companyFields.document),
  status: Type.Optional(companyFields.status),
  campaignsEnabled: Type.Optional(companyFields.campaignsEnabled),
  dueDate: Type.Optional(companyFields.dueDate),
  recurrence: Type.Optional(companyFields.recurrence),
  /** When given, the company's admin user is created with the company e-mail and this password. */
  password: Type.Optional(Password)
});
const CompanyUpdateBody = Type.Partial(Type.Object(companyFields));
function normalizeDueDate(value) {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value?.trim() ?? "");
  if (!match) return null;
  const date = /* @__PURE__ */ new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === match[0] ? match[0] : null;
}
const digitsOf = (phone) => (phone ?? "").replace(/\D/g, "");
function companyJson(company) {
  const json = company.toJSON();
  delete json.billing;
  return {
    email: null,
    phone: null,
    document: null,
    planId: null,
    dueDate: null,
    recurrence: null,
    trialExpiration: null,
    schedules: null,
    ...json,
    ...company.plan !== void 0 ? { plan: company.plan ? planJson(company.plan) : null } : {}
  };
}
export {
  CompanyCreateBody,
  CompanyReply,
  CompanyUpdateBody,
  RECURRENCES,
  Recurrence,
  SchedulesBody,
  SignupBody,
  WEEKDAYS_EN,
  WeekdaySchedule,
  companyJson,
  digitsOf,
  normalizeDueDate
};
