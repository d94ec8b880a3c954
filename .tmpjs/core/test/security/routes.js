import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../helper.js";
import { BUILTIN_PLAN_FLAGS, Company, Plan } from "../../src/db/models/index.js";
const PATTERN_FORMS = ["09:00", "2030-01-31", "https://example.test/hook", "5511999990000", "probe", "probe-model"];
const FIXTURE_PLUGINS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/plugins");
const FIXTURE_FLAGS = { useHello: true, useRelay: true };
async function buildWithPlugins(t, pluginDirs, flags, options = {}) {
  const env = await build(t, { ...options, extraPluginDirs: pluginDirs });
  const { planId } = await Company.query().findById(1);
  const plan = await Plan.query().findById(planId);
  const builtin = Object.fromEntries(Object.entries(flags).filter(([k]) => BUILTIN_PLAN_FLAGS.includes(k)));
  const features = { ...plan.features ?? {}, ...Object.fromEntries(Object.entries(flags).filter(([k]) => !BUILTIN_PLAN_FLAGS.includes(k))) };
  await Plan.query().patch({ ...builtin, features }).where("id", planId);
  env.app.tenancy.invalidate();
  return env;
}
async function buildWithFixturePlugins(t, options = {}) {
  return buildWithPlugins(t, [FIXTURE_PLUGINS], FIXTURE_FLAGS, options);
}
function declaredPluginPublicRoutes(app) {
  return app.plugins.flatMap((p) => (p.manifest.backend?.publicRoutes ?? []).map((d) => {
    const prefix = p.manifest.backend?.prefix ?? `/${p.manifest.id}`;
    return `${d.method} /api${prefix === "/" ? "" : prefix.replace(/\/$/, "")}${d.url}`;
  }));
}
function apiRoutes(app) {
  const out = [];
  for (const route of app.routeTable) {
    if (!route.url.startsWith("/api/") || route.url.startsWith("/api/docs")) continue;
    for (const method of [route.method].flat()) {
      if (method === "HEAD" || method === "OPTIONS") continue;
      out.push({
        method,
        url: route.url,
        params: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]),
        schema: route.schema ?? {},
        isPublic: Boolean(route.config?.public),
        pluginId: route.config?.pluginId
      });
    }
  }
  return out;
}
const fillUrl = (url, value) => url.replace(/:(\w+)/g, (_m, name) => encodeURIComponent(value(name)));
const isIdName = (name) => name === "id" || /Id$/.test(name);
const isIdsName = (name) => /Ids$/.test(name);
function sample(schema, fill, name = "") {
  if (!schema) return void 0;
  if (fill.values && name in fill.values && fits(schema, fill.values[name])) return fill.values[name];
  if (schema.const !== void 0) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const first = branches.find((b) => b.type !== "null") ?? branches[0];
    return sample(first, fill, name);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sample(prop, fill, key);
      return out;
    }
    case "array": {
      const item = sample(schema.items, fill, isIdsName(name) ? "id" : name);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case "integer":
    case "number": {
      if (isIdName(name)) return fill.id;
      const min = schema.minimum ?? 1;
      return Math.min(Math.max(1, min), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case "boolean":
      return true;
    case "null":
      return null;
    case "string": {
      if (schema.format === "email") return `${fill.text.replace(/\W/g, "").toLowerCase() || "probe"}@probe.test`;
      if (schema.format === "date-time") return (/* @__PURE__ */ new Date()).toISOString();
      if (schema.format === "date") return (/* @__PURE__ */ new Date()).toISOString().slice(0, 10);
      if (schema.format === "uuid") return "00000000-0000-4000-8000-000000000000";
      const pattern = fill.fitPatterns && schema.pattern ? new RegExp(schema.pattern) : void 0;
      const form = pattern && PATTERN_FORMS.find((f) => pattern.test(f));
      if (form) return form;
      let text = isIdName(name) ? String(fill.id) : fill.text;
      while (text.length < (schema.minLength ?? 0)) text += "x";
      return schema.maxLength !== void 0 ? text.slice(0, schema.maxLength) : text;
    }
    default:
      return fill.text;
  }
}
function fits(schema, value) {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.some((b) => fits(b, value));
  const kind = value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? Number.isInteger(value) ? "integer" : "number" : typeof value;
  const types = [schema.type ?? kind].flat();
  return types.includes(kind) || kind === "integer" && types.includes("number");
}
function wrongType(schema) {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  switch (type) {
    case "string":
      return { nested: { deeper: [1, 2, 3] } };
    case "integer":
    case "number":
      return "not-a-number";
    case "boolean":
      return "maybe";
    case "array":
      return "not-an-array";
    case "object":
      return [1, "two", null];
    default:
      return { unexpected: true };
  }
}
const multipartRoutes = (app) => apiRoutes(app).filter((r) => r.schema.consumes?.includes("multipart/form-data"));
const MULTIPART_READERS = ["parts", "file", "files", "saveRequestFiles", "formData"];
function spyMultipartReaders(app) {
  const seen = /* @__PURE__ */ new Set();
  const symbol = Object.getOwnPropertySymbols(app).find((s) => s.description === "fastify.Request");
  const proto = symbol && app[symbol]?.prototype;
  if (!proto || typeof proto.parts !== "function") throw new Error("cannot find the Request prototype with multipart decorators");
  for (const name of MULTIPART_READERS) {
    const original = proto[name];
    if (typeof original !== "function") continue;
    proto[name] = function(...args) {
      seen.add(`${[this.routeOptions.method].flat()[0]} ${this.routeOptions.url}`);
      return original.apply(this, args);
    };
  }
  return seen;
}
export {
  FIXTURE_FLAGS,
  FIXTURE_PLUGINS,
  apiRoutes,
  buildWithFixturePlugins,
  buildWithPlugins,
  declaredPluginPublicRoutes,
  fillUrl,
  multipartRoutes,
  sample,
  spyMultipartReaders,
  wrongType
};
