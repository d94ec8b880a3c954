import { Type } from "@sinclair/typebox";
import { BUILTIN_PLAN_FLAGS, Company, Plan } from "../../db/models/index.js";
import { conflict, notFound } from "../../http/errors.js";
import { IdParams, OkReply } from "../../http/schemas.js";
import { isUniqueViolation } from "../../db/errors.js";
import { PlanCreateBody, PlanReply, PlanUpdateBody } from "./schemas.js";
const planJson = (plan) => ({ ...plan.toJSON(), features: plan.features ?? {} });
const nameTaken = (name) => conflict("ERR_PLAN_NAME_IN_USE", `A plan named "${name}" already exists`, { field: "name" });
const plansRoutes = async (app) => {
  const tags = ["plans"];
  const superOnly = { preHandler: app.requireSuper };
  for (const url of ["/plans/list", "/plans/listpublic"]) {
    app.get(url, {
      config: { public: true },
      schema: { tags, response: { 200: Type.Array(PlanReply) } }
    }, async () => (await Plan.query().orderBy("value").orderBy("id")).map(planJson));
  }
  app.get(
    "/plans/all",
    { ...superOnly, schema: { tags, response: { 200: Type.Array(PlanReply) } } },
    async () => (await Plan.query().orderBy("id")).map(planJson)
  );
  app.get("/plans/:id", { ...superOnly, schema: { tags, params: IdParams, response: { 200: PlanReply } } }, async (request) => {
    const plan = await Plan.query().findById(request.params.id);
    if (!plan) throw notFound("ERR_NO_PLAN_FOUND", "Plan not found");
    return planJson(plan);
  });
  app.post("/plans", { ...superOnly, schema: { tags, body: PlanCreateBody, response: { 200: PlanReply } } }, async (request) => {
    const body = request.body;
    const name = body.name.trim();
    if (await Plan.query().findOne({ name })) throw nameTaken(name);
    const flags = Object.fromEntries(BUILTIN_PLAN_FLAGS.map((f) => [f, body[f] ?? true]));
    try {
      const plan = await Plan.query().insertAndFetch({ ...body, ...flags, name, features: body.features ?? {} });
      return planJson(plan);
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(name);
      throw err;
    }
  });
  app.put("/plans/:id", { ...superOnly, schema: { tags, params: IdParams, body: PlanUpdateBody, response: { 200: PlanReply } } }, async (request) => {
    const plan = await Plan.query().findById(request.params.id);
    if (!plan) throw notFound("ERR_NO_PLAN_FOUND", "Plan not found");
    const patch = { ...request.body };
    if (patch.name !== void 0) {
      patch.name = patch.name.trim();
      const other = await Plan.query().findOne({ name: patch.name }).whereNot("id", plan.id);
      if (other) throw nameTaken(patch.name);
    }
    try {
      const updated = await plan.$query().patchAndFetch(patch);
      app.tenancy.invalidate();
      return planJson(updated);
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(patch.name ?? plan.name);
      throw err;
    }
  });
  app.delete("/plans/:id", { ...superOnly, schema: { tags, params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const plan = await Plan.query().findById(request.params.id);
    if (!plan) throw notFound("ERR_NO_PLAN_FOUND", "Plan not found");
    const inUse = await Company.query().where("planId", plan.id).resultSize();
    if (inUse > 0) throw conflict("ERR_PLAN_IN_USE", `${inUse} companies are on this plan`, { companies: inUse });
    await plan.$query().delete();
    app.tenancy.invalidate();
    return { message: "plan deleted" };
  });
};
var routes_default = plansRoutes;
export {
  routes_default as default,
  planJson
};
