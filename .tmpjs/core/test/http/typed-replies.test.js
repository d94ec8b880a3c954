import t from "tap";
import { apiRoutes, buildWithFixturePlugins } from "../security/routes.js";
function untypedObjects(schema, at, out = []) {
  if (!schema || typeof schema !== "object") return out;
  const isObject = schema.type === "object" || Array.isArray(schema.type) && schema.type.includes("object");
  const declares = Object.keys(schema.properties ?? {}).length > 0 || Object.keys(schema.patternProperties ?? {}).length > 0 || typeof schema.additionalProperties === "object";
  if (isObject && !declares && schema.additionalProperties !== false) out.push(at || "(the reply)");
  for (const [name, sub] of Object.entries(schema.properties ?? {})) untypedObjects(sub, `${at}.${name}`, out);
  for (const sub of Object.values(schema.patternProperties ?? {})) untypedObjects(sub, `${at}[key]`, out);
  if (typeof schema.additionalProperties === "object") untypedObjects(schema.additionalProperties, `${at}[key]`, out);
  for (const sub of [schema.items ?? []].flat()) untypedObjects(sub, `${at}[]`, out);
  for (const sub of [...schema.anyOf ?? [], ...schema.oneOf ?? [], ...schema.allOf ?? []]) untypedObjects(sub, at, out);
  return out;
}
const MESSAGE_DATA = /(\.message|\.messages\[\]|\.quotedMsg)\.data$/;
const freeForm = (url, where) => MESSAGE_DATA.test(where) || /\/messages\b/.test(url) && where === ".data";
t.test("no reply schema of any route answers an untyped object", async (t2) => {
  const { app } = await buildWithFixturePlugins(t2);
  const routes = apiRoutes(app);
  t2.ok(routes.length > 100, `the route table is walked (${routes.length} routes)`);
  const found = [];
  for (const route of routes) {
    const response = route.schema.response ?? {};
    for (const [status, schema] of Object.entries(response)) {
      for (const where of untypedObjects(schema, "")) {
        if (!freeForm(route.url, where)) found.push(`${route.method} ${route.url} ${status} ${where}`);
      }
    }
  }
  t2.same(found, [], "every reply field is declared");
});
t.test("the walk finds an untyped object where there is one", async (t2) => {
  t2.same(untypedObjects({ type: "object", properties: { user: { type: "object", additionalProperties: true } } }, ""), [".user"]);
  t2.same(untypedObjects({ type: "array", items: { type: "object" } }, ""), ["[]"]);
  t2.same(untypedObjects({ type: "object", patternProperties: { "^.*$": { type: "boolean" } } }, ""), [], "a record of known values is typed");
  t2.same(untypedObjects({ type: "object", properties: { x: { type: "number" } }, additionalProperties: true }, ""), [], "declared fields, more allowed");
});
