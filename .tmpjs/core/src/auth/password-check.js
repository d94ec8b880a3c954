import { toDbTime } from "../db/time.js";
import { AppError } from "../http/errors.js";
import { verifyPassword } from "../util/password.js";
const LOCK_AFTER_FAILURES = 5;
const LOCK_MINUTES = 15;
function assertNotLocked(user) {
  if (user.lockedUntil && Date.parse(user.lockedUntil) > Date.now()) {
    throw new AppError("ERR_ACCOUNT_LOCKED", 429, `Too many failed logins; try again after ${user.lockedUntil}`, { lockedUntil: user.lockedUntil });
  }
}
async function checkPassword(user, password) {
  if (await verifyPassword(password, user.passwordHash)) return true;
  await countFailedLogin(user);
  return false;
}
async function countFailedLogin(user) {
  const failed = user.failedLogins + 1;
  const lock = failed >= LOCK_AFTER_FAILURES;
  await user.$query().patch({
    failedLogins: lock ? 0 : failed,
    lockedUntil: lock ? toDbTime(Date.now() + LOCK_MINUTES * 6e4) : null
  });
}
export {
  assertNotLocked,
  checkPassword,
  countFailedLogin
};
