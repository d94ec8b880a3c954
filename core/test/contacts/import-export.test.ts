import t from 'tap';
import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../helper.js';
import { multipart } from './multipart.js';

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Planilha1');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (app: Awaited<ReturnType<typeof build>>['app'], token: string, url: string, filename: string, content: Buffer) => {
  const { payload, headers } = multipart({}, [{ field: 'file', filename, content, mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }]);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
};

t.test('an .xlsx import answers row by row: new contacts and an error bag', async (t) => {
  const { app, token, request } = await build(t);
  await request('POST', '/api/contacts', { token, body: { name: 'Existing', number: '5511900000003' } });
  const file = await sheet([
    ['Nome', 'NUMERO', 'Email'],
    ['Ana', 5511900000001, 'ana@x.test'],
    ['Bruno', '+55 11 90000-0002', ''],
    ['Existing again', '5511900000003', ''],
    ['Bad number', 'abc', ''],
    ['Ana twin', '5511900000001', ''],
    [null, null, null],
    ['', '5511900000004', ''],
  ]);
  const res = await upload(app, token, '/api/contacts/upload', 'contacts.xlsx', file);
  t.equal(res.statusCode, 200, res.body);
  const body = res.json();
  t.same(body.newContacts.map((c: { contactName: string }) => c.contactName).sort(), ['5511900000004', 'Ana', 'Bruno']);
  t.ok(body.newContacts.every((c: { contactId: number }) => Number.isInteger(c.contactId)));
  t.same(body.errorBag.map((e: { contactName: string }) => e.contactName).sort(), ['Ana twin', 'Bad number', 'Existing again']);
  t.match(body.errorBag.find((e: { contactName: string }) => e.contactName === 'Existing again').error.message, /ERR_DUPLICATED_CONTACT/);
  const ana = await request('GET', `/api/contacts/${body.newContacts.find((c: { contactName: string }) => c.contactName === 'Ana').contactId}`, { token });
  t.equal(ana.body.number, '5511900000001');
  t.equal(ana.body.email, 'ana@x.test');
  // /contacts/import is the same operation under the spec's other name.
  const again = await upload(app, token, '/api/contacts/import', 'contacts.xlsx', await sheet([['name', 'number'], ['Carla', '5511900000009']]));
  t.equal(again.json().newContacts[0].contactName, 'Carla');
});

t.test('a file neither .xlsx nor CSV, corrupt or header-less is 400 ERR_INVALID_SHEET', async (t) => {
  const { app, token } = await build(t);
  const ods = await upload(app, token, '/api/contacts/upload', 'contacts.ods', Buffer.from('name;number\nAna;5511900000001\n'));
  t.equal(ods.statusCode, 400);
  t.equal(ods.json().error, 'ERR_INVALID_SHEET');
  const binary = await upload(app, token, '/api/contacts/upload', 'contacts.csv', Buffer.from([0x00, 0x01, 0x02, 0xff, 0x00]));
  t.same([binary.statusCode, binary.json().error], [400, 'ERR_INVALID_SHEET'], 'binary content named .csv');
  const corrupt = await upload(app, token, '/api/contacts/upload', 'contacts.xlsx', Buffer.from('this is not a zip at all'));
  t.equal(corrupt.statusCode, 400);
  t.equal(corrupt.json().error, 'ERR_INVALID_SHEET');
  const good = await sheet([['name', 'number'], ['Ana', '5511900000001']]);
  const truncated = await upload(app, token, '/api/contacts/upload', 'contacts.xlsx', good.subarray(0, Math.floor(good.length / 2)));
  t.equal(truncated.statusCode, 400, 'a truncated zip');
  t.equal(truncated.json().error, 'ERR_INVALID_SHEET');
  const noHeader = await upload(app, token, '/api/contacts/upload', 'contacts.xlsx', await sheet([['foo', 'bar'], ['Ana', '5511900000001']]));
  t.equal(noHeader.statusCode, 400);
  t.equal(noHeader.json().error, 'ERR_INVALID_SHEET');
  const json = await app.inject({ method: 'POST', url: '/api/contacts/upload', payload: { a: 1 }, headers: { authorization: `Bearer ${token}` } });
  t.equal(json.statusCode, 400, 'not multipart');
});

t.test('a 50 000-row sheet imports in full, streamed and batched', async (t) => {
  const { app, token, request } = await build(t);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-sheet-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'big.xlsx');
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const ws = writer.addWorksheet('contacts');
  ws.addRow(['name', 'number', 'email']).commit();
  for (let i = 0; i < 50_000; i++) ws.addRow([`Contact ${i}`, `55${String(10_000_000_000 + i)}`, `c${i}@big.test`]).commit();
  ws.commit();
  await writer.commit();
  const started = Date.now();
  const res = await upload(app, token, '/api/contacts/upload', 'big.xlsx', readFileSync(file));
  t.equal(res.statusCode, 200);
  const body = res.json();
  t.equal(body.newContacts.length, 50_000);
  t.equal(body.errorBag.length, 0);
  t.equal((await request('GET', '/api/contacts', { token })).body.count, 50_000);
  t.comment(`50 000 rows imported in ${Date.now() - started} ms`);
});

t.test('the sample sheet, CSV and xlsx exports', async (t) => {
  const { app, token, request, createTenant } = await build(t);
  await request('POST', '/api/contacts', { token, body: { name: 'Ana; "the first"', number: '5511900000001', email: 'ana@x.test' } });
  await request('POST', '/api/contacts', { token, body: { name: '=HYPERLINK("x")', number: '5511900000002' } });
  const auth = { authorization: `Bearer ${token}` };

  const sample = await app.inject({ method: 'GET', url: '/api/contacts/sample', headers: auth });
  t.equal(sample.statusCode, 200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(sample.rawPayload as never);
  t.same(wb.worksheets[0].getRow(1).values, [undefined, 'name', 'number', 'email']);
  // The sample imports as is.
  const imported = await upload(app, token, '/api/contacts/upload', 'sample.xlsx', sample.rawPayload);
  t.equal(imported.statusCode, 200, imported.body);
  t.equal(imported.json().newContacts?.length, 2);

  const csv = await app.inject({ method: 'GET', url: '/api/contacts/export?format=csv', headers: auth });
  t.equal(csv.statusCode, 200);
  t.match(csv.headers['content-type'], /text\/csv/);
  const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
  t.equal(lines[0], 'id;name;number;email;createdAt');
  t.equal(lines.length, 5);
  t.match(lines[1], /;"Ana; ""the first""";5511900000001;ana@x\.test;/);
  t.match(lines[2], /;"'=HYPERLINK\(""x""\)";/, 'a formula is neutralised');

  const xlsx = await app.inject({ method: 'GET', url: '/api/contacts/export?format=xlsx', headers: auth });
  t.equal(xlsx.statusCode, 200);
  const out = new ExcelJS.Workbook();
  await out.xlsx.load(xlsx.rawPayload as never);
  t.equal(out.worksheets[0].rowCount, 5);
  t.equal(out.worksheets[0].getRow(2).getCell(3).value, '5511900000001');

  const other = await createTenant('Other Co');
  const theirs = await app.inject({ method: 'GET', url: '/api/contacts/export?format=csv', headers: { authorization: `Bearer ${other.admin.token}` } });
  t.equal(theirs.body.replace(/^\uFEFF/, '').trim().split('\r\n').length, 1, 'another company exports only its own (none)');
  t.equal((await request('GET', '/api/contacts/export', { token, query: { format: 'pdf' } })).status, 400);
});
