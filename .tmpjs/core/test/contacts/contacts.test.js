import t from "tap";
import { build } from "../helper.js";
const maria = { name: "Maria Silva", number: "+55 (11) 99999-0001", email: "maria@example.com", extraInfo: [{ name: "cpf", value: "123" }] };
t.test("a contact is created with its number normalised to digits and its extra info", async (t2) => {
  const { request, token } = await build(t2);
  const res = await request("POST", "/api/contacts", { token, body: maria });
  t2.equal(res.status, 200);
  t2.equal(res.body.number, "5511999990001");
  t2.equal(res.body.extraInfo.length, 1);
  const one = await request("GET", `/api/contacts/${res.body.id}`, { token });
  t2.equal(one.body.extraInfo[0].name, "cpf");
  t2.equal(one.body.email, "maria@example.com");
});
t.test("the same number twice in a company is ERR_DUPLICATED_CONTACT, also when written differently", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  t2.equal((await request("POST", "/api/contacts", { token, body: maria })).status, 200);
  const again = await request("POST", "/api/contacts", { token, body: { ...maria, number: "5511999990001" } });
  t2.equal(again.status, 409);
  t2.equal(again.body.error, "ERR_DUPLICATED_CONTACT");
  const other = await createTenant("Other Co");
  t2.equal((await request("POST", "/api/contacts", { token: other.admin.token, body: maria })).status, 200, "another company may have the same number");
  const [a, b] = await Promise.all([
    request("POST", "/api/contacts", { token, body: { name: "Racer A", number: "5511888880000" } }),
    request("POST", "/api/contacts", { token, body: { name: "Racer B", number: "5511888880000" } })
  ]);
  t2.same([a.status, b.status].sort(), [200, 409]);
});
t.test("updating replaces the extra info; moving to a taken number is a conflict", async (t2) => {
  const { request, token } = await build(t2);
  const a = (await request("POST", "/api/contacts", { token, body: maria })).body;
  await request("POST", "/api/contacts", { token, body: { name: "Jo", number: "5511777770000" } });
  const res = await request("PUT", `/api/contacts/${a.id}`, { token, body: { name: "Maria S.", extraInfo: [{ name: "plan", value: "gold" }, { name: "city", value: "SP" }] } });
  t2.equal(res.status, 200);
  t2.equal(res.body.name, "Maria S.");
  t2.same(res.body.extraInfo.map((e) => e.name).sort(), ["city", "plan"]);
  const taken = await request("PUT", `/api/contacts/${a.id}`, { token, body: { number: "5511777770000" } });
  t2.equal(taken.status, 409);
  t2.equal(taken.body.error, "ERR_DUPLICATED_CONTACT");
});
t.test("the list searches name, number and e-mail, pages by 20 and counts", async (t2) => {
  const { request, token } = await build(t2);
  for (let i = 0; i < 25; i++) await request("POST", "/api/contacts", { token, body: { name: `Client ${String(i).padStart(2, "0")}`, number: `55119000000${String(i).padStart(2, "0")}`, email: `c${i}@shop.test` } });
  await request("POST", "/api/contacts", { token, body: maria });
  const first = await request("GET", "/api/contacts", { token });
  t2.equal(first.body.contacts.length, 20);
  t2.equal(first.body.count, 26);
  t2.equal(first.body.hasMore, true);
  const second = await request("GET", "/api/contacts", { token, query: { pageNumber: 2 } });
  t2.equal(second.body.contacts.length, 6);
  t2.equal(second.body.hasMore, false);
  t2.equal((await request("GET", "/api/contacts", { token, query: { searchParam: "maria" } })).body.contacts[0].name, "Maria Silva");
  t2.equal((await request("GET", "/api/contacts", { token, query: { searchParam: "99999-0001" } })).body.count, 1, "number search ignores punctuation");
  t2.equal((await request("GET", "/api/contacts", { token, query: { searchParam: "c3@shop" } })).body.count, 1);
  t2.equal((await request("GET", "/api/contacts", { token, query: { searchParam: "100%" } })).body.count, 0, "LIKE wildcards are literal");
  await request("POST", "/api/contacts", { token, body: { name: "john_doe 100%", number: "5511955554444" } });
  await request("POST", "/api/contacts", { token, body: { name: "johnxdoe", number: "5511955554445" } });
  t2.same((await request("GET", "/api/contacts", { token, query: { searchParam: "john_d" } })).body.contacts.map((c) => c.name), ["john_doe 100%"], "an underscore matches itself only");
  t2.equal((await request("GET", "/api/contacts", { token, query: { searchParam: "doe 100%" } })).body.count, 1, "a percent sign matches itself");
  const today = (/* @__PURE__ */ new Date()).toISOString().slice(0, 10);
  t2.equal((await request("GET", "/api/contacts", { token, query: { date: today } })).body.count, 28);
  t2.equal((await request("GET", "/api/contacts", { token, query: { dateStart: "2001-01-01", dateEnd: "2001-12-31" } })).body.count, 0);
  const list = await request("GET", "/api/contacts/list", { token });
  t2.equal(list.body.length, 28);
});
t.test("malformed contact input is a 400, never a 500", async (t2) => {
  const { request, token } = await build(t2);
  const cases = [
    { name: "M", number: "5511999990001" },
    { name: "Maria", number: "123" },
    { name: "Maria", number: "abcdefghij" },
    { name: "Maria", number: "5511999990001", email: "not-mail" },
    { name: "Maria" },
    { name: "Maria", number: "5511999990001", extraInfo: "x" }
  ];
  for (const body of cases) {
    const res = await request("POST", "/api/contacts", { token, body });
    t2.equal(res.status, 400, JSON.stringify(body));
  }
  t2.equal((await request("POST", "/api/contacts", { token, body: { name: "Maria", number: "abcdefghij" } })).body.error, "ERR_WAPP_INVALID_CONTACT");
  t2.equal((await request("GET", "/api/contacts/abc", { token })).status, 400);
  t2.equal((await request("GET", "/api/contacts", { token, query: { date: "yesterday" } })).status, 400);
  t2.equal((await request("GET", "/api/contacts/999999", { token })).body.error, "ERR_NO_CONTACT_FOUND");
});
t.test("a user of another company gets 404 on every contact route and sees none of its contacts", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  const mine = (await request("POST", "/api/contacts", { token, body: maria })).body;
  const other = await createTenant("Other Co");
  const ot = other.admin.token;
  t2.equal((await request("GET", `/api/contacts/${mine.id}`, { token: ot })).status, 404);
  t2.equal((await request("PUT", `/api/contacts/${mine.id}`, { token: ot, body: { name: "Hacked" } })).status, 404);
  t2.equal((await request("DELETE", `/api/contacts/${mine.id}`, { token: ot })).status, 404);
  t2.equal((await request("GET", "/api/contacts", { token: ot })).body.count, 0);
  t2.equal((await request("GET", "/api/contacts/list", { token: ot })).body.length, 0);
  t2.equal((await request("GET", `/api/contacts/${mine.id}`, { token })).body.name, "Maria Silva", "untouched");
});
t.test("only an admin deletes a contact", async (t2) => {
  const { request, token, createUser } = await build(t2);
  const c = (await request("POST", "/api/contacts", { token, body: maria })).body;
  const user = await createUser(1);
  const refused = await request("DELETE", `/api/contacts/${c.id}`, { token: user.token });
  t2.equal(refused.status, 403);
  t2.equal(refused.body.error, "ERR_NO_PERMISSION");
  t2.equal((await request("DELETE", `/api/contacts/${c.id}`, { token })).status, 200);
  t2.equal((await request("GET", `/api/contacts/${c.id}`, { token })).status, 404);
});
t.test("create, update and delete emit company-1-contact", async (t2) => {
  const { app, request, token } = await build(t2);
  const events = [];
  const original = app.bus.emit;
  app.bus.emit = (companyId, event, payload, room) => {
    if (companyId === 1 && event === "contact") events.push(payload);
    return original(companyId, event, payload, room);
  };
  const c = (await request("POST", "/api/contacts", { token, body: maria })).body;
  await request("PUT", `/api/contacts/${c.id}`, { token, body: { name: "Maria 2" } });
  await request("DELETE", `/api/contacts/${c.id}`, { token });
  t2.same(events.map((e) => e.action), ["create", "update", "delete"]);
});
