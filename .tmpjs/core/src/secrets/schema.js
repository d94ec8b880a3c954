import { Type } from "@sinclair/typebox";
const SECRET_KEYWORD = "x-secret";
const SecretString = (options = {}) => Type.String({ ...options, [SECRET_KEYWORD]: true });
const memo = /* @__PURE__ */ new WeakMap();
function hasSecret(schema) {
  if (!schema || typeof schema !== "object") return false;
  const s = schema;
  const known = memo.get(s);
  if (known !== void 0) return known;
  memo.set(s, false);
  const children = [
    ...Object.values(s.properties ?? {}),
    ...Object.values(s.patternProperties ?? {}),
    s.additionalProperties,
    s.items,
    ...s.anyOf ?? [],
    ...s.oneOf ?? [],
    ...s.allOf ?? []
  ];
  const found = s[SECRET_KEYWORD] === true || children.some(hasSecret);
  memo.set(s, found);
  return found;
}
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function redactBySchema(schema, value, mask) {
  if (value === null || value === void 0 || !hasSecret(schema)) return value;
  const s = schema;
  if (s[SECRET_KEYWORD] === true) return typeof value === "string" ? mask(value) : value;
  const plain = isObject(value) && typeof value.toJSON === "function" ? value.toJSON() : value;
  for (const branch of [...s.anyOf ?? [], ...s.oneOf ?? []]) {
    const fits = branch[SECRET_KEYWORD] === true ? typeof plain === "string" : branch.type === "array" ? Array.isArray(plain) : branch.type === "object" ? isObject(plain) : false;
    if (fits && hasSecret(branch)) return redactBySchema(branch, plain, mask);
  }
  let out = plain;
  for (const part of s.allOf ?? []) out = redactBySchema(part, out, mask);
  if (Array.isArray(out) && s.items) return out.map((item) => redactBySchema(s.items, item, mask));
  if (!isObject(out)) return out;
  const copy = { ...out };
  for (const [key, item] of Object.entries(copy)) {
    const declared = s.properties?.[key];
    const pattern = Object.entries(s.patternProperties ?? {}).find(([re]) => new RegExp(re).test(key))?.[1];
    const extra = typeof s.additionalProperties === "object" ? s.additionalProperties : void 0;
    const field = declared ?? pattern ?? extra;
    if (field) copy[key] = redactBySchema(field, item, mask);
  }
  return copy;
}
export {
  SECRET_KEYWORD,
  SecretString,
  hasSecret,
  redactBySchema
};
