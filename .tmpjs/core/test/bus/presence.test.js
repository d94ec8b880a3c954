import t from "tap";
import { io as connect } from "socket.io-client";
import { build } from "../helper.js";
import { until } from "../connections/util.js";
t.test("presence: going offline and coming back are announced to the admins; a reload ends online", async (t2) => {
  const { app, token, request, createUser, createTenant } = await build(t2);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address();
  const sockets = [];
  t2.teardown(() => {
    for (const s of sockets) s.close();
  });
  const open = async (auth) => {
    const socket = connect(`http://127.0.0.1:${port}`, { path: "/socket.io", query: { token: auth }, transports: ["websocket"], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    return socket;
  };
  const agent = await createUser(1, { name: "Agente Presen\xE7a" });
  const heard = [];
  const admin = await open(token);
  admin.on("company-1-presence", (p) => heard.push(p));
  const other = await createTenant("Outra Presen\xE7a");
  const outsider = await open(other.admin.token);
  const outsiderHeard = [];
  outsider.on("company-1-presence", (p) => outsiderHeard.push(p));
  const listed = async () => (await request("GET", "/api/dashboard", { token })).body.attendants.find((a) => a.id === agent.id)?.online;
  const first = await open(agent.token);
  t2.equal(await listed(), true, "signed in and connected: online");
  first.close();
  await until(() => heard.find((p) => p.userId === agent.id && !p.online), 5e3, "offline announced");
  t2.equal(await listed(), false, "the dashboard agrees");
  await open(agent.token);
  await until(() => heard.find((p) => p.userId === agent.id && p.online), 5e3, "online announced");
  t2.equal(await listed(), true, "back online, announced live");
  for (let i = 0; i < 12; i++) {
    const [old] = sockets.slice(-1);
    old.close();
    await open(agent.token);
  }
  await until(async () => (await app.bus.io.in(`user-${agent.id}`).fetchSockets()).length === 1, 5e3, "old sockets gone");
  await new Promise((r) => setTimeout(r, 300));
  t2.equal(await listed(), true, "after reloads: online");
  const last = heard.filter((p) => p.userId === agent.id).at(-1);
  t2.equal(last?.online, true, "and the last word the admins heard is online");
  t2.same(outsiderHeard, [], "another company hears nothing of it");
});
