import { Type } from "@sinclair/typebox";
import { Email, Name, Password } from "../../http/schemas.js";
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Profile = Type.Union([Type.Literal("admin"), Type.Literal("user")]);
const AllTicket = Type.Union([Type.Literal("enabled"), Type.Literal("desabled")]);
const NullableString = Type.Union([Type.String(), Type.Null()]);
const UserReply = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  profile: Type.String(),
  super: Type.Boolean(),
  allTicket: Type.String(),
  whatsappId: Type.Union([Type.Integer(), Type.Null()]),
  language: NullableString,
  online: Type.Boolean(),
  away: Type.Boolean(),
  assignmentCap: Type.Union([Type.Integer(), Type.Null()]),
  lastSeenAt: NullableString,
  createdAt: Type.Optional(NullableString),
  updatedAt: Type.Optional(NullableString),
  queues: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() })),
  queueIds: Type.Array(Type.Integer())
});
const editable = {
  name: Name,
  email: Email,
  password: Password,
  profile: Profile,
  allTicket: AllTicket,
  whatsappId: Type.Union([Id, Type.Null()]),
  queueIds: Type.Array(Id, { maxItems: 500 }),
  super: Type.Boolean(),
  /** Their own cap of live tickets for automatic assignment (null: their queue's). */
  assignmentCap: Type.Union([Type.Integer({ minimum: 1, maximum: 1e3 }), Type.Null()])
};
const UserCreateBody = Type.Object({
  name: editable.name,
  email: editable.email,
  password: editable.password,
  profile: Type.Optional(editable.profile),
  allTicket: Type.Optional(editable.allTicket),
  whatsappId: Type.Optional(editable.whatsappId),
  queueIds: Type.Optional(editable.queueIds),
  super: Type.Optional(editable.super),
  assignmentCap: Type.Optional(editable.assignmentCap)
});
const Untouched = Type.Literal("");
const UserUpdateBody = Type.Partial(Type.Object({
  ...editable,
  password: Type.Union([editable.password, Untouched]),
  /** Required to change one's own password (a stolen session must not be able to keep the account). */
  currentPassword: Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Untouched])
}));
function userJson(user) {
  const queues = (user.queues ?? []).map((q) => ({ id: q.id, name: q.name, color: q.color }));
  return {
    id: user.id,
    companyId: user.companyId,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: Boolean(user.super),
    allTicket: user.allTicket,
    whatsappId: user.whatsappId ?? null,
    language: user.language ?? null,
    online: Boolean(user.online),
    away: Boolean(user.away),
    assignmentCap: user.assignmentCap ?? null,
    lastSeenAt: user.lastSeenAt ?? null,
    createdAt: user.createdAt ?? null,
    updatedAt: user.updatedAt ?? null,
    queues,
    queueIds: queues.map((q) => q.id)
  };
}
export {
  AllTicket,
  Profile,
  UserCreateBody,
  UserReply,
  UserUpdateBody,
  userJson
};
