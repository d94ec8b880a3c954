import fp from "fastify-plugin";
import jwt from "@fastify/jwt";
import cookie from "@fastify/cookie";
import { AppError, forbidden } from "../http/errors.js";
import { checkToken } from "./caller.js";
import { createSessionTokens } from "./sessions.js";
import { REFRESH_COOKIE } from "./sessions.js";
const authPlugin = fp(async (app, opts) => {
  await app.register(cookie);
  await app.register(jwt, { secret: opts.secret, sign: { expiresIn: opts.accessTtl } });
  app.decorate("sessionTokens", createSessionTokens(app, opts.sessions));
  app.decorate("authenticate", async (request) => {
    const header = request.headers.authorization;
    if (!header) throw new AppError("ERR_SESSION_EXPIRED", 401, "No session: sign in");
    try {
      await request.jwtVerify();
    } catch {
      throw new AppError("ERR_SESSION_EXPIRED", 403, "Session expired: refresh the token");
    }
    const token = request.user;
    const { caller, refusal } = await checkToken(token);
    if (refusal) throw refusal;
    request.user = { ...token, profile: caller.profile, super: caller.super };
    if (request.user.scope === "billing" && !request.routeOptions.config?.billing) {
      throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 401, "The subscription has expired: only its invoices can be paid");
    }
  });
  app.decorate("requireAdmin", async (request) => {
    if (request.user?.profile !== "admin" && !request.user?.super) throw forbidden("ERR_NO_PERMISSION", "Only an admin may do this");
  });
  app.decorate("requireSuper", async (request) => {
    if (!request.user?.super) throw forbidden("ERR_NO_PERMISSION", "Only the super user may do this");
  });
}, { name: "auth" });
export {
  REFRESH_COOKIE,
  authPlugin
};
