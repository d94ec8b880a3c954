const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "login",
  "login_failed",
  "logout",
  "session_end",
  "password_change",
  "2fa_enable",
  "2fa_disable",
  "2fa_reset",
  "2fa_recovery_used",
  "impersonate",
  "impersonate_back"
];
export {
  AUDIT_ACTIONS
};
