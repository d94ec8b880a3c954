/**
 * Unknown body fields are dropped, never a 5xx (docs/decisions.md, "Unknown body fields"): clients save the
 * whole answer they read, with fields of their own version of the API. The app's Ajv runs with
 * `removeAdditional: true`, which drops only what a schema closes with `additionalProperties: false`;
 * TypeBox leaves objects open. So every object of a body schema that says nothing is closed here, before
 * it is compiled, and Ajv removes its unknown fields before the handler (and the database) sees them.
 *
 * Left as written: objects that say `additionalProperties` themselves (free-form settings, a plugin's
 * config), objects with no declared property (an "any object"), and `allOf` (each part knows only its
 * own fields). Inside `anyOf`/`oneOf` an object is closed only when it is the only object branch: Ajv
 * removes fields while it tries a branch, and a failed branch would strip fields another one needs.
 */
type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const describesObject = (s: Schema) => s.type === 'object' || isObject(s.properties);

export function closeObjects(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: Schema = { ...schema };
  if (isObject(schema.properties)) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, prop]) => [key, closeObjects(prop)]));
    if (schema.additionalProperties === undefined && Object.keys(schema.properties).length > 0) out.additionalProperties = false;
  }
  if (schema.items !== undefined) out.items = Array.isArray(schema.items) ? schema.items.map(closeObjects) : closeObjects(schema.items);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.filter((b) => isObject(b) && describesObject(b)).length <= 1) out[key] = branches.map(closeObjects);
  }
  return out;
}

/** Wraps a validator compiler so that body schemas are compiled closed (see above); other parts as written. */
export function dropUnknownBodyFields<Options extends unknown[], Route extends { schema?: unknown; httpPart?: string }, Compiled>(
  factory: (...options: Options) => (route: Route) => Compiled,
) {
  return (...options: Options) => {
    const compile = factory(...options);
    return (route: Route): Compiled => compile(route.httpPart === 'body' ? { ...route, schema: closeObjects(route.schema) } : route);
  };
}
