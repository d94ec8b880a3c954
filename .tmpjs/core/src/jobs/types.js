import { AppError } from "../http/errors.js";
class JobQueueUnavailableError extends AppError {
  constructor() {
    super("ERR_SERVICE_UNAVAILABLE", 503, "The job queue is unavailable; try again shortly");
  }
}
const scaledBackoff = (clock, backoffMs = 1e3) => clock ? clock.scale(backoffMs) : backoffMs;
export {
  JobQueueUnavailableError,
  scaledBackoff
};
