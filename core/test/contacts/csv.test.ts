import t from 'tap';
import { build } from '../helper.js';
import { multipart } from './multipart.js';
import { csvRows } from '../../src/sheets/csv.js';

/** CSV beside .xlsx (issue 27): `,` or `;` detected, UTF-8 with or without BOM, quoted fields; exports neutralise formulas. */
const upload = (app: Awaited<ReturnType<typeof build>>['app'], token: string, url: string, filename: string, text: string) => {
  const { payload, headers } = multipart({}, [{ field: 'file', filename, content: Buffer.from(text, 'utf8'), mimetype: 'text/csv' }]);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
};

t.test('the CSV reader: delimiter, BOM, quotes, line breaks', async (t) => {
  t.same([...csvRows('\uFEFFnome;numero\r\n"Silva; Ana";5511900000001\r\n')], [['nome', 'numero'], ['Silva; Ana', '5511900000001']], '; with a BOM and CRLF');
  t.same([...csvRows('name,number\n"He said ""hi""",1\n"two\nlines",2')], [['name', 'number'], ['He said "hi"', '1'], ['two\nlines', '2']], ', with doubled quotes, a quoted line break and no final newline');
  t.same([...csvRows('"a;b",c,d\n')], [['a;b', 'c', 'd']], 'a separator inside quotes does not count');
});

t.test('POST /contacts/importCsv imports a CSV as the .xlsx import does', async (t) => {
  const { app, token, request } = await build(t);
  const semicolons = await upload(app, token, '/api/contacts/importCsv', 'contatos.csv', '\uFEFFNome;Número;E-mail\r\n"Silva; Ana";5511900000001;ana@x.test\r\nBruno;+55 11 90000-0002;\r\nBad;abc;\r\n');
  t.equal(semicolons.statusCode, 200, semicolons.body);
  t.same(semicolons.json().newContacts.map((c: { contactName: string }) => c.contactName).sort(), ['Bruno', 'Silva; Ana']);
  t.same(semicolons.json().errorBag.map((e: { contactName: string }) => e.contactName), ['Bad']);
  const ana = await request('GET', `/api/contacts/${semicolons.json().newContacts.find((c: { contactName: string }) => c.contactName === 'Silva; Ana').contactId}`, { token });
  t.same([ana.body.number, ana.body.email], ['5511900000001', 'ana@x.test']);
  const commas = await upload(app, token, '/api/contacts/upload', 'contacts.csv', 'name,number\n"Carla, the second",5511900000003\n');
  t.same(commas.json().newContacts.map((c: { contactName: string }) => c.contactName), ['Carla, the second'], 'commas, no BOM, on the .xlsx route too');
  const noNumber = await upload(app, token, '/api/contacts/importCsv', 'contacts.csv', 'name;phone\nAna;1\n');
  t.same([noNumber.statusCode, noNumber.json().error], [400, 'ERR_INVALID_SHEET'], 'a header without the number column');
});

t.test('GET /contacts/exportCsv: the company\'s contacts, formulas neutralised', async (t) => {
  const { app, token, request, createTenant } = await build(t);
  await request('POST', '/api/contacts', { token, body: { name: '=HYPERLINK("http://x")', number: '5511900000001' } });
  const other = await createTenant('Other Co');
  await request('POST', '/api/contacts', { token: other.admin.token, body: { name: 'Not yours', number: '5511900000002' } });
  const res = await app.inject({ method: 'GET', url: '/api/contacts/exportCsv', headers: { authorization: `Bearer ${token}` } });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^text\/csv/);
  t.match(res.headers['content-disposition'], /attachment; filename="contacts.csv"/);
  t.match(res.body, /'=HYPERLINK\(""http:\/\/x""\)/, 'a formula-leading cell starts with a quote mark');
  t.notMatch(res.body, /Not yours/, 'another company\'s contacts are not exported');
  // What the export writes, the import reads back (to another company, where the numbers are new).
  const back = await upload(app, other.admin.token, '/api/contacts/importCsv', 'contacts.csv', res.body);
  t.same(back.json().newContacts.map((c: { contactName: string }) => c.contactName), ['\'=HYPERLINK("http://x")'], 'the export imports back');
});

t.test('a contact list imports a CSV through its upload', async (t) => {
  const { app, token, request } = await build(t);
  const list = await request('POST', '/api/contact-lists', { token, body: { name: 'Audience' } });
  const res = await upload(app, token, `/api/contact-lists/${list.body.id}/upload`, 'lista.csv', '\uFEFFNome;Número\r\nAna;5511900000001\r\n"Bruno; B";5511900000002\r\n');
  t.same([res.statusCode, res.json()], [200, { created: 2, duplicated: 0, invalid: 0 }], res.body);
  const items = await request('GET', '/api/contact-list-items', { token, query: { contactListId: list.body.id } });
  t.same(items.body.contacts.map((c: { name: string }) => c.name).sort(), ['Ana', 'Bruno; B']);
});
