import { Type } from "@sinclair/typebox";
import { IdParams } from "../../http/schemas.js";
import { loadSubject } from "../../privacy/subject.js";
import { buildContactExport } from "../../privacy/export.js";
import { eraseContact } from "../../privacy/erase.js";
import { recordPrivacyEvent } from "../../privacy/record.js";
const ErasureReply = Type.Object({ message: Type.String(), erased: Type.Optional(Type.Record(Type.String(), Type.Integer())) });
async function eraseContactById(app, companyId, contactId, userId) {
  const erased = await eraseContact(app, await loadSubject(companyId, contactId), userId);
  return { message: "Contact erased", erased };
}
const contactPrivacyRoutes = async (app) => {
  app.get("/contacts/:id/export", {
    preHandler: app.requireAdmin,
    schema: { tags: ["contacts"], params: IdParams, produces: ["application/zip"] }
  }, async (request, reply) => {
    const { companyId, id: userId } = request.user;
    const subject = await loadSubject(companyId, request.params.id);
    const { stream, counts } = await buildContactExport(app, subject);
    await recordPrivacyEvent({ companyId, kind: "export", contactId: subject.contact.id, userId, counts });
    reply.header("content-disposition", `attachment; filename="contact-${subject.contact.id}.zip"`);
    return reply.type("application/zip").send(stream);
  });
};
var privacy_routes_default = contactPrivacyRoutes;
export {
  ErasureReply,
  privacy_routes_default as default,
  eraseContactById
};
