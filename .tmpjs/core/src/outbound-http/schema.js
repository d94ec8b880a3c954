import { Type } from "@sinclair/typebox";
const TENANT_URL_KEYWORD = "x-tenant-url";
const TenantUrl = (options = {}) => Type.String({ maxLength: 2e3, pattern: "^[Hh][Tt][Tt][Pp][Ss]?://", ...options, [TENANT_URL_KEYWORD]: true });
function tenantUrlPaths(schema, at = [], seen = /* @__PURE__ */ new Set()) {
  if (!schema || typeof schema !== "object" || seen.has(schema)) return [];
  seen.add(schema);
  const s = schema;
  if (s[TENANT_URL_KEYWORD] === true) return [at];
  const out = [];
  for (const [key, child] of Object.entries(s.properties ?? {})) out.push(...tenantUrlPaths(child, [...at, key], seen));
  if (s.items) out.push(...tenantUrlPaths(s.items, [...at, "*"], seen));
  for (const branch of [...s.anyOf ?? [], ...s.oneOf ?? [], ...s.allOf ?? []]) out.push(...tenantUrlPaths(branch, at, seen));
  return [...new Map(out.map((p) => [p.join("/"), p])).values()];
}
function stringsAt(body, path, field = "body") {
  if (path.length === 0) return typeof body === "string" && body !== "" ? [{ value: body, field }] : [];
  if (!body || typeof body !== "object") return [];
  const [head, ...rest] = path;
  if (head === "*") return Array.isArray(body) ? body.flatMap((item, i) => stringsAt(item, rest, `${field}/${i}`)) : [];
  return stringsAt(body[head], rest, `${field}/${head}`);
}
function installTenantUrlCheck(api, http) {
  api.addHook("onRoute", (route) => {
    const paths = tenantUrlPaths(route.schema?.body);
    if (paths.length === 0) return;
    const check = async (request, reply) => {
      for (const path of paths) {
        for (const { value, field } of stringsAt(request.body, path)) await http.assertUrlAllowed(value, field, reply);
      }
    };
    const existing = route.preHandler;
    route.preHandler = [...existing === void 0 ? [] : [existing].flat(), check];
  });
}
export {
  TENANT_URL_KEYWORD,
  TenantUrl,
  installTenantUrlCheck,
  stringsAt,
  tenantUrlPaths
};
