import t from "tap";
import { build } from "../helper.js";
import { Contact, Queue, Ticket } from "../../src/db/models/index.js";
import { socketFor } from "../pipeline/http.js";
t.test("deleting a user: the queue's agents see the user's tickets come back to pending live; another queue hears nothing", async (t2) => {
  const { request, createTenant, createUser, app } = await build(t2);
  const { admin, companyId } = await createTenant("Live Del");
  const [sales, support] = await Promise.all(["Sales", "Support"].map((name, i) => Queue.scoped(companyId).insertAndFetch({ name, color: `#22110${i}` })));
  const leaving = await createUser(companyId);
  const colleague = await createUser(companyId);
  const elsewhere = await createUser(companyId);
  await app.knex("userQueues").insert([
    { companyId, userId: leaving.id, queueId: sales.id },
    { companyId, userId: colleague.id, queueId: sales.id },
    { companyId, userId: elsewhere.id, queueId: support.id }
  ]);
  const contact = await Contact.scoped(companyId).insertAndFetch({ uuid: "c-live-del", name: "Cliente", number: "5511900000077" });
  const ticket = await Ticket.scoped(companyId).insertAndFetch({ uuid: "t-live-del", contactId: contact.id, userId: leaving.id, queueId: sales.id, status: "open" });
  const [colleagueSocket, adminSocket, otherSocket] = [await socketFor(t2, app, colleague.token), await socketFor(t2, app, admin.token), await socketFor(t2, app, elsewhere.token)];
  const otherHeard = [];
  otherSocket.on(`company-${companyId}-ticket`, (payload) => otherHeard.push(payload));
  const released = (socket) => new Promise((resolve) => {
    socket.on(`company-${companyId}-ticket`, (payload) => {
      if (payload.ticket?.id === ticket.id) resolve(payload);
    });
  });
  const [forColleague, forAdmin] = [released(colleagueSocket), released(adminSocket)];
  t2.equal((await request("DELETE", `/api/users/${leaving.id}`, { token: admin.token })).status, 200);
  const [heard, heardByAdmin] = await Promise.all([forColleague, forAdmin]);
  t2.match(heard, { action: "update", ticket: { id: ticket.id, status: "pending", userId: null, queue: { id: sales.id } } }, "the colleague in the queue sees it waiting");
  t2.equal(heardByAdmin.ticket.status, "pending", "the admin too");
  const barrier = new Promise((resolve) => otherSocket.on(`company-${companyId}-user`, resolve));
  app.bus.emit(companyId, "user", { action: "barrier" });
  await barrier;
  t2.same(otherHeard, [], "an agent of another queue hears nothing of it");
});
