import { Type } from "@sinclair/typebox";
import { User } from "../../db/models/index.js";
import { AppError, badRequest, forbidden, notFound } from "../../http/errors.js";
import { IdParams, OkReply, PAGE_SIZE, PagingQuery, offsetOf, pageOf, pageResult } from "../../http/schemas.js";
import { hashPassword } from "../../util/password.js";
import { isUniqueViolation } from "../../db/errors.js";
import { assertNotLocked, checkPassword } from "../../auth/password-check.js";
import { recordAuthEvent } from "../../audit/auth-events.js";
import { assertMayActOn } from "../../auth/acting-on.js";
import { likeAnywhere } from "../../db/like.js";
import { UserCreateBody, UserReply, UserUpdateBody, userJson } from "./schemas.js";
import { assertEmailFree, assertOwnRefs, loadUser, sameSet, setUserQueues } from "./service.js";
const isAdmin = (request) => request.user.profile === "admin" || request.user.super;
const emailTaken = () => new AppError("ERR_EMAIL_IN_USE", 409, "This e-mail is already in use", { field: "email" });
const usersRoutes = async (app) => {
  const tags = ["users"];
  const emit = (companyId, payload) => app.bus.emit(companyId, "user", payload);
  const findUser = async (companyId, id) => {
    const user = await loadUser(companyId, id);
    if (!user) throw notFound("ERR_NO_USER_FOUND", "User not found");
    return user;
  };
  app.get("/users", {
    preHandler: app.requireAdmin,
    schema: { tags, querystring: PagingQuery, response: { 200: pageOf("users", UserReply) } }
  }, async (request) => {
    const { searchParam, pageNumber } = request.query;
    const query = User.scoped(request.user.companyId).withGraphFetched("queues").orderBy("name").orderBy("id").limit(PAGE_SIZE + 1).offset(offsetOf(pageNumber).offset);
    if (searchParam?.trim()) {
      const like = likeAnywhere(searchParam.trim());
      query.where((q) => q.whereRaw("users.name like ? escape ?", [like, "\\"]).orWhereRaw("users.email like ? escape ?", [like, "\\"]));
    }
    const { items, hasMore } = pageResult(await query);
    return { users: items.map(userJson), hasMore };
  });
  app.get("/users/list", {
    schema: {
      tags,
      querystring: Type.Object({ companyId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) }),
      response: { 200: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), profile: Type.String() })) }
    }
  }, async (request) => User.scoped(request.user.companyId).select("id", "name", "profile").orderBy("name").orderBy("id"));
  app.get("/users/:id", { schema: { tags, params: IdParams, response: { 200: UserReply } } }, async (request) => {
    const user = await findUser(request.user.companyId, request.params.id);
    if (!isAdmin(request) && user.id !== request.user.id) throw forbidden("ERR_NO_PERMISSION", "Only an admin may see other users");
    return userJson(user);
  });
  app.post("/users", {
    preHandler: app.requireAdmin,
    schema: { tags, body: UserCreateBody, response: { 200: UserReply } }
  }, async (request) => {
    const { companyId } = request.user;
    const { password, queueIds = [], ...body } = request.body;
    if (body.super && !request.user.super) throw forbidden("ERR_NO_PERMISSION", "Only the super user may create a super user");
    const email = body.email.trim().toLowerCase();
    await assertEmailFree(email);
    await app.tenancy.assertWithinLimit(companyId, "users", await User.scoped(companyId).resultSize());
    await assertOwnRefs(companyId, body.whatsappId, queueIds);
    let created;
    try {
      created = await User.scoped(companyId).insertAndFetch({
        name: body.name.trim(),
        email,
        passwordHash: await hashPassword(password),
        profile: body.profile ?? "user",
        allTicket: body.allTicket ?? "desabled",
        whatsappId: body.whatsappId ?? null,
        super: body.super ?? false,
        assignmentCap: body.assignmentCap ?? null
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
    await setUserQueues(app.knex, companyId, created.id, queueIds);
    const user = userJson(await findUser(companyId, created.id));
    emit(companyId, { action: "create", user });
    return user;
  });
  app.put("/users/:id", {
    schema: { tags, params: IdParams, body: UserUpdateBody, response: { 200: UserReply } }
  }, async (request, reply) => {
    const { companyId } = request.user;
    const body = { ...request.body, password: request.body.password || void 0, currentPassword: request.body.currentPassword || void 0 };
    const target = await findUser(companyId, request.params.id);
    const admin = isAdmin(request);
    if (!admin && target.id !== request.user.id) throw forbidden("ERR_NO_PERMISSION", "You may only change your own account");
    assertMayActOn(request.user, target);
    if (body.super !== void 0 && body.super !== target.super && !request.user.super) throw forbidden("ERR_NO_PERMISSION", "Only the super user may grant super");
    if (!admin) {
      const changed = body.profile !== void 0 && body.profile !== target.profile || body.allTicket !== void 0 && body.allTicket !== target.allTicket || body.whatsappId !== void 0 && (body.whatsappId ?? null) !== (target.whatsappId ?? null) || body.assignmentCap !== void 0 && (body.assignmentCap ?? null) !== (target.assignmentCap ?? null) || body.queueIds !== void 0 && !sameSet(body.queueIds, (target.queues ?? []).map((q) => q.id));
      if (changed) throw forbidden("ERR_NO_PERMISSION", "Only an admin may change profile, queues, ticket visibility, connection or assignment cap");
    }
    const email = body.email?.trim().toLowerCase();
    if (request.user.imp && email && email !== target.email) throw forbidden("ERR_IMPERSONATION_FORBIDDEN", "Not while viewing as another user: e-mail addresses stay their own");
    if (email && email !== target.email) await assertEmailFree(email, target.id);
    await assertOwnRefs(companyId, body.whatsappId, body.queueIds);
    const patch = {};
    if (body.name !== void 0) patch.name = body.name.trim();
    if (email) patch.email = email;
    if (body.profile !== void 0) patch.profile = body.profile;
    if (body.allTicket !== void 0) patch.allTicket = body.allTicket;
    if (body.whatsappId !== void 0) patch.whatsappId = body.whatsappId;
    if (body.assignmentCap !== void 0) patch.assignmentCap = body.assignmentCap;
    if (body.super !== void 0 && request.user.super) patch.super = body.super;
    const ownPassword = body.password !== void 0 && target.id === request.user.id;
    if (ownPassword) {
      assertNotLocked(target);
      if (!body.currentPassword || !await checkPassword(target, body.currentPassword)) {
        throw badRequest("ERR_INVALID_CURRENT_PASSWORD", "The current password is missing or wrong", { field: "currentPassword" });
      }
    }
    if (body.password !== void 0) patch.passwordHash = await hashPassword(body.password);
    try {
      const logged = (trx) => recordAuthEvent(trx, request, target, "password_change");
      if (ownPassword) await app.sessionTokens.open(target, reply, { patch, inTransaction: logged });
      else if (body.password !== void 0) await app.sessionTokens.endAll(target, patch, logged);
      else if (Object.keys(patch).length > 0) await target.$query().patch(patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
    if (body.queueIds !== void 0) await setUserQueues(app.knex, companyId, target.id, body.queueIds);
    if (body.queueIds !== void 0 || body.assignmentCap !== void 0) await app.pipeline.assignment.pickUpFor(companyId, target.id);
    const user = userJson(await findUser(companyId, target.id));
    emit(companyId, { action: "update", user });
    return user;
  });
  app.delete("/users/:id", {
    preHandler: app.requireAdmin,
    schema: { tags, params: IdParams, response: { 200: OkReply } }
  }, async (request) => {
    const { companyId } = request.user;
    const target = await findUser(companyId, request.params.id);
    if (target.id === request.user.id) throw forbidden("ERR_CANNOT_DELETE_SELF", "You cannot delete your own account");
    assertMayActOn(request.user, target);
    await app.pipeline.tickets.releaseUser(companyId, target.id, request.user.id);
    await target.$query().delete();
    emit(companyId, { action: "delete", userId: target.id });
    return { message: "user deleted" };
  });
  app.post("/users/set-language/:lang", {
    schema: {
      tags,
      params: Type.Object({ lang: Type.Union([Type.Literal("pt"), Type.Literal("en"), Type.Literal("es")]) }),
      response: { 200: UserReply }
    }
  }, async (request) => {
    const { companyId, id } = request.user;
    const target = await findUser(companyId, id);
    await target.$query().patch({ language: request.params.lang });
    const user = userJson(await findUser(companyId, id));
    emit(companyId, { action: "update", user });
    return user;
  });
};
var routes_default = usersRoutes;
export {
  routes_default as default
};
