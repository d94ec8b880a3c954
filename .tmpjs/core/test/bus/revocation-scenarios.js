import { io as connect } from "socket.io-client";
import { Queue } from "../../src/db/models/index.js";
import { rooms } from "../../src/bus/rooms.js";
async function openSocket(t, url, token) {
  const socket = connect(url, { path: "/socket.io", query: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
  t.teardown(() => {
    socket.close();
  });
  const events = [];
  socket.onAny((name, payload) => events.push({ name, payload }));
  const closed = new Promise((resolve) => socket.on("disconnect", (reason) => resolve(reason)));
  await new Promise((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, events, closed };
}
async function closedByServer(open, ms = 15e3) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve("still connected"), ms);
  });
  const reason = await Promise.race([open.closed, late]);
  clearTimeout(timer);
  return reason;
}
async function roomsOf(app, socket) {
  const found = (await app.bus.io.fetchSockets()).find((s) => s.id === socket.id);
  return found ? [...found.rooms] : [];
}
async function roomsWhen(app, socket, check, ms = 15e3) {
  const until = Date.now() + ms;
  let current = await roomsOf(app, socket);
  while (!check(current) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    current = await roomsOf(app, socket);
  }
  return current;
}
async function socketRevocations(t, ctx, socketsUrl) {
  const { app, request, token: superToken, createTenant, createUser, login } = ctx;
  const tenant = await createTenant(`Sockets ${Math.random().toString(36).slice(2, 6)}`);
  const admin = tenant.admin.token;
  const SERVER = "io server disconnect";
  await t.test("logout closes the user's sockets", async (t2) => {
    const user = await createUser(tenant.companyId);
    const open = await openSocket(t2, socketsUrl, user.token);
    t2.equal((await request("DELETE", "/api/auth/logout", { token: user.token })).status, 200);
    t2.equal(await closedByServer(open), SERVER);
  });
  await t.test("deleting a user closes their sockets", async (t2) => {
    const user = await createUser(tenant.companyId);
    const open = await openSocket(t2, socketsUrl, user.token);
    t2.equal((await request("DELETE", `/api/users/${user.id}`, { token: admin })).status, 200);
    t2.equal(await closedByServer(open), SERVER);
  });
  await t.test("a new password closes the user's sockets (set by an admin, or by themself)", async (t2) => {
    const reset = await createUser(tenant.companyId);
    const resetSocket = await openSocket(t2, socketsUrl, reset.token);
    t2.equal((await request("PUT", `/api/users/${reset.id}`, { token: admin, body: { password: "Reset-pass-1" } })).status, 200);
    t2.equal(await closedByServer(resetSocket), SERVER, "reset by an admin");
    const own = await createUser(tenant.companyId, { password: "Own-pass-1" });
    const ownSocket = await openSocket(t2, socketsUrl, own.token);
    t2.equal((await request("PUT", `/api/users/${own.id}`, { token: own.token, body: { password: "Own-pass-2", currentPassword: "Own-pass-1" } })).status, 200);
    t2.equal(await closedByServer(ownSocket), SERVER, "changed by themself: the socket of the old token closes (the console reconnects after its refresh)");
  });
  await t.test("a login elsewhere tells the first session's socket, then closes it (the token version moved)", async (t2) => {
    const user = await createUser(tenant.companyId, { password: "Twice-pass-1" });
    const open = await openSocket(t2, socketsUrl, user.token);
    await login(user.email, "Twice-pass-1");
    t2.equal(await closedByServer(open), SERVER);
    t2.ok(open.events.some((e) => e.name === `company-${tenant.companyId}-auth` && e.payload.user.id === user.id), 'after hearing "logged in elsewhere"');
  });
  await t.test("a super user's view of a company: its socket closes when the super user's own session ends", async (t2) => {
    const email = `viewer.${Math.random().toString(36).slice(2, 8)}@atrium.test`;
    t2.equal((await request("POST", "/api/users", { token: superToken, body: { name: "Viewer", email, password: "Viewer-pass-1", profile: "admin", super: true } })).status, 200);
    const viewer = await login(email, "Viewer-pass-1");
    const view = await request("POST", `/api/auth/impersonate/${tenant.companyId}`, { token: viewer });
    t2.equal(view.status, 200);
    const open = await openSocket(t2, socketsUrl, view.body.token);
    t2.equal((await request("DELETE", "/api/auth/logout", { token: viewer })).status, 200, "the super user signs out (from their own tab)");
    t2.equal(await closedByServer(open), SERVER, "the view's socket closes with their session");
  });
  await t.test("an expired company's sockets close", async (t2) => {
    const other = await createTenant(`Late ${Math.random().toString(36).slice(2, 6)}`);
    const open = await openSocket(t2, socketsUrl, other.admin.token);
    t2.equal((await request("PUT", `/api/companies/${other.companyId}`, { token: superToken, body: { dueDate: "2001-02-03" } })).status, 200);
    t2.equal(await closedByServer(open), SERVER);
  });
  await t.test("a change of profile or queues moves the sockets to the rooms of what the user may see now", async (t2) => {
    const queue = await Queue.scoped(tenant.companyId).insertAndFetch({ name: "Vendas", color: "#10a0c0" });
    const user = await createUser(tenant.companyId, { profile: "admin" });
    const open = await openSocket(t2, socketsUrl, user.token);
    const admins = rooms.admins(tenant.companyId);
    const queueRoom = rooms.queue(tenant.companyId, queue.id);
    t2.ok((await roomsWhen(app, open.socket, (r) => r.includes(admins))).includes(admins), "an admin hears every ticket");
    t2.equal((await request("PUT", `/api/users/${user.id}`, { token: admin, body: { profile: "user" } })).status, 200);
    t2.notOk((await roomsWhen(app, open.socket, (r) => !r.includes(admins))).includes(admins), "demoted: out of the admins' room");
    t2.equal((await request("PUT", `/api/users/${user.id}`, { token: admin, body: { queueIds: [queue.id] } })).status, 200);
    t2.ok((await roomsWhen(app, open.socket, (r) => r.includes(queueRoom))).includes(queueRoom), "given a queue: in its room");
    t2.ok(open.socket.connected, "and the socket stays open");
  });
}
export {
  closedByServer,
  openSocket,
  roomsWhen,
  socketRevocations
};
