import { Type } from "@sinclair/typebox";
const PAGE_SIZE = 20;
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
const PagingQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 1e5, default: 1 }))
});
const ErrorReply = Type.Object(
  { error: Type.String(), message: Type.Optional(Type.String()), field: Type.Optional(Type.String()) },
  { additionalProperties: true }
);
const pageOf = (key, item, extra = {}) => Type.Object({ [key]: Type.Array(item), hasMore: Type.Boolean(), ...extra });
const offsetOf = (pageNumber = 1, pageSize = PAGE_SIZE) => ({ limit: pageSize, offset: (pageNumber - 1) * pageSize });
function pageResult(rows, pageSize = PAGE_SIZE) {
  return { items: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}
const Email = Type.String({ format: "email", maxLength: 255 });
const Name = Type.String({ minLength: 2, maxLength: 50 });
const Password = Type.String({ minLength: 5, maxLength: 50 });
const OkReply = Type.Object({ message: Type.String() });
import { TenantUrl } from "../outbound-http/schema.js";
const LastFailureReply = Type.Union([Type.Object({
  kind: Type.String(),
  detail: Type.String(),
  ticketId: Type.Union([Type.Integer(), Type.Null()]),
  at: Type.String()
}), Type.Null()]);
import { ClientDateTime, clientDateTime } from "./date-time.js";
export {
  ClientDateTime,
  Email,
  ErrorReply,
  IdParams,
  LastFailureReply,
  Name,
  OkReply,
  PAGE_SIZE,
  PagingQuery,
  Password,
  TenantUrl,
  clientDateTime,
  offsetOf,
  pageOf,
  pageResult
};
