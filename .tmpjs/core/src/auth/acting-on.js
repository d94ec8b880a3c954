import { forbidden } from "../http/errors.js";
function assertMayActOn(actor, target) {
  if (target.super && !actor.super && target.id !== actor.id) {
    throw forbidden("ERR_NO_PERMISSION", "Only a super user may act on a super user");
  }
}
export {
  assertMayActOn
};
