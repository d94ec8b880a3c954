import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { User } from '../../db/models/index.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { IdParams, OkReply, PAGE_SIZE, PagingQuery, offsetOf, pageOf, pageResult } from '../../http/schemas.js';
import { hashPassword } from '../../util/password.js';
import { isUniqueViolation } from '../../db/errors.js';
import { likeAnywhere } from '../../db/like.js';
import { UserCreateBody, UserReply, UserUpdateBody, userJson } from './schemas.js';
import { assertEmailFree, assertOwnRefs, loadUser, sameSet, setUserQueues } from './service.js';

const isAdmin = (request: FastifyRequest) => request.user.profile === 'admin' || request.user.super;
const emailTaken = () => new AppError('ERR_EMAIL_IN_USE', 409, 'This e-mail is already in use', { field: 'email' });

const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['users'];
  const emit = (companyId: number, payload: Record<string, unknown>) => app.bus.emit(companyId, 'user', payload);
  // The change is saved either way: a failure here (Redis) leaves the sockets' rooms as they were until they reconnect.
  const refreshRooms = (companyId: number, userId: number) =>
    app.bus.refreshUserRooms(companyId, userId).catch((err) => app.log.warn({ err, userId }, 'could not move the user\'s sockets to their new rooms'));
  const findUser = async (companyId: number, id: number) => {
    const user = await loadUser(companyId, id);
    if (!user) throw notFound('ERR_NO_USER_FOUND', 'User not found');
    return user;
  };

  app.get('/users', {
    preHandler: app.requireAdmin,
    schema: { tags, querystring: PagingQuery, response: { 200: pageOf('users', UserReply) } },
  }, async (request) => {
    const { searchParam, pageNumber } = request.query;
    const query = User.scoped(request.user.companyId).withGraphFetched('queues')
      .orderBy('name').orderBy('id').limit(PAGE_SIZE + 1).offset(offsetOf(pageNumber).offset);
    if (searchParam?.trim()) {
      const like = likeAnywhere(searchParam.trim());
      query.where((q) => q.whereRaw('users.name like ? escape ?', [like, '\\']).orWhereRaw('users.email like ? escape ?', [like, '\\']));
    }
    const { items, hasMore } = pageResult(await query);
    return { users: items.map(userJson), hasMore };
  });

  // For pickers (transfer, filters): every user of the caller's company, whatever `companyId` says.
  app.get('/users/list', {
    schema: {
      tags,
      querystring: Type.Object({ companyId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })) }),
      response: { 200: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), profile: Type.String() })) },
    },
  }, async (request) => User.scoped(request.user.companyId).select('id', 'name', 'profile').orderBy('name').orderBy('id'));

  app.get('/users/:id', { schema: { tags, params: IdParams, response: { 200: UserReply } } }, async (request) => {
    const user = await findUser(request.user.companyId, request.params.id);
    if (!isAdmin(request) && user.id !== request.user.id) throw forbidden('ERR_NO_PERMISSION', 'Only an admin may see other users');
    return userJson(user);
  });

  app.post('/users', {
    preHandler: app.requireAdmin,
    schema: { tags, body: UserCreateBody, response: { 200: UserReply } },
  }, async (request) => {
    const { companyId } = request.user;
    const { password, queueIds = [], ...body } = request.body;
    if (body.super && !request.user.super) throw forbidden('ERR_NO_PERMISSION', 'Only the super user may create a super user');
    const email = body.email.trim().toLowerCase();
    await assertEmailFree(email);
    await app.tenancy.assertWithinLimit(companyId, 'users', await User.scoped(companyId).resultSize());
    await assertOwnRefs(companyId, body.whatsappId, queueIds);
    let created: User;
    try {
      created = await User.scoped(companyId).insertAndFetch({
        name: body.name.trim(), email, passwordHash: await hashPassword(password),
        profile: body.profile ?? 'user', allTicket: body.allTicket ?? 'desabled', whatsappId: body.whatsappId ?? null, super: body.super ?? false,
      } as Partial<User>);
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
    await setUserQueues(app.knex, companyId, created.id, queueIds);
    const user = userJson(await findUser(companyId, created.id));
    emit(companyId, { action: 'create', user });
    return user;
  });

  app.put('/users/:id', {
    schema: { tags, params: IdParams, body: UserUpdateBody, response: { 200: UserReply } },
  }, async (request) => {
    const { companyId } = request.user;
    const body = request.body;
    const target = await findUser(companyId, request.params.id);
    const admin = isAdmin(request);
    if (!admin && target.id !== request.user.id) throw forbidden('ERR_NO_PERMISSION', 'You may only change your own account');
    // A company admin must not take over the platform's super user (e-mail, password).
    if (target.super && !request.user.super) throw forbidden('ERR_NO_PERMISSION', 'Only the super user may change a super user');
    if (body.super !== undefined && body.super !== target.super && !request.user.super) throw forbidden('ERR_NO_PERMISSION', 'Only the super user may grant super');
    if (!admin) {
      // The form sends every field back: refuse only a real change of what a plain user may not change.
      const changed = (body.profile !== undefined && body.profile !== target.profile)
        || (body.allTicket !== undefined && body.allTicket !== target.allTicket)
        || (body.whatsappId !== undefined && (body.whatsappId ?? null) !== (target.whatsappId ?? null))
        || (body.queueIds !== undefined && !sameSet(body.queueIds, (target.queues ?? []).map((q) => q.id)));
      if (changed) throw forbidden('ERR_NO_PERMISSION', 'Only an admin may change profile, queues, ticket visibility or connection');
    }
    const email = body.email?.trim().toLowerCase();
    if (email && email !== target.email) await assertEmailFree(email, target.id);
    await assertOwnRefs(companyId, body.whatsappId, body.queueIds);

    const patch: Partial<User> = {};
    if (body.name !== undefined) patch.name = body.name.trim();
    if (email) patch.email = email;
    if (body.profile !== undefined) patch.profile = body.profile;
    if (body.allTicket !== undefined) patch.allTicket = body.allTicket;
    if (body.whatsappId !== undefined) patch.whatsappId = body.whatsappId;
    if (body.super !== undefined && request.user.super) patch.super = body.super;
    if (body.password !== undefined) {
      patch.passwordHash = await hashPassword(body.password);
      // Someone else reset the password: end the user's other sessions.
      if (target.id !== request.user.id) patch.tokenVersion = target.tokenVersion + 1;
    }
    try {
      if (Object.keys(patch).length > 0) await target.$query().patch(patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
    if (body.queueIds !== undefined) await setUserQueues(app.knex, companyId, target.id, body.queueIds);
    // What the user may see changed: their open sockets hear from then on only what the API would show.
    if (body.profile !== undefined || body.allTicket !== undefined || body.queueIds !== undefined || patch.super !== undefined) {
      await refreshRooms(companyId, target.id);
    }
    const user = userJson(await findUser(companyId, target.id));
    emit(companyId, { action: 'update', user });
    return user;
  });

  app.delete('/users/:id', {
    preHandler: app.requireAdmin,
    schema: { tags, params: IdParams, response: { 200: OkReply } },
  }, async (request) => {
    const { companyId } = request.user;
    const target = await findUser(companyId, request.params.id);
    if (target.id === request.user.id) throw forbidden('ERR_CANNOT_DELETE_SELF', 'You cannot delete your own account');
    if (target.super && !request.user.super) throw forbidden('ERR_NO_PERMISSION', 'Only the super user may delete a super user');
    // The user's conversations go back to the waiting line instead of staying open with nobody.
    await app.pipeline.tickets.releaseUser(companyId, target.id, request.user.id);
    await target.$query().delete();
    await refreshRooms(companyId, target.id); // a deleted user's sockets are closed
    emit(companyId, { action: 'delete', userId: target.id });
    return { message: 'user deleted' };
  });

  app.post('/users/set-language/:lang', {
    schema: {
      tags,
      params: Type.Object({ lang: Type.Union([Type.Literal('pt'), Type.Literal('en'), Type.Literal('es')]) }),
      response: { 200: UserReply },
    },
  }, async (request) => {
    const { companyId, id } = request.user;
    const target = await findUser(companyId, id);
    await target.$query().patch({ language: request.params.lang } as Partial<User>);
    const user = userJson(await findUser(companyId, id));
    emit(companyId, { action: 'update', user });
    return user;
  });
};

export default usersRoutes;
