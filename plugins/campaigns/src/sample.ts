import type { AtriumSdk, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';

/** Header row per console language: each header is one the import reads (import.ts HEADERS). */
const HEADERS = {
  pt: ['Nome', 'Número', 'E-mail'],
  en: ['Name', 'Number', 'Email'],
  es: ['Nombre', 'Número', 'E-mail'],
} as const;
const EXAMPLES = [['Maria Silva', '5511999990001', 'maria@example.com'], ['João Souza', '5521988880002', '']];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Numbers kept as text: a spreadsheet would show a long number as 5.5E+12. */
const COLUMNS = [{ width: 30 }, { width: 20, text: true }, { width: 30 }];

/** GET /contact-lists/sample?lang=pt|en|es: the .xlsx the list import expects, headers in the user's language. */
export function registerSample(scope: FastifyInstance, sdk: AtriumSdk) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const T = sdk.Type;
  app.get('/contact-lists/sample', {
    schema: { tags: ['campaigns'], produces: [XLSX], querystring: T.Object({ lang: T.Optional(T.Union([T.Literal('pt'), T.Literal('en'), T.Literal('es')])) }) },
  }, async (request, reply) => {
    reply.header('content-disposition', 'attachment; filename="contact-list-sample.xlsx"');
    return reply.type(XLSX).send(await sdk.sheets.writeSheet('contatos', [HEADERS[request.query.lang ?? 'pt'], ...EXAMPLES], COLUMNS));
  });
}
