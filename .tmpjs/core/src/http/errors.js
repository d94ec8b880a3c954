class AppError extends Error {
  constructor(code, statusCode = 400, message, details) {
    super(message ?? code);
    this.code = code;
    this.statusCode = statusCode;
    this.details = details;
    this.name = "AppError";
  }
  code;
  statusCode;
  details;
}
const SESSION_OVER_CODES = ["ERR_SESSION_EXPIRED", "ERR_COMPANY_INACTIVE", "ERR_SUBSCRIPTION_EXPIRED"];
const notFound = (code, message) => new AppError(code, 404, message);
const forbidden = (code = "ERR_NO_PERMISSION", message) => new AppError(code, 403, message);
const conflict = (code, message, details) => new AppError(code, 409, message, details);
const badRequest = (code, message, details) => new AppError(code, 400, message, details);
import { isUniqueViolation } from "../db/errors.js";
export {
  AppError,
  SESSION_OVER_CODES,
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound
};
