import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { User } from '../../db/models/index.js';
import { notFound } from '../../http/errors.js';

const Availability = Type.Object({ online: Type.Boolean(), away: Type.Boolean() });

/**
 * The caller's availability for automatic assignment (issue 30): `away` keeps tickets from being assigned to them
 * while their console stays open; back to available, the waiting tickets of their queues may be theirs at once.
 * The change is announced to the admins (`presence`, as the socket presence is) for the dashboard.
 */
const assignmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/users/me/availability', { schema: { tags: ['users'], response: { 200: Availability } } }, async (request) => {
    const user = await User.scoped(request.user.companyId).findById(request.user.id).select('online', 'away');
    if (!user) throw notFound('ERR_NO_USER_FOUND', 'User not found');
    return { online: Boolean(user.online), away: Boolean(user.away) };
  });

  app.put('/users/me/availability', {
    schema: { tags: ['users'], body: Type.Object({ away: Type.Boolean() }), response: { 200: Availability } },
  }, async (request) => {
    const { companyId, id } = request.user;
    const away = request.body.away;
    if (!(await User.scoped(companyId).where('id', id).patch({ away } as Partial<User>))) throw notFound('ERR_NO_USER_FOUND', 'User not found');
    const user = (await User.scoped(companyId).findById(id).select('online', 'away'))!;
    const availability = { online: Boolean(user.online), away: Boolean(user.away) };
    app.bus.emit(companyId, 'presence', { userId: id, ...availability }, app.bus.rooms.admins(companyId));
    if (!away) await app.pipeline.assignment.pickUpFor(companyId, id);
    return availability;
  });
};

export default assignmentRoutes;
