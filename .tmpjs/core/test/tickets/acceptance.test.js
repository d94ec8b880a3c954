import t from "tap";
import { build } from "../helper.js";
import { Ticket } from "../../src/db/models/index.js";
import { connectedSandbox, multipart, PNG, socketFor, waitFor } from "../pipeline/http.js";
t.test("a contact writes, the agent sees the pending ticket live, accepts, replies with text and an image, closes, and the rating answer is stored", async (t2) => {
  const { app, request, token } = await build(t2);
  await app.tenancy.settings.set(1, "userRating", "enabled");
  const wa = await connectedSandbox(app);
  const socket = await socketFor(t2, app, token);
  const pendingSeen = new Promise((resolve) => socket.on("company-1-ticket", (p) => {
    if (p.action === "update" && p.ticket.status === "pending") resolve(p.ticket);
  }));
  const sent = await request("POST", `/api/sandbox/${wa.id}/inbound`, { token, body: { number: "5511988887777", body: "Ol\xE1, preciso de ajuda", name: "Maria Souza" } });
  t2.equal(sent.status, 200);
  const live = await pendingSeen;
  t2.equal(live.contact.name, "Maria Souza");
  t2.equal(live.unreadMessages, 1);
  t2.equal(live.whatsapp.name, wa.name);
  const listed = await request("GET", "/api/tickets", { token, query: { status: "pending" } });
  t2.same(listed.body.tickets.map((x) => x.id), [live.id], "the pending tab lists it");
  const accepted = await request("PUT", `/api/tickets/${live.id}`, { token, body: { status: "open" } });
  t2.equal(accepted.status, 200);
  t2.equal(accepted.body.status, "open");
  t2.ok(accepted.body.user, "assigned to the agent");
  const text = await request("POST", `/api/messages/${live.id}`, { token, body: { body: "Claro! Como posso ajudar?" } });
  t2.equal(text.status, 200);
  t2.equal(text.body.messages[0].status, "sent");
  const form = multipart([{ name: "medias", filename: "recibo.png", type: "image/png", data: PNG }, { name: "body", value: "Segue o recibo" }]);
  const image = await app.inject({ method: "POST", url: `/api/messages/${live.id}`, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
  t2.equal(image.statusCode, 200, image.body);
  t2.equal(image.json().messages[0].mediaType, "image");
  const outbox = await request("GET", `/api/sandbox/${wa.id}/outbox`, { token });
  const bodies = outbox.body.records.map((r) => r.body);
  t2.ok(bodies.includes("Claro! Como posso ajudar?"), "the text reached the phone network");
  t2.ok(outbox.body.records.some((r) => r.mediaUrl && r.body === "Segue o recibo"), "the image reached the phone network");
  const read = await waitFor(async () => {
    const res = await request("GET", `/api/messages/${live.id}`, { token });
    const mine = res.body.messages.filter((m) => m.fromMe && m.userId);
    return mine.length === 2 && mine.every((m) => m.ack === 4) ? res.body : void 0;
  }, 5e3, "acks to rise to 4");
  t2.equal(read.ticket.unreadMessages, 0, "reading the messages marks the ticket read");
  t2.same(read.messages.map((m) => m.body).slice(0, 1), ["Ol\xE1, preciso de ajuda"], "oldest first within the page");
  const closed = await request("PUT", `/api/tickets/${live.id}`, { token, body: { status: "closed" } });
  t2.equal(closed.body.status, "closed");
  t2.equal(closed.body.queueId, null);
  const question = await waitFor(async () => {
    const res = await request("GET", `/api/sandbox/${wa.id}/outbox`, { token });
    return res.body.records.find((r) => /avalie/i.test(r.body ?? ""));
  }, 3e3, "the rating question");
  t2.match(question.body, /\*1\*.*\n\*2\*.*\n\*3\*/);
  await request("POST", `/api/sandbox/${wa.id}/inbound`, { token, body: { number: "5511988887777", body: "2" } });
  const rated = await waitFor(async () => {
    const row = await Ticket.scoped(1).findById(live.id);
    return row?.rating ? row : void 0;
  }, 3e3, "the rating");
  t2.equal(rated.rating, 2);
  t2.equal(await Ticket.scoped(1).where({ contactId: live.contactId }).resultSize(), 1, "the answer opened no new ticket");
});
