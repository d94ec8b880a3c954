import { Whatsapp } from "../../db/models/index.js";
import { AppError, forbidden } from "../../http/errors.js";
const EXTERNAL_RATE = { max: 100, timeWindow: 6e4 };
const bearerOf = (request) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
const externalRouteConfig = {
  public: true,
  rateLimit: { ...EXTERNAL_RATE, keyGenerator: (req) => bearerOf(req) ?? req.ip }
};
async function connectionOf(app, request) {
  const token = bearerOf(request);
  const whatsapp = token ? await Whatsapp.unscoped("the external API authenticates by connection token").findOne({ token }) : void 0;
  if (!whatsapp) throw new AppError("ERR_INVALID_API_TOKEN", 401, "Unknown or missing connection token");
  if (!await app.tenancy.hasFlag(whatsapp.companyId, "useExternalApi")) throw forbidden("ERR_PLAN_FEATURE_DISABLED", "This company's plan does not include the external API");
  return whatsapp;
}
export {
  EXTERNAL_RATE,
  bearerOf,
  connectionOf,
  externalRouteConfig
};
