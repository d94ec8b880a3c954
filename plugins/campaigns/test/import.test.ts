import t from 'tap';
import ExcelJS from 'exceljs';
import { build } from '../../../core/test/helper.js';
import { multipart } from '../../../core/test/contacts/multipart.js';

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Planilha1');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

t.test('an .xlsx import adds the new numbers of the list and answers created / duplicated / invalid', async (t) => {
  const { app, request, createTenant } = await build(t);
  const owner = await createTenant('Import Co');
  const other = await createTenant('Other Co');
  const token = owner.admin.token;
  const list = (await request('POST', '/api/contact-lists', { token, body: { name: 'Clientes' } })).body;
  await request('POST', '/api/contact-list-items', { token, body: { name: 'Already', number: '5511900000001', contactListId: list.id } });
  const send = (tok: string, filename: string, content: Buffer) => {
    const { payload, headers } = multipart({}, [{ field: 'file', filename, content }]);
    return app.inject({ method: 'POST', url: `/api/contact-lists/${list.id}/upload`, payload, headers: { ...headers, authorization: `Bearer ${tok}` } });
  };
  const rows: unknown[][] = [['Nome', 'Número', 'E-mail']];
  for (let i = 0; i < 1000; i++) rows.push([`P${i}`, String(5511900000000 + i), `p${i}@x.co`]);
  rows.push(['Twin', '5511900000005', ''], ['Bad', '123', ''], ['', '', '']);
  const res = await send(token, 'lista.xlsx', await sheet(rows));
  t.equal(res.statusCode, 200);
  // 1000 numbers: 5511900000001 was in the list; 5511900000005 repeated in the sheet; "123" is invalid.
  t.same(res.json(), { created: 999, duplicated: 2, invalid: 1 });
  t.equal((await request('GET', `/api/contact-lists/${list.id}`, { token })).body.contactsCount, 1000);
  const again = await send(token, 'lista.xlsx', await sheet(rows.slice(0, 3)));
  t.same(again.json(), { created: 0, duplicated: 2, invalid: 0 }, 'a second import adds nothing');

  t.equal((await send(token, 'lista.ods', Buffer.from('nome;numero\nAna;5511'))).json().error, 'ERR_INVALID_SHEET', 'only .xlsx or CSV');
  t.equal((await send(token, 'lista.xlsx', Buffer.from('not a zip'))).json().error, 'ERR_INVALID_SHEET');
  t.equal((await send(token, 'lista.xlsx', await sheet([['foo'], ['bar']]))).json().error, 'ERR_INVALID_SHEET', 'no number column');
  const foreign = await send(other.admin.token, 'lista.xlsx', await sheet(rows.slice(0, 3)));
  t.equal(foreign.json().error, 'ERR_NO_CONTACT_LIST_FOUND', 'another company cannot import into the list');
});

t.test('the sample sheet: headers in the asked language, and it imports as it is', async (t) => {
  const { app, request, createTenant } = await build(t);
  const { admin } = await createTenant('Sample Co');
  const token = admin.token;
  const headersOf = async (buffer: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer as never);
    return (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
  };
  const get = (lang?: string) => app.inject({ method: 'GET', url: `/api/contact-lists/sample${lang ? `?lang=${lang}` : ''}`, headers: { authorization: `Bearer ${token}` } });
  const pt = await get();
  t.equal(pt.statusCode, 200);
  t.match(pt.headers['content-type'], /spreadsheetml/);
  t.match(pt.headers['content-disposition'], /attachment; filename="contact-list-sample\.xlsx"/);
  t.same(await headersOf(pt.rawPayload), ['Nome', 'Número', 'E-mail']);
  t.same(await headersOf((await get('en')).rawPayload), ['Name', 'Number', 'Email']);
  t.same(await headersOf((await get('es')).rawPayload), ['Nombre', 'Número', 'E-mail']);
  t.equal((await get('fr')).json().error, 'ERR_VALIDATION');

  for (const lang of ['pt', 'en', 'es']) {
    const list = (await request('POST', '/api/contact-lists', { token, body: { name: `Amostra ${lang}` } })).body;
    const { payload, headers } = multipart({}, [{ field: 'file', filename: 'sample.xlsx', content: (await get(lang)).rawPayload }]);
    const res = await app.inject({ method: 'POST', url: `/api/contact-lists/${list.id}/upload`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    t.same(res.json(), { created: 2, duplicated: 0, invalid: 0 }, `the ${lang} sample imports its two example rows`);
  }
});

// Issue 27: list items go out as CSV or .xlsx, in the columns the import reads back.
t.test('a list exports as CSV and .xlsx, formulas neutralised, and the CSV imports back into another list', async (t) => {
  const { app, request, createTenant } = await build(t);
  const owner = await createTenant('Export Co');
  const other = await createTenant('Other Co');
  const token = owner.admin.token;
  const list = (await request('POST', '/api/contact-lists', { token, body: { name: 'Saída' } })).body;
  const people = [['Ana; Souza', '5511900000001', 'ana@x.co'], ['=HYPERLINK("http://evil.test")', '5511900000002', ''], ['Zé "Aspas"', '5511900000003', '']];
  for (const [name, number, email] of people) {
    t.equal((await request('POST', '/api/contact-list-items', { token, body: { name, number, email, contactListId: list.id } })).status, 200);
  }
  const get = (tok: string, query: string) => app.inject({ method: 'GET', url: `/api/contact-lists/${list.id}/export${query}`, headers: { authorization: `Bearer ${tok}` } });

  const csv = await get(token, '');
  t.equal(csv.statusCode, 200);
  t.match(csv.headers['content-type'], /^text\/csv/);
  t.match(csv.headers['content-disposition'], /attachment; filename="contact-list-\d+\.csv"/);
  const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
  t.equal(lines[0], 'name;number;email;whatsappValid');
  t.same(lines.slice(1), [
    '"Ana; Souza";5511900000001;ana@x.co;',
    '"\'=HYPERLINK(""http://evil.test"")";5511900000002;;', // a formula is neutralised, then quoted
    '"Zé ""Aspas""";5511900000003;;',
  ], 'quoted where needed, in the order they were added');

  const xlsx = await get(token, '?format=xlsx');
  t.equal(xlsx.statusCode, 200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const rows = (wb.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
  t.same(rows[0], ['name', 'number', 'email', 'whatsappValid']);
  t.same(rows.slice(1).map((r) => r[1]), people.map((p) => p[1]), 'every number, in order');
  t.equal(wb.worksheets[0].getCell('A3').formula, undefined, 'a formula-looking name is a text cell');

  // Read back: the exported CSV imports as it is.
  const copy = (await request('POST', '/api/contact-lists', { token, body: { name: 'Cópia' } })).body;
  const { payload, headers } = multipart({}, [{ field: 'file', filename: 'saida.csv', content: Buffer.from(csv.body) }]);
  const imported = await app.inject({ method: 'POST', url: `/api/contact-lists/${copy.id}/upload`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  t.same(imported.json(), { created: 3, duplicated: 0, invalid: 0 });

  t.equal((await get(other.admin.token, '')).json().error, 'ERR_NO_CONTACT_LIST_FOUND', 'another company cannot export the list');
  t.equal((await get(token, '?format=ods')).statusCode, 400);
});
