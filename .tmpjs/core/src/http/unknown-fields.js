const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const describesObject = (s) => s.type === "object" || isObject(s.properties);
function closeObjects(schema) {
  if (!isObject(schema)) return schema;
  const out = { ...schema };
  if (isObject(schema.properties)) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, prop]) => [key, closeObjects(prop)]));
    if (schema.additionalProperties === void 0 && Object.keys(schema.properties).length > 0) out.additionalProperties = false;
  }
  if (schema.items !== void 0) out.items = Array.isArray(schema.items) ? schema.items.map(closeObjects) : closeObjects(schema.items);
  for (const key of ["anyOf", "oneOf"]) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.filter((b) => isObject(b) && describesObject(b)).length <= 1) out[key] = branches.map(closeObjects);
  }
  return out;
}
function dropUnknownBodyFields(factory) {
  return (...options) => {
    const compile = factory(...options);
    return (route) => compile(route.httpPart === "body" ? { ...route, schema: closeObjects(route.schema) } : route);
  };
}
export {
  closeObjects,
  dropUnknownBodyFields
};
