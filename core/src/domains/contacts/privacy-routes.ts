import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../../http/schemas.js';
import { loadSubject } from '../../privacy/subject.js';
import { buildContactExport } from '../../privacy/export.js';
import { eraseContact } from '../../privacy/erase.js';
import { recordPrivacyEvent } from '../../privacy/record.js';

/** DELETE /contacts/:id?erase=true answers what went, per table (no content). */
export const ErasureReply = Type.Object({ message: Type.String(), erased: Type.Optional(Type.Record(Type.String(), Type.Integer())) });

/** The contact's erasure (admin; the route is DELETE /contacts/:id in routes.ts, with `erase=true`). */
export async function eraseContactById(app: FastifyInstance, companyId: number, contactId: number, userId: number) {
  const erased = await eraseContact(app, await loadSubject(companyId, contactId), userId);
  return { message: 'Contact erased', erased };
}

/** A contact's data, for the data subject's access and portability rights (LGPD art. 18): GET /contacts/:id/export. */
const contactPrivacyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/contacts/:id/export', {
    preHandler: app.requireAdmin,
    schema: { tags: ['contacts'], params: IdParams, produces: ['application/zip'] },
  }, async (request, reply) => {
    const { companyId, id: userId } = request.user;
    const subject = await loadSubject(companyId, request.params.id);
    const { stream, counts } = await buildContactExport(app, subject);
    await recordPrivacyEvent({ companyId, kind: 'export', contactId: subject.contact.id, userId, counts });
    reply.header('content-disposition', `attachment; filename="contact-${subject.contact.id}.zip"`);
    return reply.type('application/zip').send(stream);
  });
};

export default contactPrivacyRoutes;
