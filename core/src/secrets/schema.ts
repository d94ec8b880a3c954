import { Type, type StringOptions, type TString } from '@sinclair/typebox';

/** The JSON-schema keyword that marks a field secret (accepted by the app's Ajv, shown in /api/docs). */
export const SECRET_KEYWORD = 'x-secret';

/** A string field holding a secret: responses and `secrets.redact` mask it; store it with `keepSecretIfMasked`. */
export const SecretString = (options: StringOptions = {}): TString => Type.String({ ...options, [SECRET_KEYWORD]: true });

type Schema = Record<string, unknown> & {
  properties?: Record<string, Schema>; patternProperties?: Record<string, Schema>; additionalProperties?: Schema | boolean;
  items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[];
};

const memo = new WeakMap<object, boolean>();

/** Whether a schema has a secret field anywhere inside it (memoised per schema object). */
export function hasSecret(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as Schema;
  const known = memo.get(s);
  if (known !== undefined) return known;
  memo.set(s, false); // cycles
  const children: unknown[] = [
    ...Object.values(s.properties ?? {}), ...Object.values(s.patternProperties ?? {}), s.additionalProperties, s.items,
    ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? []),
  ];
  const found = s[SECRET_KEYWORD] === true || children.some(hasSecret);
  memo.set(s, found);
  return found;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A copy of `value` in which every string the schema marks secret is replaced by `mask(value)`. */
export function redactBySchema(schema: unknown, value: unknown, mask: (stored: string) => string): unknown {
  if (value === null || value === undefined || !hasSecret(schema)) return value;
  const s = schema as Schema;
  if (s[SECRET_KEYWORD] === true) return typeof value === 'string' ? mask(value) : value;
  const plain = isObject(value) && typeof (value as { toJSON?: unknown }).toJSON === 'function' ? (value as { toJSON(): unknown }).toJSON() : value;
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const fits = branch[SECRET_KEYWORD] === true ? typeof plain === 'string' : branch.type === 'array' ? Array.isArray(plain) : branch.type === 'object' ? isObject(plain) : false;
    if (fits && hasSecret(branch)) return redactBySchema(branch, plain, mask);
  }
  let out: unknown = plain;
  for (const part of s.allOf ?? []) out = redactBySchema(part, out, mask);
  if (Array.isArray(out) && s.items) return out.map((item) => redactBySchema(s.items, item, mask));
  if (!isObject(out)) return out;
  const copy: Record<string, unknown> = { ...out };
  for (const [key, item] of Object.entries(copy)) {
    const declared = s.properties?.[key];
    const pattern = Object.entries(s.patternProperties ?? {}).find(([re]) => new RegExp(re).test(key))?.[1];
    const extra = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
    const field = declared ?? pattern ?? extra;
    if (field) copy[key] = redactBySchema(field, item, mask);
  }
  return copy;
}
