/**
 * Every action the audit log can hold: the generic create/update/delete of a row, and the sign-in and session
 * events logged by name (auth-events.ts). `AuditEntry.action` is typed by this list, so a new action cannot be
 * written without being added here, and core/test/audit/labels.test.ts then asks the console for its pt/en/es label.
 */
export const AUDIT_ACTIONS = [
  'create', 'update', 'delete',
  'login', 'login_failed', 'logout', 'session_end', 'password_change',
  '2fa_enable', '2fa_disable', '2fa_reset', '2fa_recovery_used',
  'impersonate', 'impersonate_back',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
