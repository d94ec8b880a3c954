import t from "tap";
import { build } from "../helper.js";
import { Whatsapp } from "../../src/db/models/index.js";
import { multipart } from "../contacts/multipart.js";
import { waitFor } from "../pipeline/http.js";
async function sandbox() {
  let last;
  return waitFor(async () => {
    const w = await Whatsapp.scoped(1).where({ isDefault: true }).first();
    last = w?.status;
    return w?.status === "CONNECTED" ? w : void 0;
  }, 3e4, "the sandbox connection to be CONNECTED").catch((err) => {
    throw new Error(`${err.message} (last status: ${last})`);
  });
}
t.test("a connection token sends a text to a number: the contact and ticket are made and the message goes out", async (t2) => {
  const { app, request, token } = await build(t2);
  const w = await sandbox();
  const res = await app.inject({ method: "POST", url: "/api/messages/send", headers: { authorization: `Bearer ${w.token}` }, payload: { number: "+55 11 97777-0001", body: "Your order shipped" } });
  t2.equal(res.statusCode, 200, res.body);
  const body = res.json();
  t2.equal(body.message, "sent");
  t2.ok(Number.isInteger(body.ticketId) && Number.isInteger(body.messageId));
  const contacts = await request("GET", "/api/contacts", { token, query: { searchParam: "5511977770001" } });
  t2.equal(contacts.body.count, 1, "the contact was created once");
  const again = await app.inject({ method: "POST", url: "/api/messages/send", headers: { authorization: `Bearer ${w.token}` }, payload: { number: "5511977770001", body: "Second" } });
  t2.equal(again.json().ticketId, body.ticketId, "the live ticket is reused");
  t2.equal((await request("GET", "/api/contacts", { token, query: { searchParam: "5511977770001" } })).body.count, 1);
  const outbox = await request("GET", `/api/sandbox/${w.id}/outbox`, { token });
  t2.same(outbox.body.records.filter((r) => r.to.startsWith("5511977770001")).map((r) => r.body).sort(), ["Second", "Your order shipped"]);
});
t.test("multipart with medias sends each file", async (t2) => {
  const { app, request, token } = await build(t2);
  const w = await sandbox();
  const { payload, headers } = multipart({ number: "5511977770002", body: "Your invoice" }, [{ field: "medias", filename: "invoice.pdf", content: Buffer.from("%PDF-1.4"), mimetype: "application/pdf" }]);
  const res = await app.inject({ method: "POST", url: "/api/messages/send", headers: { ...headers, authorization: `Bearer ${w.token}` }, payload });
  t2.equal(res.statusCode, 200, res.body);
  const outbox = await request("GET", `/api/sandbox/${w.id}/outbox`, { token });
  const sent = outbox.body.records.find((r) => r.to.startsWith("5511977770002"));
  t2.ok(sent?.mediaUrl, "the file went out");
});
t.test("bad token 401, plan without the API 403, invalid number 400 ERR_WAPP_INVALID_CONTACT, malformed 400", async (t2) => {
  const { app, createTenant } = await build(t2);
  const w = await sandbox();
  const send = (auth, payload) => app.inject({ method: "POST", url: "/api/messages/send", headers: auth ? { authorization: auth } : {}, payload });
  t2.equal((await send(void 0, { number: "5511977770003", body: "x" })).statusCode, 401);
  const wrong = await send("Bearer not-a-token", { number: "5511977770003", body: "x" });
  t2.equal(wrong.statusCode, 401);
  t2.equal(wrong.json().error, "ERR_INVALID_API_TOKEN");
  const invalid = await send(`Bearer ${w.token}`, { number: "12ab", body: "hello" });
  t2.equal(invalid.statusCode, 400);
  t2.equal(invalid.json().error, "ERR_WAPP_INVALID_CONTACT");
  t2.equal((await send(`Bearer ${w.token}`, { body: "no number" })).statusCode, 400);
  t2.equal((await send(`Bearer ${w.token}`, { number: "5511977770003" })).statusCode, 400, "neither body nor media");
  t2.equal((await send(`Bearer ${w.token}`, { number: { digits: "5511977770003" }, body: "x" })).statusCode, 400);
  const noApi = await createTenant("No Api Co", { useExternalApi: false });
  const theirs = await Whatsapp.scoped(noApi.companyId).insertAndFetch({ name: "Theirs", provider: "sandbox", status: "DISCONNECTED", isDefault: true, token: "their-token-123" });
  const refused = await send(`Bearer ${theirs.token}`, { number: "5511977770003", body: "hello" });
  t2.equal(refused.statusCode, 403);
  t2.equal(refused.json().error, "ERR_PLAN_FEATURE_DISABLED");
});
t.test("the external API is rate-limited per token", async (t2) => {
  const { app } = await build(t2);
  const statuses = [];
  for (let i = 0; i < 101; i++) {
    statuses.push((await app.inject({ method: "POST", url: "/api/messages/send", headers: { authorization: "Bearer flood-token" }, payload: { number: "1", body: "x" } })).statusCode);
  }
  t2.equal(statuses[0], 401);
  t2.equal(statuses[100], 429, "the 101st request in a minute is refused");
  const other = await app.inject({ method: "POST", url: "/api/messages/send", headers: { authorization: "Bearer another-token" }, payload: { number: "1", body: "x" } });
  t2.equal(other.statusCode, 401, "another token has its own budget");
});
