import t from 'tap';
import { apiRoutes, buildWithFixturePlugins } from '../security/routes.js';

/**
 * Typed to the edge (issue 27): a reply schema says what a client receives. An object schema with no properties
 * that lets anything through (`{ type: 'object', additionalProperties: true }`, the old AnyObject) documents nothing
 * and lets a field leak out unnoticed (a password hash, another company's row). Walked over every route of the
 * core and of the plugins, so a new route cannot bring one back.
 */
type Schema = {
  type?: string | string[]; properties?: Record<string, Schema>; patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema; items?: Schema | Schema[]; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[];
};

/** Paths (inside one schema) of the objects that accept anything and declare nothing. */
function untypedObjects(schema: Schema | undefined, at: string, out: string[] = []): string[] {
  if (!schema || typeof schema !== 'object') return out;
  const isObject = schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'));
  const declares = Object.keys(schema.properties ?? {}).length > 0 || Object.keys(schema.patternProperties ?? {}).length > 0
    || typeof schema.additionalProperties === 'object';
  if (isObject && !declares && schema.additionalProperties !== false) out.push(at || '(the reply)');
  for (const [name, sub] of Object.entries(schema.properties ?? {})) untypedObjects(sub, `${at}.${name}`, out);
  for (const sub of Object.values(schema.patternProperties ?? {})) untypedObjects(sub, `${at}[key]`, out);
  if (typeof schema.additionalProperties === 'object') untypedObjects(schema.additionalProperties, `${at}[key]`, out);
  for (const sub of [schema.items ?? []].flat()) untypedObjects(sub, `${at}[]`, out);
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) untypedObjects(sub, at, out);
  return out;
}

/**
 * The one field free-form by nature: a message's provider details (location, vcard, call, a template's name…), a
 * different shape per kind and provider, never a storage key (core/src/domains/messages/schemas.ts). It is matched
 * where a message is: the reply itself on a message route, or a `message`, `messages[]` or `quotedMsg` field.
 */
const MESSAGE_DATA = /(\.message|\.messages\[\]|\.quotedMsg)\.data$/;
const freeForm = (url: string, where: string) => MESSAGE_DATA.test(where) || (/\/messages\b/.test(url) && where === '.data');

t.test('no reply schema of any route answers an untyped object', async (t) => {
  const { app } = await buildWithFixturePlugins(t);
  const routes = apiRoutes(app);
  t.ok(routes.length > 100, `the route table is walked (${routes.length} routes)`);
  const found: string[] = [];
  for (const route of routes) {
    const response = (route.schema as { response?: Record<string, Schema> }).response ?? {};
    for (const [status, schema] of Object.entries(response)) {
      for (const where of untypedObjects(schema, '')) {
        if (!freeForm(route.url, where)) found.push(`${route.method} ${route.url} ${status} ${where}`);
      }
    }
  }
  t.same(found, [], 'every reply field is declared');
});

t.test('the walk finds an untyped object where there is one', async (t) => {
  t.same(untypedObjects({ type: 'object', properties: { user: { type: 'object', additionalProperties: true } } }, ''), ['.user']);
  t.same(untypedObjects({ type: 'array', items: { type: 'object' } }, ''), ['[]']);
  t.same(untypedObjects({ type: 'object', patternProperties: { '^.*$': { type: 'boolean' } } }, ''), [], 'a record of known values is typed');
  t.same(untypedObjects({ type: 'object', properties: { x: { type: 'number' } }, additionalProperties: true }, ''), [], 'declared fields, more allowed');
});
