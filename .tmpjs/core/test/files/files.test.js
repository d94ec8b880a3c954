import t from "tap";
import { existsSync } from "node:fs";
import { build } from "../helper.js";
import { multipart } from "../contacts/multipart.js";
import { captureEvents } from "../contacts/fixtures.js";
t.test("a file list is created with options, listed, searched and its name is unique in the company", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  const res = await request("POST", "/api/files", { token, body: { name: "Catalogue", message: "Our catalogue", options: [{ name: "Spring" }, { name: "Summer" }] } });
  t2.equal(res.status, 200);
  t2.same(res.body.options.map((o) => o.name), ["Spring", "Summer"]);
  await request("POST", "/api/files", { token, body: { name: "Price list", message: "Prices" } });
  const dup = await request("POST", "/api/files", { token, body: { name: "Catalogue", message: "again" } });
  t2.equal(dup.status, 409);
  t2.equal(dup.body.error, "ERR_FILE_LIST_NAME_ALREADY_EXISTS");
  t2.equal((await request("POST", "/api/files", { token, body: { name: "ab", message: "short" } })).status, 400);
  t2.equal((await request("POST", "/api/files", { token, body: { name: "No message" } })).status, 400);
  const page = await request("GET", "/api/files", { token });
  t2.same(page.body.files.map((f) => f.name), ["Catalogue", "Price list"]);
  t2.equal(page.body.hasMore, false);
  t2.equal((await request("GET", "/api/files", { token, query: { searchParam: "price" } })).body.files.length, 1);
  t2.equal((await request("GET", "/api/files/list", { token })).body.length, 2);
  const other = await createTenant("Other Co");
  t2.equal((await request("POST", "/api/files", { token: other.admin.token, body: { name: "Catalogue", message: "theirs" } })).status, 200);
});
t.test("uploadList stores files for the options by name or in order; editing options removes dropped files", async (t2) => {
  const { app, request, token } = await build(t2);
  const list = (await request("POST", "/api/files", { token, body: { name: "Catalogue", message: "Our catalogue", options: [{ name: "Spring" }, { name: "Summer" }, { name: "Winter" }] } })).body;
  const { payload, headers } = multipart({}, [
    { field: "Summer", filename: "summer.pdf", content: Buffer.from("%PDF summer"), mimetype: "application/pdf" },
    { field: "files", filename: "first.pdf", content: Buffer.from("%PDF first"), mimetype: "application/pdf" }
  ]);
  const up = await app.inject({ method: "POST", url: `/api/files/uploadList/${list.id}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  t2.equal(up.statusCode, 200, up.body);
  const byName = Object.fromEntries(up.json().options.map((o) => [o.name, o]));
  t2.match(byName.Summer.path, /summer\.pdf$/, "matched by name");
  t2.match(byName.Spring.path, /first\.pdf$/, "the unnamed file fills the first free option");
  t2.equal(byName.Winter.path, null);
  t2.equal(byName.Spring.mediaType, "application/pdf");
  const springFile = app.storage.resolve(byName.Spring.path);
  t2.ok(existsSync(springFile));
  const kept = up.json().options.filter((o) => o.name !== "Spring").map((o) => ({ id: o.id, name: o.name }));
  const edited = await request("PUT", `/api/files/${list.id}`, { token, body: { name: "Catalogue 2026", options: [...kept, { name: "Autumn" }] } });
  t2.equal(edited.status, 200);
  t2.same(edited.body.options.map((o) => o.name), ["Summer", "Winter", "Autumn"]);
  t2.notOk(existsSync(springFile), "the dropped option's file is removed");
  t2.equal((await request("DELETE", `/api/files/${list.id}`, { token })).status, 200);
  t2.equal((await request("GET", `/api/files/${list.id}`, { token })).status, 404);
});
t.test("another company gets 404 on every file-list route and sees none", async (t2) => {
  const { app, request, token, createTenant } = await build(t2);
  const list = (await request("POST", "/api/files", { token, body: { name: "Catalogue", message: "Ours", options: [{ name: "A" }] } })).body;
  const ot = (await createTenant("Other Co")).admin.token;
  t2.equal((await request("GET", `/api/files/${list.id}`, { token: ot })).status, 404);
  t2.equal((await request("PUT", `/api/files/${list.id}`, { token: ot, body: { name: "Hacked" } })).status, 404);
  t2.equal((await request("DELETE", `/api/files/${list.id}`, { token: ot })).status, 404);
  const { payload, headers } = multipart({}, [{ field: "A", filename: "a.pdf", content: Buffer.from("%PDF"), mimetype: "application/pdf" }]);
  t2.equal((await app.inject({ method: "POST", url: `/api/files/uploadList/${list.id}`, payload, headers: { ...headers, authorization: `Bearer ${ot}` } })).statusCode, 404);
  t2.same((await request("GET", "/api/files", { token: ot })).body, { files: [], hasMore: false });
  t2.same((await request("GET", "/api/files/list", { token: ot })).body, []);
});
t.test("file-list create, update and delete emit company-1-file", async (t2) => {
  const { app, request, token } = await build(t2);
  const actions = captureEvents(app, 1, "file");
  const list = (await request("POST", "/api/files", { token, body: { name: "Catalogue", message: "Ours" } })).body;
  await request("PUT", `/api/files/${list.id}`, { token, body: { message: "Ours 2" } });
  await request("DELETE", `/api/files/${list.id}`, { token });
  t2.same(actions, ["create", "update", "delete"]);
});
