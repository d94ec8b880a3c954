import { TenantModel } from "../model.js";
class RefreshTokenFamily extends TenantModel {
  static tableName = "refreshTokenFamilies";
  /** Sessions: logins and logouts are logged as such (audit/auth-events.ts), not as rows. */
  static audited = false;
  static dateColumns = ["rotatedAt", "lastUsedAt", "expiresAt"];
  userId;
  generation;
  rotatedAt;
  /** Where the session was opened (migration 140): the browser's user-agent and the client address. */
  userAgent;
  ip;
  /** The session's last refresh (or its opening). */
  lastUsedAt;
  /**
   * An impersonation (migration 150): the super user viewing the company as this user, the super user's own session
   * it belongs to, and when it ends by itself. Null on the user's own sessions.
   */
  impersonatorId;
  impersonatorSessionId;
  expiresAt;
}
export {
  RefreshTokenFamily
};
