import fp from "fastify-plugin";
import { Company } from "../db/models/index.js";
import { AppError, forbidden } from "../http/errors.js";
import { SettingsService } from "./settings.js";
const tenancyPlugin = fp(async (app) => {
  const cache = /* @__PURE__ */ new Map();
  const ttlMs = 5e3;
  const listeners = [];
  const tenancy = {
    settings: new SettingsService(),
    async planOf(companyId, options) {
      const hit = cache.get(companyId);
      if (hit && !options?.fresh && Date.now() - hit.at < ttlMs) return hit.plan;
      const company = await Company.query().findById(companyId).withGraphFetched("plan");
      const plan = company?.plan ?? void 0;
      cache.set(companyId, { at: Date.now(), plan });
      return plan;
    },
    async hasFlag(companyId, flag, options) {
      const plan = await tenancy.planOf(companyId, options);
      return plan ? plan.hasFlag(flag) : false;
    },
    requirePlanFlag(flag) {
      return async (request) => {
        const companyId = request.user?.companyId;
        if (!companyId || !await tenancy.hasFlag(companyId, flag)) {
          throw forbidden("ERR_PLAN_FEATURE_DISABLED", `This company's plan does not include ${flag}`);
        }
      };
    },
    async assertWithinLimit(companyId, limit, current) {
      const plan = await tenancy.planOf(companyId);
      const max = plan?.[limit] ?? 0;
      if (max > 0 && current >= max) {
        throw new AppError("ERR_PLAN_LIMIT", 403, `The plan allows at most ${max} ${limit}`, { limit, max });
      }
    },
    invalidate(companyId) {
      if (companyId === void 0) cache.clear();
      else cache.delete(companyId);
      tenancy.settings.invalidate(companyId);
      for (const listener of listeners) listener(companyId);
    },
    onChange(listener) {
      listeners.push(listener);
    }
  };
  app.decorate("tenancy", tenancy);
}, { name: "tenancy" });
export {
  tenancyPlugin
};
