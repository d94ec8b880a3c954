import { randomBytes } from "node:crypto";
import { Company, Plan, User, Whatsapp } from "./db/models/index.js";
import { hashPassword, randomPassword } from "./util/password.js";
import { addDays } from "./util/dates.js";
const WEEKDAYS = [
  { weekday: "Segunda-feira", weekdayEn: "monday" },
  { weekday: "Ter\xE7a-feira", weekdayEn: "tuesday" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday" },
  { weekday: "Quinta-feira", weekdayEn: "thursday" },
  { weekday: "Sexta-feira", weekdayEn: "friday" },
  { weekday: "S\xE1bado", weekdayEn: "saturday" },
  { weekday: "Domingo", weekdayEn: "sunday" }
];
const defaultSchedules = () => WEEKDAYS.map((d, i) => ({
  ...d,
  startTime: i < 6 ? "08:00" : "00:00",
  endTime: i < 5 ? "18:00" : i === 5 ? "12:00" : "00:00"
}));
async function seedFirstStart(config, settings, log) {
  const existing = await Company.query().resultSize();
  if (existing > 0) return void 0;
  const plan = await Plan.query().insertAndFetch({
    name: "Completo",
    users: 0,
    connections: 0,
    queues: 0,
    value: 0,
    useCampaigns: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useFlowbuilder: true,
    features: {}
  });
  await Plan.query().insert({
    name: "B\xE1sico",
    users: 3,
    connections: 1,
    queues: 3,
    value: 99.9,
    useCampaigns: true,
    useKanban: true,
    useOpenAi: false,
    useIntegrations: false,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: false,
    useFlowbuilder: false,
    features: {}
  });
  const company = await Company.query().insertAndFetch({
    name: "Atrium",
    email: config.admin.email,
    planId: plan.id,
    status: true,
    campaignsEnabled: true,
    dueDate: addDays(/* @__PURE__ */ new Date(), 3650).toISOString().slice(0, 10),
    recurrence: "MENSAL",
    schedules: defaultSchedules()
  });
  await settings.seedDefaults(company.id);
  const password = config.admin.password ?? randomPassword();
  await User.scoped(company.id).insert({
    name: "Admin",
    email: config.admin.email.toLowerCase(),
    passwordHash: await hashPassword(password),
    profile: "admin",
    super: true,
    allTicket: "enabled"
  });
  await Whatsapp.scoped(company.id).insert({
    name: "Sandbox",
    provider: "sandbox",
    status: "DISCONNECTED",
    isDefault: true,
    greetingMessage: "Ol\xE1! Como podemos ajudar?",
    token: randomBytes(24).toString("base64url")
  });
  log.info({ companyId: company.id }, "first start: seeded plan, company, super user and a sandbox connection");
  return { generatedPassword: config.admin.password ? void 0 : password };
}
export {
  WEEKDAYS,
  defaultSchedules,
  seedFirstStart
};
