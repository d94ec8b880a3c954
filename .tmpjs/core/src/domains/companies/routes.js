import { Type } from "@sinclair/typebox";
import { Company, Whatsapp } from "../../db/models/index.js";
import { toDbTime } from "../../db/time.js";
import { badRequest, forbidden, notFound } from "../../http/errors.js";
import { IdParams, OkReply, PAGE_SIZE, PagingQuery, offsetOf, pageOf, pageResult } from "../../http/schemas.js";
import { addDays } from "../../util/dates.js";
import { PlanReply } from "../plans/schemas.js";
import { planJson } from "../plans/routes.js";
import { likeAnywhere } from "../../db/like.js";
import {
  CompanyCreateBody,
  CompanyReply,
  CompanyUpdateBody,
  SchedulesBody,
  SignupBody,
  WEEKDAYS_EN,
  companyJson,
  normalizeDueDate
} from "./schemas.js";
import { assertPlanExists, checkPhone, createCompany } from "./service.js";
import { billCompanyNow } from "../billing/generation.js";
import { signupAllowed } from "../branding/service.js";
import { openingHours } from "./opening-hours.js";
import { SettingReply, settingsShown } from "../settings/shown.js";
const TRIAL_DAYS = 3;
const CompanyListRow = Type.Composite([CompanyReply, Type.Object({ settings: Type.Array(SettingReply) })]);
const companiesRoutes = async (app) => {
  const tags = ["companies"];
  const superOnly = { preHandler: app.requireSuper };
  const findCompany = async (id) => {
    const company = await Company.query().findById(id).withGraphFetched("plan");
    if (!company) throw notFound("ERR_NO_COMPANY_FOUND", "Company not found");
    return company;
  };
  const emit = (company, action) => app.bus.emit(company.id, "company", { action, company: companyJson(company) });
  app.post("/companies/cadastro", {
    config: {
      public: true,
      rateLimit: { max: app.config.loginRateLimit.max, timeWindow: app.config.loginRateLimit.windowMs }
    },
    schema: { tags, body: SignupBody, response: { 200: CompanyReply } }
  }, async (request) => {
    if (!await signupAllowed(app)) throw forbidden("ERR_SIGNUP_DISABLED", "Sign-up is closed: ask the platform operator for an account");
    const body = request.body;
    const trialEnd = addDays(/* @__PURE__ */ new Date(), TRIAL_DAYS);
    const company = await createCompany(app, {
      name: body.name,
      email: body.email,
      phone: body.phone,
      planId: body.planId,
      status: true,
      campaignsEnabled: true,
      recurrence: "MENSAL",
      dueDate: trialEnd.toISOString().slice(0, 10),
      trialExpiration: toDbTime(trialEnd)
    }, { name: body.name.trim(), password: body.password });
    return companyJson(await findCompany(company.id));
  });
  app.get("/companies/listPlan/:companyId", {
    schema: { tags, params: Type.Object({ companyId: IdParams.properties.id }), response: { 200: PlanReply } }
  }, async (request) => {
    const { companyId } = request.params;
    if (companyId !== request.user.companyId && !request.user.super) throw notFound("ERR_NO_COMPANY_FOUND", "Company not found");
    const company = await findCompany(companyId);
    if (!company.plan) throw notFound("ERR_NO_PLAN_FOUND", "The company has no plan");
    return planJson(company.plan);
  });
  app.get("/companies", { ...superOnly, schema: { tags, querystring: PagingQuery, response: { 200: pageOf("companies", CompanyReply) } } }, async (request) => {
    const { searchParam, pageNumber } = request.query;
    const query = Company.query().withGraphFetched("plan").orderBy("name").orderBy("id").limit(PAGE_SIZE + 1).offset(offsetOf(pageNumber).offset);
    if (searchParam?.trim()) {
      const like = likeAnywhere(searchParam.trim());
      query.where((q) => q.whereRaw("companies.name like ? escape ?", [like, "\\"]).orWhereRaw("companies.email like ? escape ?", [like, "\\"]));
    }
    const { items, hasMore } = pageResult(await query);
    return { companies: items.map(companyJson), hasMore };
  });
  const shownSettings = settingsShown(app.atrium.secrets);
  app.get("/companies/list", { ...superOnly, schema: { tags, response: { 200: Type.Array(CompanyListRow) } } }, async () => {
    const companies = await Company.query().withGraphFetched("plan").orderBy("name").orderBy("id");
    return Promise.all(companies.map(async (c) => ({ ...companyJson(c), settings: shownSettings.list(await app.tenancy.settings.all(c.id)) })));
  });
  app.get(
    "/companies/:id",
    { ...superOnly, schema: { tags, params: IdParams, response: { 200: CompanyReply } } },
    async (request) => companyJson(await findCompany(request.params.id))
  );
  app.post("/companies", { ...superOnly, schema: { tags, body: CompanyCreateBody, response: { 200: CompanyReply } } }, async (request) => {
    const { password, ...body } = request.body;
    const company = await createCompany(app, {
      ...body,
      status: body.status ?? true,
      campaignsEnabled: body.campaignsEnabled ?? false,
      dueDate: normalizeDueDate(body.dueDate),
      recurrence: body.recurrence ?? "MENSAL"
    }, password ? { name: body.name.trim(), password } : void 0);
    return companyJson(await findCompany(company.id));
  });
  app.put("/companies/:id", {
    ...superOnly,
    schema: { tags, params: IdParams, body: CompanyUpdateBody, response: { 200: CompanyReply } }
  }, async (request) => {
    const company = await findCompany(request.params.id);
    const body = request.body;
    const patch = { ...body };
    if (body.name !== void 0) patch.name = body.name.trim();
    if (body.email !== void 0) patch.email = body.email.trim().toLowerCase();
    if (body.phone !== void 0) patch.phone = checkPhone(body.phone);
    if (body.dueDate !== void 0) patch.dueDate = normalizeDueDate(body.dueDate);
    if (body.planId !== void 0) await assertPlanExists(body.planId);
    await company.$query().patch(patch);
    if (body.campaignsEnabled !== void 0) await app.tenancy.settings.set(company.id, "campaignsEnabled", body.campaignsEnabled ? "true" : "false");
    app.tenancy.invalidate(company.id);
    await billCompanyNow(app, company.id);
    const updated = await findCompany(company.id);
    emit(updated, "update");
    return companyJson(updated);
  });
  app.delete("/companies/:id", { ...superOnly, schema: { tags, params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const company = await findCompany(request.params.id);
    if (company.id === request.user.companyId) throw forbidden("ERR_NO_PERMISSION", "The super user's own company cannot be deleted");
    for (const { id } of await Whatsapp.scoped(company.id).select("id")) {
      await app.sessions.stop(id, { logout: true }).catch((err) => request.log.warn({ err, whatsappId: id }, "session not stopped before the company was deleted"));
    }
    await Company.query().deleteById(company.id);
    app.tenancy.invalidate(company.id);
    app.bus.emit(company.id, "company", { action: "delete", companyId: company.id });
    return { message: "company deleted" };
  });
  app.put("/companies/:id/schedules", {
    schema: { tags, params: IdParams, body: SchedulesBody, response: { 200: CompanyReply } }
  }, async (request) => {
    const { id } = request.params;
    if (id !== request.user.companyId && !request.user.super) throw notFound("ERR_NO_COMPANY_FOUND", "Company not found");
    if (request.user.profile !== "admin" && !request.user.super) throw forbidden("ERR_NO_PERMISSION", "Only an admin may change opening hours");
    const schedules = openingHours(request.body.schedules);
    const company = await findCompany(id);
    if (schedules) {
      const days = new Set(schedules.map((s) => s.weekdayEn));
      if (schedules.length !== 7 || days.size !== 7 || ![...days].every((d) => WEEKDAYS_EN.includes(d))) {
        throw badRequest("ERR_VALIDATION", "One entry per weekday is required", { field: "body/schedules" });
      }
      await company.$query().patch({ schedules });
    }
    const updated = await findCompany(id);
    emit(updated, "update");
    return companyJson(updated);
  });
};
var routes_default = companiesRoutes;
export {
  routes_default as default
};
