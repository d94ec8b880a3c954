import t from "tap";
import { Type } from "@sinclair/typebox";
import { Ajv } from "ajv";
import { closeObjects } from "../../src/http/unknown-fields.js";
const validated = (schema, body) => {
  const validate = new Ajv({ removeAdditional: true, strict: false }).compile(closeObjects(JSON.parse(JSON.stringify(schema))));
  const copy = structuredClone(body);
  return { ok: validate(copy), body: copy };
};
t.test("unknown fields are dropped at every level of a body", async (t2) => {
  const schema = Type.Object({ name: Type.String(), hours: Type.Array(Type.Object({ weekday: Type.String() })) });
  t2.same(validated(schema, { name: "A", language: "pt", hours: [{ weekday: "mon", id: 3 }] }), { ok: true, body: { name: "A", hours: [{ weekday: "mon" }] } });
});
t.test("objects that say what they take are left as written", async (t2) => {
  const schema = Type.Object({ settings: Type.Object({}, { additionalProperties: true }), any: Type.Object({}) });
  const body = { settings: { theme: "dark" }, any: { x: 1 } };
  t2.same(validated(schema, body), { ok: true, body }, "free-form and property-less objects keep their fields");
});
t.test("a union of object forms keeps every field a later branch needs", async (t2) => {
  const schema = Type.Object({ users: Type.Array(Type.Union([Type.Object({ id: Type.Integer() }), Type.Object({ userId: Type.Integer() })])) });
  t2.same(validated(schema, { users: [{ userId: 4 }] }), { ok: true, body: { users: [{ userId: 4 }] } });
  const nullable = Type.Object({ quoted: Type.Union([Type.Object({ id: Type.Integer() }), Type.Null()]) });
  t2.same(validated(nullable, { quoted: { id: 1, body: "x" } }), { ok: true, body: { quoted: { id: 1 } } }, "the one object branch of a nullable field is closed");
});
