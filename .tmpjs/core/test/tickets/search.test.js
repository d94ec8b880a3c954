import t from "tap";
import { build } from "../helper.js";
import { messageMatches } from "../../src/db/search.js";
async function write(app, companyId, whatsappId, number, body, name = "Cliente") {
  await app.pipeline.inbound.onMessage({ companyId, whatsappId }, {
    providerId: `S-${Math.random().toString(36).slice(2)}`,
    from: number,
    pushName: name,
    fromMe: false,
    isGroup: false,
    kind: "text",
    body,
    timestamp: /* @__PURE__ */ new Date()
  });
  await app.jobs.idle();
  const ticket = await app.knex("tickets").join("contacts", "contacts.id", "tickets.contactId").where("contacts.number", number).where("tickets.companyId", companyId).first("tickets.id");
  return ticket.id;
}
t.test("searching tickets by message text uses words and word prefixes, any case and accent, every word required", async (t2) => {
  const { app, request, token } = await build(t2);
  const whatsappId = (await app.knex("whatsapps").where({ companyId: 1 }).first("id")).id;
  const boleto = await write(app, 1, whatsappId, "5511911110001", "Meu BOLETO venceu ontem, preciso da segunda via");
  const entrega = await write(app, 1, whatsappId, "5511911110002", "A entrega do pedido n\xE3o chegou");
  const acento = await write(app, 1, whatsappId, "5511911110003", "Quero falar sobre a promo\xE7\xE3o de ver\xE3o");
  const search = async (searchParam) => {
    const res = await request("GET", "/api/tickets", { token, query: { showAll: "true", searchParam } });
    t2.equal(res.status, 200, `search "${searchParam}" answers`);
    return res.body.tickets.map((x) => x.id).sort();
  };
  t2.same(await search("boleto"), [boleto], "a word, any case");
  t2.same(await search("bole"), [boleto], "a word prefix");
  t2.same(await search("segunda via"), [boleto], "several words");
  t2.same(await search("boleto pedido"), [], "every word must match one message");
  t2.same(await search("nao chegou"), [entrega], "accents are folded");
  t2.same(await search("promocao"), [acento], "accents are folded in the other direction too");
});
t.test("search input with quotes, operators or SQL is just text: no error, no match, no other company", async (t2) => {
  const { app, request, token, createTenant } = await build(t2);
  const other = await createTenant("Other Search Co");
  const otherConnection = await app.knex("whatsapps").insert({ companyId: other.companyId, name: "Other", provider: "sandbox", status: "CONNECTED", isDefault: true, createdAt: "2026-01-01 00:00:00.000", updatedAt: "2026-01-01 00:00:00.000" });
  await write(app, other.companyId, Number(otherConnection[0]), "5511922220001", "segredo da outra empresa");
  for (const hostile of ['"', "*", "NEAR(a b)", "'; DROP TABLE messages; --", "+-~<>()", "%_\\", 'segredo"*']) {
    const res2 = await request("GET", "/api/tickets", { token, query: { showAll: "true", searchParam: hostile } });
    t2.equal(res2.status, 200, `"${hostile}" is searched as text`);
  }
  const res = await request("GET", "/api/tickets", { token, query: { showAll: "true", searchParam: "segredo" } });
  t2.same(res.body.tickets, [], "another company's messages never match");
  const theirs = await request("GET", "/api/tickets", { token: other.admin.token, query: { showAll: "true", searchParam: "segredo" } });
  t2.equal(theirs.body.tickets.length, 1, "the owner finds it");
});
t.test("a search goes to its depth newest first: past the walked window through the text index, never into another company", async (t2) => {
  const { app, createTenant } = await build(t2);
  const whatsappId = (await app.knex("whatsapps").where({ companyId: 1 }).first("id")).id;
  const limits = { depth: 5, firstWindow: 2, budget: 4 };
  const old = await write(app, 1, whatsappId, "5511933330001", "um pedido antigo e raro");
  const tickets = [];
  for (let i = 0; i < 6; i++) tickets.push(await write(app, 1, whatsappId, `55119333301${i}0`, `conversa comum numero ${i}`));
  const other = await createTenant("Other Depth Co");
  const [otherConnection] = await app.knex("whatsapps").insert({ companyId: other.companyId, name: "Other", provider: "sandbox", status: "CONNECTED", isDefault: true, createdAt: "2026-01-01 00:00:00.000", updatedAt: "2026-01-01 00:00:00.000" });
  await write(app, other.companyId, Number(otherConnection), "5511933339999", "conversa comum e raro de outra empresa");
  const search = async (text) => (await messageMatches(app.knex, 1, text, limits)).ticketIds;
  t2.same(await search("raro"), [old], "a word only in a message older than the walk is found");
  t2.same(await search("comum"), tickets.slice(1).reverse(), "a common word: the newest matches up to the depth, newest first, walked then indexed");
  t2.same(await search("conversa numero 1"), [tickets[1]], "every word in one message, found through the index");
  t2.same(await search("mero"), [], "a word prefix, not any substring");
  t2.same(await search("%"), [], "a LIKE wildcard is no word");
  t2.same(await search("_"), [], "nor is an underscore");
});
t.test("LIKE wildcards in a search match nothing; word starts and accents both ways", async (t2) => {
  const { app, request, token } = await build(t2);
  const whatsappId = (await app.knex("whatsapps").where({ companyId: 1 }).first("id")).id;
  const voce = await write(app, 1, whatsappId, "5511944440001", "Voce pode confirmar o impedimento?");
  await write(app, 1, whatsappId, "5511944440002", "Outro assunto 100% resolvido");
  const search = async (searchParam) => {
    const res = await request("GET", "/api/tickets", { token, query: { showAll: "true", searchParam } });
    t2.equal(res.status, 200, `search "${searchParam}" answers`);
    return res.body.tickets.map((x) => x.id);
  };
  t2.same(await search("%"), [], "% matches nothing");
  t2.same(await search("_"), [], "_ matches nothing");
  t2.same(await search("voc\xEA"), [voce], "an accent in the search matches the bare letter");
  t2.same(await search("pedimento"), [], "the middle of a word is no match");
});
t.test("a word prefix finds every indexed word it starts, few or many, and every accent of them", async (t2) => {
  const { app } = await build(t2);
  const whatsappId = (await app.knex("whatsapps").where({ companyId: 1 }).first("id")).id;
  const few = [
    await write(app, 1, whatsappId, "5511955550001", "sobre a garantia do produto"),
    await write(app, 1, whatsappId, "5511955550002", "as garantias vencidas"),
    await write(app, 1, whatsappId, "5511955550003", "garanti\xE1 com acento")
  ];
  const many = [];
  for (let i = 0; i < 20; i++) many.push(await write(app, 1, whatsappId, `55119555501${String(i).padStart(2, "0")}`, `palavra zetaword${String.fromCharCode(97 + i)} aqui`));
  const search = async (text) => (await messageMatches(app.knex, 1, text)).ticketIds.sort((a, b) => a - b);
  t2.same(await search("garantia"), few, "a word and its longer forms, accented or not");
  t2.same(await search("GARANTIAS"), [few[1]], "only the longer form when it is typed");
  t2.same(await search("zetaword"), many, "a prefix of twenty different words");
  t2.same(await search("zetawordc"), [many[2]], "one of them");
  t2.same(await search("garantia zetaword"), [], "every word in one message");
  t2.same(await search("zzzsemnada"), [], "a word no message has");
});
t.test("part of a contact name finds their tickets and the contact, any case and accent, kept in step with renames, never another company", async (t2) => {
  const { app, request, token, createTenant } = await build(t2);
  const whatsappId = (await app.knex("whatsapps").where({ companyId: 1 }).first("id")).id;
  const joao = await write(app, 1, whatsappId, "5511933330001", "oi", "Jo\xE3o Concei\xE7\xE3o");
  const maria = await write(app, 1, whatsappId, "5511933330002", "ol\xE1", 'Maria "Z\xE9" 100%');
  const other = await createTenant("Other Name Co");
  const otherConnection = await app.knex("whatsapps").insert({ companyId: other.companyId, name: "Other", provider: "sandbox", status: "CONNECTED", isDefault: true, createdAt: "2026-01-01 00:00:00.000", updatedAt: "2026-01-01 00:00:00.000" });
  await write(app, other.companyId, Number(otherConnection[0]), "5511933330003", "oi", "Jo\xE3o Concei\xE7\xE3o");
  const tickets = async (searchParam) => {
    const res = await request("GET", "/api/tickets", { token, query: { showAll: "true", searchParam } });
    t2.equal(res.status, 200, `ticket search "${searchParam}" answers`);
    return res.body.tickets.map((x) => x.id).sort();
  };
  const contacts = async (searchParam) => {
    const page = await request("GET", "/api/contacts", { token, query: { searchParam } });
    const picker = await request("GET", "/api/contacts/list", { token, query: { searchParam } });
    t2.equal(page.status, 200);
    t2.equal(picker.status, 200);
    const names = page.body.contacts.map((c) => c.name).sort();
    t2.same(picker.body.map((c) => c.name).sort(), names, `the picker finds what the contacts page finds for "${searchParam}"`);
    return names;
  };
  t2.same(await tickets("CONCEI"), [joao], "part of a name, any case");
  t2.same(await tickets("joao conceicao"), [joao], "accents folded, spaces kept");
  t2.same(await tickets("\xE3o C"), [joao], "across words, with accents");
  t2.same(await tickets('"Z\xE9" 100%'), [maria], "quotes and LIKE wildcards are the name's own characters");
  t2.same(await tickets("Jo"), [joao], "a term shorter than a trigram still matches (LIKE)");
  t2.same(await tickets("Concei\xE7\xE3o Silva"), [], "the whole term must be in the name");
  t2.same(await contacts("conceicao"), ["Jo\xE3o Concei\xE7\xE3o"], "the contacts page and picker fold accents too");
  t2.same(await contacts('e" 1'), ['Maria "Z\xE9" 100%'], "an odd fragment of a name is found");
  const contactId = (await app.knex("contacts").where({ companyId: 1, number: "5511933330001" }).first("id")).id;
  t2.equal((await request("PUT", `/api/contacts/${contactId}`, { token, body: { name: "Pedro \xC1lvares" } })).status, 200);
  t2.same(await tickets("conceicao"), [], "the old name no longer matches after a rename");
  t2.same(await tickets("alvares"), [joao], "the new name matches at once");
  t2.same(await contacts("alvares"), ["Pedro \xC1lvares"]);
  t2.equal((await request("DELETE", `/api/contacts/${contactId}`, { token })).status, 200);
  t2.same(await contacts("alvares"), [], "a deleted contact is gone from the search");
  const theirs = await request("GET", "/api/tickets", { token: other.admin.token, query: { showAll: "true", searchParam: "conceicao" } });
  t2.equal(theirs.body.tickets.length, 1, "each company finds only its own contact");
});
t.test("a search joins the tickets found by contact name and by message text, filtered, newest activity first, with their count", async (t2) => {
  const { app, request, token } = await build(t2);
  const whatsappId = (await app.knex("whatsapps").where({ companyId: 1 }).first("id")).id;
  const byName = await write(app, 1, whatsappId, "5511966660001", "bom dia", "Reembolsos Ltda");
  const byText = await write(app, 1, whatsappId, "5511966660002", "quero saber do meu reembolso", "Cliente");
  const both = await write(app, 1, whatsappId, "5511966660003", "o reembolso caiu", "Reembolsos SA");
  await write(app, 1, whatsappId, "5511966660004", "nada a ver", "Outra Pessoa");
  const search = async (query) => {
    const res = await request("GET", "/api/tickets", { token, query: { showAll: "true", searchParam: "reembols", ...query } });
    t2.equal(res.status, 200);
    return { ids: res.body.tickets.map((x) => x.id), count: res.body.count };
  };
  t2.same(await search({}), { ids: [both, byText, byName], count: 3 }, "name and text matches together, each ticket once, newest first");
  await app.knex("tickets").where({ id: byText }).update({ status: "closed" });
  t2.same(await search({ status: "pending" }), { ids: [both, byName], count: 2 }, "the list filters apply to both kinds of match");
  t2.same(await search({ status: "closed" }), { ids: [byText], count: 1 }, "a text match alone");
});
t.test("part of a phone number finds the contact and their tickets, punctuation ignored, kept in step with number changes, never another company", async (t2) => {
  const { app, request, token, createTenant } = await build(t2);
  const whatsappId = (await app.knex("whatsapps").where({ companyId: 1 }).first("id")).id;
  const ana = await write(app, 1, whatsappId, "5511977771234", "oi", "Ana");
  await write(app, 1, whatsappId, "5521988885678", "oi", "Bruno");
  const other = await createTenant("Other Number Co");
  const [otherConnection] = await app.knex("whatsapps").insert({ companyId: other.companyId, name: "Other", provider: "sandbox", status: "CONNECTED", isDefault: true, createdAt: "2026-01-01 00:00:00.000", updatedAt: "2026-01-01 00:00:00.000" });
  await write(app, other.companyId, Number(otherConnection), "5511977771234", "oi", "Ana de outra empresa");
  const tickets = async (searchParam) => {
    const res = await request("GET", "/api/tickets", { token, query: { showAll: "true", searchParam } });
    t2.equal(res.status, 200, `ticket search "${searchParam}" answers`);
    return res.body.tickets.map((x) => x.id);
  };
  const contacts = async (searchParam) => {
    const page = await request("GET", "/api/contacts", { token, query: { searchParam } });
    t2.equal(page.status, 200, `contacts search "${searchParam}" answers`);
    return page.body.contacts.map((c) => c.name).sort();
  };
  const picker = async (searchParam) => {
    const res = await request("GET", "/api/contacts/list", { token, query: { searchParam } });
    t2.equal(res.status, 200, `picker search "${searchParam}" answers`);
    return res.body.map((c) => c.name).sort();
  };
  t2.same(await tickets("77771"), [ana], "digits from the middle of the number");
  t2.same(await tickets("(11) 97777-1234"), [ana], "a number written with punctuation");
  t2.same(await contacts("97777"), ["Ana"], "the contacts page finds it");
  t2.same(await contacts("11 97777 1234"), ["Ana"], "with spaces too");
  t2.same(await picker("8888 5678"), ["Bruno"], "the picker ignores spaces in the number");
  t2.same(await picker("12"), ["Ana"], "a term shorter than a trigram still matches (LIKE)");
  t2.same(await tickets("77775"), [], "the digits must be consecutive in the number");
  const contactId = (await app.knex("contacts").where({ companyId: 1, number: "5511977771234" }).first("id")).id;
  await app.knex("contacts").where({ id: contactId }).update({ number: "5511966664321" });
  t2.same(await tickets("77771"), [], "the old number no longer matches after a change");
  t2.same(await tickets("66643"), [ana], "the new number matches at once");
  t2.same(await picker("66643"), ["Ana"]);
  await app.knex("tickets").where({ contactId }).delete();
  await app.knex("contacts").where({ id: contactId }).delete();
  t2.same(await contacts("66643"), [], "a deleted contact is gone from the search");
  const theirs = await request("GET", "/api/tickets", { token: other.admin.token, query: { showAll: "true", searchParam: "77771" } });
  t2.equal(theirs.body.tickets.length, 1, "each company finds only its own contact");
});
