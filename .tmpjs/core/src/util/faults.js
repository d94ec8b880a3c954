import { isDatabaseUnavailable } from "../db/errors.js";
import { AppError } from "../http/errors.js";
import { isRedisConnectionError } from "../redis/client.js";
function isFault(err) {
  return err instanceof AppError && err.statusCode === 503 || isDatabaseUnavailable(err) || isRedisConnectionError(err) || ["ENOSPC", "EDQUOT"].includes(err?.code ?? "");
}
export {
  isFault
};
