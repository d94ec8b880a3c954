import t from "tap";
import { createKnex } from "../../src/db/connection.js";
import { api, connectedSandbox, multiProcessEnv, multiProcessSkip, deliverInbound as deliver, startServer, waitForExit, waitUntil } from "./server-process.js";
const ADMIN = { email: "failover@atrium.test", password: "Failover-pass-123" };
const CUSTOMER = "5531960000001";
const ROUNDS = 12;
const KILL_AFTER = 4;
t.test("two API processes: commands and sends reach the process driving the session; when it is killed the other takes over, nothing is lost or sent twice", { skip: multiProcessSkip }, async (t2) => {
  const { env, databaseUrl, remove } = multiProcessEnv("failover", ADMIN, 1500);
  let knex;
  t2.teardown(async () => {
    await knex?.destroy();
    await remove();
  });
  const a = await startServer(env);
  t2.teardown(() => {
    a.child.kill("SIGKILL");
  });
  const tokenA = (await api(a.url, void 0, "POST", "/api/auth/login", ADMIN)).body.token;
  const connectionId = await connectedSandbox(a.url, tokenA);
  const b = await startServer(env);
  t2.teardown(() => {
    b.child.kill("SIGKILL");
  });
  const token = (await api(b.url, void 0, "POST", "/api/auth/login", ADMIN)).body.token;
  knex = createKnex({ kind: "mysql", url: databaseUrl });
  const db = knex;
  const pairing = () => db("providerAuthKeys").where({ whatsappId: connectionId, category: "sandbox", keyId: "pairing" }).first("value");
  const pairedBefore = (await pairing())?.value;
  const newQr = await api(b.url, token, "PUT", `/api/whatsappsession/${connectionId}`, {});
  t2.equal(newQr.status, 200, `new QR through B: ${JSON.stringify(newQr.body)}`);
  await waitUntil(async () => {
    const [row, paired] = await Promise.all([db("whatsapps").where({ id: connectionId }).first("status"), pairing()]);
    return row.status === "CONNECTED" && !!paired && paired.value !== pairedBefore;
  }, 2e4, "the sandbox session in A to pair again");
  const ticketId = async () => (await db("tickets").join("contacts", "contacts.id", "tickets.contactId").where("contacts.number", CUSTOMER).first("tickets.id"))?.id;
  for (let round = 0; round < ROUNDS; round++) {
    if (round === KILL_AFTER) {
      a.child.kill("SIGKILL");
      await waitForExit(a.child);
    }
    await deliver(b.url, token, connectionId, { number: CUSTOMER, name: "Fiona Failover", body: `pergunta ${round}`, providerId: `FAILOVER-IN-${round}` });
    await waitUntil(async () => !!await ticketId(), 2e4, "the ticket");
    const sent = await api(b.url, token, "POST", `/api/messages/${await ticketId()}`, { body: `resposta ${round}` });
    t2.equal(sent.status, 200, `reply ${round} accepted by B`);
  }
  const outbox = async () => (await db("sandboxOutbox").where({ whatsappId: connectionId }).select("body")).map((r) => r.body);
  await waitUntil(async () => (await outbox()).filter((body) => body.startsWith("resposta")).length >= ROUNDS, 6e4, "every reply to leave");
  const replies = (await outbox()).filter((body) => body.startsWith("resposta")).sort();
  t2.same(replies, Array.from({ length: ROUNDS }, (_, i) => `resposta ${i}`).sort(), "each reply sent once");
  const stuck = await db("messages").where({ fromMe: true }).whereNot("status", "sent").select("body", "status", "error");
  t2.same(stuck, [], "no reply left failed or sending");
  const inbound = await db("messages").where({ fromMe: false }).select("body");
  t2.same(inbound.map((m) => m.body).sort(), Array.from({ length: ROUNDS }, (_, i) => `pergunta ${i}`).sort(), "each customer message stored once");
  t2.equal((await db("whatsapps").where({ id: connectionId }).first("status")).status, "CONNECTED", "the connection runs on in B");
});
