/**
 * Application errors carry a code from the spec's catalogue (core §8) and an HTTP status.
 * One error handler (http/error-handler.ts) maps them to `{ error: CODE, message }`.
 */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly statusCode = 400,
    message?: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}

/**
 * The only codes a 401 may carry on a route that needs a session: the session is gone, or its company may not work.
 * The console ends the session on any 401 (core §4), so a wrong code or password is a 400 or 403, never a 401.
 */
export const SESSION_OVER_CODES: readonly string[] = ['ERR_SESSION_EXPIRED', 'ERR_COMPANY_INACTIVE', 'ERR_SUBSCRIPTION_EXPIRED'];

export const notFound = (code: string, message?: string) => new AppError(code, 404, message);
export const forbidden = (code = 'ERR_NO_PERMISSION', message?: string) => new AppError(code, 403, message);
export const conflict = (code: string, message?: string, details?: Record<string, unknown>) =>
  new AppError(code, 409, message, details);
export const badRequest = (code: string, message?: string, details?: Record<string, unknown>) =>
  new AppError(code, 400, message, details);

/** Whether a write failed on a unique key (both databases): plugins reach it as `sdk.errors.isUniqueViolation`. */
export { isUniqueViolation } from '../db/errors.js';
