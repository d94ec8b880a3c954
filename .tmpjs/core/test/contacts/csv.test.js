import t from "tap";
import { build } from "../helper.js";
import { multipart } from "./multipart.js";
import { csvRows } from "../../src/sheets/csv.js";
const upload = (app, token, url, filename, text) => {
  const { payload, headers } = multipart({}, [{ field: "file", filename, content: Buffer.from(text, "utf8"), mimetype: "text/csv" }]);
  return app.inject({ method: "POST", url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
};
t.test("the CSV reader: delimiter, BOM, quotes, line breaks", async (t2) => {
  t2.same([...csvRows('\uFEFFnome;numero\r\n"Silva; Ana";5511900000001\r\n')], [["nome", "numero"], ["Silva; Ana", "5511900000001"]], "; with a BOM and CRLF");
  t2.same([...csvRows('name,number\n"He said ""hi""",1\n"two\nlines",2')], [["name", "number"], ['He said "hi"', "1"], ["two\nlines", "2"]], ", with doubled quotes, a quoted line break and no final newline");
  t2.same([...csvRows('"a;b",c,d\n')], [["a;b", "c", "d"]], "a separator inside quotes does not count");
});
t.test("POST /contacts/importCsv imports a CSV as the .xlsx import does", async (t2) => {
  const { app, token, request } = await build(t2);
  const semicolons = await upload(app, token, "/api/contacts/importCsv", "contatos.csv", '\uFEFFNome;N\xFAmero;E-mail\r\n"Silva; Ana";5511900000001;ana@x.test\r\nBruno;+55 11 90000-0002;\r\nBad;abc;\r\n');
  t2.equal(semicolons.statusCode, 200, semicolons.body);
  t2.same(semicolons.json().newContacts.map((c) => c.contactName).sort(), ["Bruno", "Silva; Ana"]);
  t2.same(semicolons.json().errorBag.map((e) => e.contactName), ["Bad"]);
  const ana = await request("GET", `/api/contacts/${semicolons.json().newContacts.find((c) => c.contactName === "Silva; Ana").contactId}`, { token });
  t2.same([ana.body.number, ana.body.email], ["5511900000001", "ana@x.test"]);
  const commas = await upload(app, token, "/api/contacts/upload", "contacts.csv", 'name,number\n"Carla, the second",5511900000003\n');
  t2.same(commas.json().newContacts.map((c) => c.contactName), ["Carla, the second"], "commas, no BOM, on the .xlsx route too");
  const noNumber = await upload(app, token, "/api/contacts/importCsv", "contacts.csv", "name;phone\nAna;1\n");
  t2.same([noNumber.statusCode, noNumber.json().error], [400, "ERR_INVALID_SHEET"], "a header without the number column");
});
t.test("GET /contacts/exportCsv: the company's contacts, formulas neutralised", async (t2) => {
  const { app, token, request, createTenant } = await build(t2);
  await request("POST", "/api/contacts", { token, body: { name: '=HYPERLINK("http://x")', number: "5511900000001" } });
  const other = await createTenant("Other Co");
  await request("POST", "/api/contacts", { token: other.admin.token, body: { name: "Not yours", number: "5511900000002" } });
  const res = await app.inject({ method: "GET", url: "/api/contacts/exportCsv", headers: { authorization: `Bearer ${token}` } });
  t2.equal(res.statusCode, 200);
  t2.match(res.headers["content-type"], /^text\/csv/);
  t2.match(res.headers["content-disposition"], /attachment; filename="contacts.csv"/);
  t2.match(res.body, /'=HYPERLINK\(""http:\/\/x""\)/, "a formula-leading cell starts with a quote mark");
  t2.notMatch(res.body, /Not yours/, "another company's contacts are not exported");
  const back = await upload(app, other.admin.token, "/api/contacts/importCsv", "contacts.csv", res.body);
  t2.same(back.json().newContacts.map((c) => c.contactName), [`'=HYPERLINK("http://x")`], "the export imports back");
});
t.test("a contact list imports a CSV through its upload", async (t2) => {
  const { app, token, request } = await build(t2);
  const list = await request("POST", "/api/contact-lists", { token, body: { name: "Audience" } });
  const res = await upload(app, token, `/api/contact-lists/${list.body.id}/upload`, "lista.csv", '\uFEFFNome;N\xFAmero\r\nAna;5511900000001\r\n"Bruno; B";5511900000002\r\n');
  t2.same([res.statusCode, res.json()], [200, { created: 2, duplicated: 0, invalid: 0 }], res.body);
  const items = await request("GET", "/api/contact-list-items", { token, query: { contactListId: list.body.id } });
  t2.same(items.body.contacts.map((c) => c.name).sort(), ["Ana", "Bruno; B"]);
});
