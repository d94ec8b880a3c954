import { MAX_JSON_DEPTH } from "../../src/http/json-depth.js";
import { SESSION_OVER_CODES } from "../../src/http/errors.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../helper.js";
import { declaredPluginPublicRoutes, fillUrl, sample, wrongType } from "./routes.js";
async function authenticationWalk(app, routes) {
  const declared = declaredPluginPublicRoutes(app);
  const found = { open: [], undeclaredPluginPublic: [], publicRoutes: [], declared, checked: 0 };
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    if (route.isPublic) {
      found.publicRoutes.push(name);
      if (route.pluginId && !declared.includes(name)) found.undeclaredPluginPublic.push(name);
      continue;
    }
    found.checked += 1;
    const res = await app.inject({ method: route.method, url: fillUrl(route.url, () => "1") });
    if (res.statusCode !== 401) found.open.push(`${name} \u2192 ${res.statusCode}`);
  }
  return found;
}
const SQL = "' OR 1=1; DROP TABLE users; --";
const SCRIPT = "<script>alert(document.cookie)</script>";
const BIG = "A".repeat(100 * 1024);
const JUNK_PARAMS = ["-1", "0", "abc", "../../etc/passwd", "99999999999", "1.5", SQL, SCRIPT, "%00", " "];
const RAW_BODIES = ["null", "[]", '"just a string"', '[{"a":1},2]', "123", "true", '{"unterminated":', '{"__proto__":{"polluted":true}}'];
const nested = (levels) => `{"a":${"[".repeat(levels - 1)}1${"]".repeat(levels - 1)}}`;
const TOO_DEEP = [MAX_JSON_DEPTH + 1, 2e5];
const JUNK_QUERY = `pageNumber=abc&pageNumber=-5&searchParam=${encodeURIComponent(SQL)}&x[]=1&__proto__[polluted]=1&limit=99999999999&${encodeURIComponent(SCRIPT)}=1`;
const isPlainData = (headers) => /^application\/json/.test(String(headers["content-type"] ?? "")) || /^attachment/.test(String(headers["content-disposition"] ?? ""));
function casesFor(route) {
  const cases = [];
  const withOnes = fillUrl(route.url, () => "1");
  for (const param of route.params) {
    for (const junk of JUNK_PARAMS) {
      cases.push({ label: `param ${param}=${JSON.stringify(junk).slice(0, 40)}`, url: fillUrl(route.url, (p) => p === param ? junk : "1") });
    }
  }
  cases.push({ label: "junk query string", url: `${withOnes}?${JUNK_QUERY}` });
  for (const [key, prop] of Object.entries(route.schema.querystring?.properties ?? {})) {
    cases.push({ label: `query ${key} wrong type`, url: `${withOnes}?${key}=${encodeURIComponent(JSON.stringify(wrongType(prop)))}` });
    cases.push({ label: `query ${key} 100 kB`, url: `${withOnes}?${key}=${BIG.slice(0, 8e3)}` });
  }
  if (["POST", "PUT", "PATCH", "DELETE"].includes(route.method)) {
    for (const raw of RAW_BODIES) cases.push({ label: `raw body ${raw.slice(0, 20)}`, url: withOnes, payload: raw, contentType: "application/json" });
    cases.push({ label: "text/plain body", url: withOnes, payload: "hello", contentType: "text/plain" });
    for (const levels of TOO_DEEP) cases.push({ label: `body nested ${levels} levels`, url: withOnes, payload: nested(levels), contentType: "application/json", refused: true });
    const body = route.schema.body;
    const base = (text) => sample(body, { id: 1, text });
    for (const text of [SQL, SCRIPT, BIG]) {
      const valid = base(text);
      if (valid !== void 0) cases.push({ label: `sample body with ${text.slice(0, 12)}\u2026 strings`, url: withOnes, payload: JSON.stringify(valid), contentType: "application/json" });
    }
    if (body?.type === "object") {
      const payload = { ...base("probe") ?? {}, unknownField: SCRIPT };
      cases.push({ label: "body with an unknown field", url: withOnes, payload: JSON.stringify(payload), contentType: "application/json" });
    }
    for (const [key, prop] of Object.entries(body?.properties ?? {})) {
      for (const [what, value] of [["wrong type", wrongType(prop)], ["100 kB", BIG], ["SQL", SQL], ["script", SCRIPT], ["null", null], ["huge number", 1e308], ["deep array", Array(1e3).fill([1])]]) {
        const payload2 = { ...base("probe") ?? {}, [key]: value };
        cases.push({ label: `body ${key} ${what}`, url: withOnes, payload: JSON.stringify(payload2), contentType: "application/json" });
      }
      const payload = `{${JSON.stringify(key)}:${nested(MAX_JSON_DEPTH)}}`;
      cases.push({ label: `body ${key} nested past the limit`, url: withOnes, payload, contentType: "application/json", refused: true });
    }
  }
  return cases;
}
async function robustnessWalk(env, routes) {
  const { app, request } = env;
  let token = env.token;
  const keepSession = async () => {
    if ((await request("GET", "/api/auth/me", { token })).status !== 200) token = await env.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  };
  const failures = [];
  let sent = 0;
  for (const route of routes) {
    for (const c of casesFor(route)) {
      for (const bearer of route.isPublic ? [token, void 0] : [token]) {
        sent += 1;
        const who = bearer ? "" : " (no session)";
        try {
          const res = await app.inject({
            method: route.method,
            url: c.url,
            payload: c.payload,
            headers: { ...bearer ? { authorization: `Bearer ${bearer}` } : {}, ...c.contentType ? { "content-type": c.contentType } : {} }
          });
          if (res.statusCode < 300 && route.method !== "GET") await keepSession();
          if (res.statusCode === 401 && bearer && !route.isPublic && !SESSION_OVER_CODES.includes(res.json().error)) {
            failures.push(`${route.method} ${route.url} [${c.label}] \u2192 401 ${res.body.slice(0, 200)}: a wrong input is a 400/403`);
          } else if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} [${c.label}]${who} \u2192 ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (c.refused && res.statusCode !== 429 && !(res.statusCode === 400 && res.json().error === "ERR_VALIDATION")) {
            failures.push(`${route.method} ${route.url} [${c.label}]${who} \u2192 ${res.statusCode} ${res.body.slice(0, 200)}, not 400 ERR_VALIDATION`);
          } else if (!isPlainData(res.headers)) failures.push(`${route.method} ${route.url} [${c.label}]${who} \u2192 ${res.headers["content-type"]}, not JSON`);
        } catch (err) {
          failures.push(`${route.method} ${route.url} [${c.label}]${who} threw ${err.message}`);
        }
      }
    }
  }
  for (const route of routes.filter((r) => r.method === "GET" && r.params.length === 0)) {
    const res = await app.inject({ method: "GET", url: route.url, headers: { authorization: `Bearer ${token}` } });
    if (!isPlainData(res.headers)) failures.push(`GET ${route.url} (read back) \u2192 ${res.headers["content-type"]}, not JSON`);
  }
  return { failures, sent };
}
async function tablesWithCompanyId(knex) {
  const names = knex.client.config.client === "sqlite3" || knex.client.config.client === "better-sqlite3" ? await knex("sqlite_master").where({ type: "table" }).pluck("name") : await knex("information_schema.tables").whereRaw("table_schema = database()").pluck("TABLE_NAME");
  const out = [];
  for (const name of names) {
    const info = await knex(name).columnInfo();
    if (info.companyId && info.id) out.push(name);
  }
  return out;
}
async function idsOwnedBy(knex, companyId, tables) {
  const ids = /* @__PURE__ */ new Set();
  for (const table of tables) for (const { id } of await knex(table).where("companyId", companyId).select("id")) ids.add(Number(id));
  return ids;
}
async function foreignCompanyWalk(walk) {
  const { app, routes, token, marker } = walk;
  const found = { leaks: [], foreignSuccess: [], sent: 0 };
  const call = async (method, url, body) => {
    found.sent += 1;
    const res = await app.inject({
      method,
      url,
      payload: body === void 0 ? void 0 : JSON.stringify(body),
      headers: { authorization: `Bearer ${token}`, ...body === void 0 ? {} : { "content-type": "application/json" } }
    });
    if (res.body.includes(marker)) found.leaks.push(`${method} ${url} \u2192 ${res.statusCode}`);
    return res.statusCode;
  };
  for (const route of routes) {
    if (route.url.startsWith("/api/auth/")) continue;
    const hasBody = ["POST", "PUT", "PATCH", "DELETE"].includes(route.method) && route.schema.body !== void 0;
    const probeIds = await walk.probeIds();
    if (route.params.length === 0) {
      for (const id of hasBody ? probeIds : [probeIds[0] ?? 1]) {
        await call(route.method, `${route.url}${route.method === "GET" ? "?pageNumber=1" : ""}`, hasBody ? sample(route.schema.body, { id, text: "probe" }) : void 0);
      }
      continue;
    }
    const paramTypes = route.schema.params?.properties ?? {};
    const values = probeIds.map(String);
    if (route.params.some((p) => paramTypes[p]?.type !== "integer")) values.push(...walk.otherValues ?? []);
    for (const value of values) {
      const url = fillUrl(route.url, () => value);
      const status = await call(route.method, url, hasBody ? sample(route.schema.body, { id: Number(value) || 1, text: "probe" }) : void 0);
      if (status >= 200 && status < 300 && ["GET", "PUT", "PATCH", "DELETE"].includes(route.method) && !route.isPublic) {
        found.foreignSuccess.push(`${route.method} ${url} \u2192 ${status}`);
      }
    }
  }
  return found;
}
function assertWalks(t, found) {
  if (found.auth) {
    t.same(found.auth.open, [], "no private route answers without a session");
    t.same(found.auth.undeclaredPluginPublic, [], "every public plugin route is declared in its manifest");
    for (const name of found.auth.declared) t.ok(found.auth.publicRoutes.includes(name), `${name} (declared) is public`);
  }
  if (found.robustness) t.same(found.robustness.failures, [], "no 5xx answers; every answer is JSON data");
  if (found.isolation) {
    t.same(found.isolation.leaks, [], "no response shows the other company's marker");
    t.same(found.isolation.foreignSuccess, [], "no GET/PUT/DELETE on the other company's ids succeeds");
  }
}
export {
  assertWalks,
  authenticationWalk,
  foreignCompanyWalk,
  idsOwnedBy,
  robustnessWalk,
  tablesWithCompanyId
};
