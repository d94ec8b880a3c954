import { Type } from "@sinclair/typebox";
import { User } from "../../db/models/index.js";
import { notFound } from "../../http/errors.js";
const Availability = Type.Object({ online: Type.Boolean(), away: Type.Boolean() });
const assignmentRoutes = async (app) => {
  app.get("/users/me/availability", { schema: { tags: ["users"], response: { 200: Availability } } }, async (request) => {
    const user = await User.scoped(request.user.companyId).findById(request.user.id).select("online", "away");
    if (!user) throw notFound("ERR_NO_USER_FOUND", "User not found");
    return { online: Boolean(user.online), away: Boolean(user.away) };
  });
  app.put("/users/me/availability", {
    schema: { tags: ["users"], body: Type.Object({ away: Type.Boolean() }), response: { 200: Availability } }
  }, async (request) => {
    const { companyId, id } = request.user;
    const away = request.body.away;
    if (!await User.scoped(companyId).where("id", id).patch({ away })) throw notFound("ERR_NO_USER_FOUND", "User not found");
    const user = await User.scoped(companyId).findById(id).select("online", "away");
    const availability = { online: Boolean(user.online), away: Boolean(user.away) };
    app.bus.emit(companyId, "presence", { userId: id, ...availability }, app.bus.rooms.admins(companyId));
    if (!away) await app.pipeline.assignment.pickUpFor(companyId, id);
    return availability;
  });
};
var routes_default = assignmentRoutes;
export {
  routes_default as default
};
