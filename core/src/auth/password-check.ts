import type { User } from '../db/models/index.js';
import { toDbTime } from '../db/time.js';
import { AppError } from '../http/errors.js';
import { verifyPassword } from '../util/password.js';

const LOCK_AFTER_FAILURES = 5;
const LOCK_MINUTES = 15;

/** 429 ERR_ACCOUNT_LOCKED while the account is locked after wrong passwords. */
export function assertNotLocked(user: User) {
  if (user.lockedUntil && Date.parse(user.lockedUntil) > Date.now()) {
    throw new AppError('ERR_ACCOUNT_LOCKED', 429, `Too many failed logins; try again after ${user.lockedUntil}`, { lockedUntil: user.lockedUntil });
  }
}

/**
 * Whether `password` is the user's; a wrong one counts towards the lock (5 in a row lock the account for
 * 15 minutes), at login and when a signed-in user confirms their password (a stolen token must not become
 * a way to guess it).
 */
export async function checkPassword(user: User, password: string): Promise<boolean> {
  if (await verifyPassword(password, user.passwordHash)) return true;
  await countFailedLogin(user);
  return false;
}

/** One more failed sign-in (a wrong password or a wrong second-factor code): the fifth in a row locks the account. */
export async function countFailedLogin(user: User): Promise<void> {
  const failed = user.failedLogins + 1;
  const lock = failed >= LOCK_AFTER_FAILURES;
  await user.$query().patch({
    failedLogins: lock ? 0 : failed,
    lockedUntil: lock ? toDbTime(Date.now() + LOCK_MINUTES * 60_000) : null,
  } as Partial<User>);
}
