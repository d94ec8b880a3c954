import { forbidden } from '../http/errors.js';

/**
 * No one but a super user acts on a super user (issue 41): an admin of the company that holds the platform's super
 * user sees them in its lists, but may not change, delete, reset the second factor of, or see and end the sessions
 * of that account. Every route that acts on another user calls this once it has loaded the target.
 */
export function assertMayActOn(actor: { id: number; super: boolean }, target: { id: number; super?: boolean | null }) {
  if (target.super && !actor.super && target.id !== actor.id) {
    throw forbidden('ERR_NO_PERMISSION', 'Only a super user may act on a super user');
  }
}
