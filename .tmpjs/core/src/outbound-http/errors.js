import { AppError } from "../http/errors.js";
class OutboundHttpError extends AppError {
  constructor(code, message, details = {}) {
    super(code, code === "ERR_URL_NOT_ALLOWED" ? 400 : 502, message, details);
    this.name = "OutboundHttpError";
  }
}
export {
  OutboundHttpError
};
