import { Company, Plan, User } from "../../db/models/index.js";
import { badRequest, notFound } from "../../http/errors.js";
import { defaultSchedules } from "../../seed.js";
import { hashPassword } from "../../util/password.js";
import { isUniqueViolation } from "../../db/errors.js";
import { assertEmailFree } from "../users/service.js";
import { digitsOf } from "./schemas.js";
import { billCompanyNow } from "../billing/generation.js";
async function assertPlanExists(planId) {
  if (!await Plan.query().findById(planId)) throw notFound("ERR_NO_PLAN_FOUND", "Plan not found");
}
function checkPhone(phone) {
  const digits = digitsOf(phone);
  if (digits.length > 11) throw badRequest("ERR_VALIDATION", "The phone has at most 11 digits", { field: "body/phone" });
  return digits || null;
}
async function createCompany(app, data, admin) {
  const email = data.email.trim().toLowerCase();
  if (admin) await assertEmailFree(email);
  await assertPlanExists(data.planId);
  const company = await Company.query().insertAndFetch({
    ...data,
    name: data.name.trim(),
    email,
    phone: checkPhone(data.phone),
    schedules: defaultSchedules()
  });
  try {
    await app.tenancy.settings.seedDefaults(company.id);
    await app.tenancy.settings.set(company.id, "campaignsEnabled", data.campaignsEnabled ? "true" : "false");
    if (admin) {
      await User.scoped(company.id).insert({
        name: admin.name,
        email,
        passwordHash: await hashPassword(admin.password),
        profile: "admin",
        super: false,
        allTicket: "enabled"
      });
    }
  } catch (err) {
    await Company.query().deleteById(company.id);
    if (isUniqueViolation(err)) await assertEmailFree(email);
    throw err;
  }
  app.bus.emit(company.id, "company", { action: "create", company: { id: company.id, name: company.name } });
  await billCompanyNow(app, company.id);
  return company;
}
export {
  assertPlanExists,
  checkPhone,
  createCompany
};
