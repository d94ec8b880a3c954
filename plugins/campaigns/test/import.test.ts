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

  t.equal((await send(token, 'lista.csv', Buffer.from('nome;numero\nAna;5511'))).json().error, 'ERR_INVALID_SHEET', 'only .xlsx');
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
