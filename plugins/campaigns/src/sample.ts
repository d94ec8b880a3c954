import ExcelJS from 'exceljs';
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

export async function sampleSheet(lang: keyof typeof HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('contatos');
  sheet.addRow([...HEADERS[lang]]).font = { bold: true };
  for (const row of EXAMPLES) sheet.addRow(row);
  sheet.columns.forEach((c, i) => { c.width = i === 1 ? 20 : 30; });
  // Numbers as text: a spreadsheet would show a long number as 5.5E+12.
  sheet.getColumn(2).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** GET /contact-lists/sample?lang=pt|en|es: the .xlsx the list import expects, headers in the user's language. */
export function registerSample(scope: FastifyInstance, sdk: AtriumSdk) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const T = sdk.Type;
  app.get('/contact-lists/sample', {
    schema: { tags: ['campaigns'], produces: [XLSX], querystring: T.Object({ lang: T.Optional(T.Union([T.Literal('pt'), T.Literal('en'), T.Literal('es')])) }) },
  }, async (request, reply) => {
    reply.header('content-disposition', 'attachment; filename="contact-list-sample.xlsx"');
    return reply.type(XLSX).send(await sampleSheet(request.query.lang ?? 'pt'));
  });
}
