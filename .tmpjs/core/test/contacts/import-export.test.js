import t from "tap";
import ExcelJS from "exceljs";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "../helper.js";
import { multipart } from "./multipart.js";
async function sheet(rows) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Planilha1");
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = (app, token, url, filename, content) => {
  const { payload, headers } = multipart({}, [{ field: "file", filename, content, mimetype: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }]);
  return app.inject({ method: "POST", url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
};
t.test("an .xlsx import answers row by row: new contacts and an error bag", async (t2) => {
  const { app, token, request } = await build(t2);
  await request("POST", "/api/contacts", { token, body: { name: "Existing", number: "5511900000003" } });
  const file = await sheet([
    ["Nome", "NUMERO", "Email"],
    ["Ana", 5511900000001, "ana@x.test"],
    ["Bruno", "+55 11 90000-0002", ""],
    ["Existing again", "5511900000003", ""],
    ["Bad number", "abc", ""],
    ["Ana twin", "5511900000001", ""],
    [null, null, null],
    ["", "5511900000004", ""]
  ]);
  const res = await upload(app, token, "/api/contacts/upload", "contacts.xlsx", file);
  t2.equal(res.statusCode, 200, res.body);
  const body = res.json();
  t2.same(body.newContacts.map((c) => c.contactName).sort(), ["5511900000004", "Ana", "Bruno"]);
  t2.ok(body.newContacts.every((c) => Number.isInteger(c.contactId)));
  t2.same(body.errorBag.map((e) => e.contactName).sort(), ["Ana twin", "Bad number", "Existing again"]);
  t2.match(body.errorBag.find((e) => e.contactName === "Existing again").error.message, /ERR_DUPLICATED_CONTACT/);
  const ana = await request("GET", `/api/contacts/${body.newContacts.find((c) => c.contactName === "Ana").contactId}`, { token });
  t2.equal(ana.body.number, "5511900000001");
  t2.equal(ana.body.email, "ana@x.test");
  const again = await upload(app, token, "/api/contacts/import", "contacts.xlsx", await sheet([["name", "number"], ["Carla", "5511900000009"]]));
  t2.equal(again.json().newContacts[0].contactName, "Carla");
});
t.test("a file neither .xlsx nor CSV, corrupt or header-less is 400 ERR_INVALID_SHEET", async (t2) => {
  const { app, token } = await build(t2);
  const ods = await upload(app, token, "/api/contacts/upload", "contacts.ods", Buffer.from("name;number\nAna;5511900000001\n"));
  t2.equal(ods.statusCode, 400);
  t2.equal(ods.json().error, "ERR_INVALID_SHEET");
  const binary = await upload(app, token, "/api/contacts/upload", "contacts.csv", Buffer.from([0, 1, 2, 255, 0]));
  t2.same([binary.statusCode, binary.json().error], [400, "ERR_INVALID_SHEET"], "binary content named .csv");
  const corrupt = await upload(app, token, "/api/contacts/upload", "contacts.xlsx", Buffer.from("this is not a zip at all"));
  t2.equal(corrupt.statusCode, 400);
  t2.equal(corrupt.json().error, "ERR_INVALID_SHEET");
  const good = await sheet([["name", "number"], ["Ana", "5511900000001"]]);
  const truncated = await upload(app, token, "/api/contacts/upload", "contacts.xlsx", good.subarray(0, Math.floor(good.length / 2)));
  t2.equal(truncated.statusCode, 400, "a truncated zip");
  t2.equal(truncated.json().error, "ERR_INVALID_SHEET");
  const noHeader = await upload(app, token, "/api/contacts/upload", "contacts.xlsx", await sheet([["foo", "bar"], ["Ana", "5511900000001"]]));
  t2.equal(noHeader.statusCode, 400);
  t2.equal(noHeader.json().error, "ERR_INVALID_SHEET");
  const json = await app.inject({ method: "POST", url: "/api/contacts/upload", payload: { a: 1 }, headers: { authorization: `Bearer ${token}` } });
  t2.equal(json.statusCode, 400, "not multipart");
});
t.test("a 50 000-row sheet imports in full, streamed and batched", async (t2) => {
  const { app, token, request } = await build(t2);
  const dir = mkdtempSync(path.join(os.tmpdir(), "atrium-sheet-"));
  t2.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "big.xlsx");
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const ws = writer.addWorksheet("contacts");
  ws.addRow(["name", "number", "email"]).commit();
  for (let i = 0; i < 5e4; i++) ws.addRow([`Contact ${i}`, `55${String(1e10 + i)}`, `c${i}@big.test`]).commit();
  ws.commit();
  await writer.commit();
  const started = Date.now();
  const res = await upload(app, token, "/api/contacts/upload", "big.xlsx", readFileSync(file));
  t2.equal(res.statusCode, 200);
  const body = res.json();
  t2.equal(body.newContacts.length, 5e4);
  t2.equal(body.errorBag.length, 0);
  t2.equal((await request("GET", "/api/contacts", { token })).body.count, 5e4);
  t2.comment(`50 000 rows imported in ${Date.now() - started} ms`);
});
t.test("the sample sheet, CSV and xlsx exports", async (t2) => {
  const { app, token, request, createTenant } = await build(t2);
  await request("POST", "/api/contacts", { token, body: { name: 'Ana; "the first"', number: "5511900000001", email: "ana@x.test" } });
  await request("POST", "/api/contacts", { token, body: { name: '=HYPERLINK("x")', number: "5511900000002" } });
  const auth = { authorization: `Bearer ${token}` };
  const sample = await app.inject({ method: "GET", url: "/api/contacts/sample", headers: auth });
  t2.equal(sample.statusCode, 200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(sample.rawPayload);
  t2.same(wb.worksheets[0].getRow(1).values, [void 0, "name", "number", "email"]);
  const imported = await upload(app, token, "/api/contacts/upload", "sample.xlsx", sample.rawPayload);
  t2.equal(imported.statusCode, 200, imported.body);
  t2.equal(imported.json().newContacts?.length, 2);
  const csv = await app.inject({ method: "GET", url: "/api/contacts/export?format=csv", headers: auth });
  t2.equal(csv.statusCode, 200);
  t2.match(csv.headers["content-type"], /text\/csv/);
  const lines = csv.body.replace(/^\uFEFF/, "").trim().split("\r\n");
  t2.equal(lines[0], "id;name;number;email;createdAt");
  t2.equal(lines.length, 5);
  t2.match(lines[1], /;"Ana; ""the first""";5511900000001;ana@x\.test;/);
  t2.match(lines[2], /;"'=HYPERLINK\(""x""\)";/, "a formula is neutralised");
  const xlsx = await app.inject({ method: "GET", url: "/api/contacts/export?format=xlsx", headers: auth });
  t2.equal(xlsx.statusCode, 200);
  const out = new ExcelJS.Workbook();
  await out.xlsx.load(xlsx.rawPayload);
  t2.equal(out.worksheets[0].rowCount, 5);
  t2.equal(out.worksheets[0].getRow(2).getCell(3).value, "5511900000001");
  const other = await createTenant("Other Co");
  const theirs = await app.inject({ method: "GET", url: "/api/contacts/export?format=csv", headers: { authorization: `Bearer ${other.admin.token}` } });
  t2.equal(theirs.body.replace(/^\uFEFF/, "").trim().split("\r\n").length, 1, "another company exports only its own (none)");
  t2.equal((await request("GET", "/api/contacts/export", { token, query: { format: "pdf" } })).status, 400);
});
