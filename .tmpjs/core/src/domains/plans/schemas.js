import { Type } from "@sinclair/typebox";
import { BUILTIN_PLAN_FLAGS } from "../../db/models/index.js";
const Limit = Type.Integer({ minimum: 0, maximum: 1e6 });
const FlagName = "^use[A-Za-z0-9]{1,60}$";
const Features = Type.Record(Type.String({ pattern: FlagName }), Type.Boolean(), { maxProperties: 100, additionalProperties: false });
const flagProps = Object.fromEntries(BUILTIN_PLAN_FLAGS.map((f) => [f, Type.Boolean()]));
const PlanReply = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  users: Type.Integer(),
  connections: Type.Integer(),
  queues: Type.Integer(),
  value: Type.Number(),
  ...flagProps,
  features: Type.Record(Type.String(), Type.Boolean()),
  createdAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  updatedAt: Type.Optional(Type.Union([Type.String(), Type.Null()]))
});
const writable = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  users: Limit,
  connections: Limit,
  queues: Limit,
  value: Type.Number({ minimum: 0, maximum: 9999999999 }),
  ...Object.fromEntries(BUILTIN_PLAN_FLAGS.map((f) => [f, Type.Optional(Type.Boolean())])),
  features: Type.Optional(Features)
};
const PlanCreateBody = Type.Object(writable);
const PlanUpdateBody = Type.Partial(Type.Object(writable));
export {
  Features,
  PlanCreateBody,
  PlanReply,
  PlanUpdateBody
};
