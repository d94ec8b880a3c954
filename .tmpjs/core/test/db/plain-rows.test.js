import t from "tap";
import { build } from "../helper.js";
import { Contact, Message, Ticket, User } from "../../src/db/models/index.js";
import { TenantScopeError } from "../../src/db/model.js";
t.test("plain rows equal the models' JSON, hidden columns left out, and need a company scope", async (t2) => {
  const { app, request, companyId, token } = await build(t2);
  const contact = await request("POST", "/api/contacts", { token, body: { name: "Plain Row", number: "5511912340000", email: "plain@row.test" } });
  t2.equal(contact.status, 200);
  const created = await request("POST", "/api/tickets", { token, body: { contactId: contact.body.id, status: "open" } });
  t2.equal(created.status, 200);
  await app.knex("tickets").where({ id: created.body.id, companyId }).update({
    isGroup: 1,
    chatbot: 1,
    lastInboundAt: "2026-11-25 10:11:12.345",
    ratingRequestedAt: "2026-11-25 10:11:13.000",
    botCursor: 3,
    botLockToken: "secret-lock",
    botLockUntil: 123,
    rating: 2,
    protocol: "P-1"
  });
  for (const [model, where] of [[Ticket, { "tickets.id": created.body.id }], [Contact, { "contacts.id": contact.body.id }], [User, {}]]) {
    const models = await model.scoped(companyId).where(where).orderBy("id");
    const plain = await model.plainRows(model.scoped(companyId).where(where).orderBy("id"));
    t2.ok(models.length > 0, `${model.name} has rows`);
    t2.same(plain, models.map((m) => JSON.parse(JSON.stringify(m))), `${model.name}: plain rows equal the models' JSON`);
    const again = await model.scoped(companyId).where(where).orderBy("id");
    t2.same(again.map((m) => JSON.parse(JSON.stringify(m))), plain, `${model.name}: a model read after a plain one still reads objects`);
  }
  const [ticket] = await Ticket.plainRows(Ticket.scoped(companyId).where("tickets.id", created.body.id));
  t2.equal(ticket.isGroup, true);
  t2.equal(ticket.lastInboundAt, "2026-11-25T10:11:12.345Z");
  for (const internal of ["botCursor", "botLockToken", "botLockUntil", "liveSlot"]) t2.notOk(internal in ticket, `${internal} is not shown`);
  const [user] = await User.plainRows(User.scoped(companyId).orderBy("id").limit(1));
  for (const secret of ["passwordHash", "tokenVersion", "failedLogins", "lockedUntil"]) t2.notOk(secret in user, `${secret} is not shown`);
  await t2.rejects(Ticket.plainRows(Ticket.unscoped("test")), TenantScopeError, "an unscoped query is refused");
  t2.throws(() => Message.jsonFromDatabaseRow({ id: 1 }), /parses rows its own way/, "a model with its own row parsing is read as models");
});
