import type { AtriumSdk, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';

const PAGE = 1000;

/**
 * GET /contact-lists/:id/export?format=csv|xlsx: the list's items as a download, in the columns the import reads back
 * (name, number, email) plus whether the number is on WhatsApp; streamed a keyset page at a time through the core's
 * sheet writer (formulas neutralised).
 */
export function registerExport(scope: FastifyInstance, sdk: AtriumSdk) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const T = sdk.Type;
  const valid = (v: unknown) => (v === null || v === undefined ? null : v ? 'yes' : 'no');

  app.get('/contact-lists/:id/export', {
    schema: {
      tags: ['campaigns'],
      params: sdk.schemas.IdParams,
      querystring: T.Object({ format: T.Union([T.Literal('csv'), T.Literal('xlsx')], { default: 'csv' }) }),
    },
  }, async (request, reply) => {
    const { companyId } = request.user;
    const contactListId = request.params.id;
    if (!(await sdk.db.table('contactLists', companyId).where({ id: contactListId }).first('id'))) throw sdk.errors.notFound('ERR_NO_CONTACT_LIST_FOUND', 'Contact list not found');
    return sdk.sheets.sendExport(reply, request.query.format, {
      name: `contact-list-${contactListId}`,
      header: ['name', 'number', 'email', 'whatsappValid'],
      pages: async function* () {
        for (let lastId = 0; ;) {
          const rows = await sdk.db.table('contactListItems', companyId).where({ contactListId }).where('id', '>', lastId)
            .orderBy('id').limit(PAGE).select('id', 'name', 'number', 'email', 'isWhatsappValid');
          if (!rows.length) return;
          lastId = Number(rows[rows.length - 1].id);
          yield rows.map((r: { name: string; number: string; email: string | null; isWhatsappValid: unknown }) => [r.name, r.number, r.email, valid(r.isWhatsappValid)]);
        }
      },
    });
  });
}
