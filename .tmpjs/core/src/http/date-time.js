import { Type } from "@sinclair/typebox";
import { badRequest } from "./errors.js";
const LOCAL = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?$/;
const ClientDateTime = Type.Union([
  Type.String({ format: "date-time" }),
  Type.String({ pattern: LOCAL.source, maxLength: 23 })
]);
function clientDateTime(text, field = "body") {
  const local = LOCAL.exec(text);
  if (!local) return new Date(text);
  const [y, mo, d, h, mi, s] = local.slice(1, 7).map((part) => Number(part ?? 0));
  const date = new Date(y, mo - 1, d, h, mi, s, Number((local[7] ?? "0").padEnd(3, "0")));
  if (date.getDate() !== d) throw badRequest("ERR_VALIDATION", `${field} is not a date`, { field });
  return date;
}
export {
  ClientDateTime,
  clientDateTime
};
