import t from "tap";
import { canSee } from "../../src/domains/tickets/access.js";
import { isAudienceRoom, rooms, ticketRooms, viewerRooms } from "../../src/bus/rooms.js";
const COMPANY = 7;
const socketRooms = (viewer) => /* @__PURE__ */ new Set([rooms.company(COMPANY), rooms.user(viewer.id), ...viewerRooms(COMPANY, viewer)]);
t.test("a socket is in one of a ticket's rooms exactly when its user may see the ticket (canSee, core \xA76)", async (t2) => {
  const viewers = [];
  for (const isAdmin of [false, true]) {
    for (const allTicket of [false, true]) {
      for (const queueIds of [[], [1], [2], [1, 2]]) viewers.push({ id: 10, isAdmin, allTicket, queueIds });
    }
  }
  let checked = 0;
  for (const viewer of viewers) {
    for (const queueId of [null, 1, 2, 3]) {
      for (const userId of [null, 10, 11]) {
        const ticket = { id: 99, queueId, userId };
        const hears = ticketRooms(COMPANY, ticket).some((room) => socketRooms(viewer).has(room));
        t2.equal(hears, canSee(viewer, ticket), `viewer ${JSON.stringify(viewer)} ticket queue ${queueId} user ${userId}`);
        checked += 1;
      }
    }
  }
  t2.equal(checked, viewers.length * 12);
});
t.test("no ticket event names the company room or another company's rooms", async (t2) => {
  for (const ticket of [{ id: 1, queueId: null, userId: null }, { id: 2, queueId: 5, userId: 3 }]) {
    const names = ticketRooms(COMPANY, ticket);
    t2.notOk(names.includes(rooms.company(COMPANY)));
    t2.ok(names.every((room) => room.startsWith(`company-${COMPANY}-`) || room === rooms.user(3)), names.join(", "));
    t2.ok(names.length <= 3, "a handful of rooms per emit");
  }
});
t.test("audience rooms are told apart from the company, user, ticket and notification rooms", async (t2) => {
  t2.ok(isAudienceRoom(COMPANY, rooms.admins(COMPANY)));
  t2.ok(isAudienceRoom(COMPANY, rooms.queue(COMPANY, 4)));
  t2.ok(isAudienceRoom(COMPANY, rooms.unqueued(COMPANY)));
  for (const room of [rooms.company(COMPANY), rooms.user(4), rooms.ticket(4), rooms.notification(COMPANY), rooms.queue(COMPANY + 1, 4), rooms.admins(70)]) {
    t2.notOk(isAudienceRoom(COMPANY, room), room);
  }
});
