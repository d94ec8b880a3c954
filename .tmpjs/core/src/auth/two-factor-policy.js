import { raw } from "objection";
import { operatorCompanyId } from "../domains/billing/config.js";
import { Company, RefreshTokenFamily, User } from "../db/models/index.js";
import { forgetCallers } from "../db/caller-cache.js";
const REQUIRE_TWO_FACTOR = "requireTwoFactor";
const PLATFORM_REQUIRE_TWO_FACTOR = "platformRequireTwoFactor";
async function twoFactorRequired(app, companyId) {
  if (await app.tenancy.settings.get(companyId, REQUIRE_TWO_FACTOR) === "enabled") return true;
  const operator = await operatorCompanyId();
  return operator !== void 0 && await app.tenancy.settings.get(operator, PLATFORM_REQUIRE_TWO_FACTOR) === "enabled";
}
async function endSessionsWithoutSecondFactor(app, companyId, exceptUserId) {
  const companies = companyId === "all" ? (await Company.query().select("id")).map((c) => c.id) : [companyId];
  for (const id of companies) {
    const uncovered = () => User.scoped(id).whereNull("totpEnabledAt").whereNot("id", exceptUserId);
    await app.knex.transaction(async (trx) => {
      await RefreshTokenFamily.scoped(id).transacting(trx).whereNull("impersonatorId").whereIn("userId", uncovered().select("id")).delete();
      await uncovered().transacting(trx).patch({ tokenVersion: raw("?? + 1", ["tokenVersion"]) });
    });
    await forgetCallers(id);
  }
}
export {
  PLATFORM_REQUIRE_TWO_FACTOR,
  REQUIRE_TWO_FACTOR,
  endSessionsWithoutSecondFactor,
  twoFactorRequired
};
