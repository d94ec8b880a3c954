import t from "tap";
import { build } from "../helper.js";
import { Whatsapp } from "../../src/db/models/index.js";
import { SessionManager } from "../../src/messaging/sessions.js";
import { LocalLeases } from "../../src/messaging/leases.js";
import { SandboxProvider } from "../../src/messaging/providers/sandbox.js";
import { until } from "./util.js";
async function listedConnectedButNotRunning(app, request, token) {
  const listed = (await request("GET", "/api/whatsapp", { token })).body;
  const wrong = [];
  for (const c of listed) {
    const one = (await request("GET", `/api/whatsapp/${c.id}`, { token })).body;
    const running = app.sessions.statusOf(c.id) === "CONNECTED";
    if ((c.status === "CONNECTED" || one.status === "CONNECTED") && !running) wrong.push(`${c.id} listed ${c.status}, shown ${one.status}, not running`);
    if (running && c.status !== "CONNECTED") wrong.push(`${c.id} running but listed ${c.status}`);
  }
  return { listed, wrong };
}
t.test("a connection whose row says CONNECTED but whose session is not running is listed OPENING", async (t2) => {
  const { app, request, token } = await build(t2);
  const seeded = await Whatsapp.scoped(1).where("provider", "sandbox").first();
  await until(() => app.sessions.statusOf(seeded.id) === "CONNECTED", 5e3, "the seeded sandbox connected");
  const stale = await Whatsapp.scoped(1).insertAndFetch({ name: "Left connected", provider: "sandbox", status: "CONNECTED", isDefault: false, userStopped: false, token: "stale-token-1" });
  t2.equal(app.sessions.statusOf(stale.id), void 0, "no session runs it");
  const { listed, wrong } = await listedConnectedButNotRunning(app, request, token);
  t2.equal(listed.find((c) => c.id === stale.id)?.status, "OPENING", "listed as opening, not CONNECTED");
  t2.equal(listed.find((c) => c.id === seeded.id)?.status, "CONNECTED", "the running one is CONNECTED");
  t2.same(wrong, [], "no connection is listed CONNECTED while its session answers ERR_WAPP_NOT_INITIALIZED");
  await request("DELETE", `/api/whatsappsession/${stale.id}`, { token });
  t2.equal((await request("GET", `/api/whatsapp/${stale.id}`, { token })).body.status, "DISCONNECTED", "a stopped connection is DISCONNECTED");
});
t.test("right after a start: OPENING until the session is up, then CONNECTED, never ahead of it", async (t2) => {
  const { app } = await build(t2);
  const seeded = await Whatsapp.scoped(1).where("provider", "sandbox").first();
  await until(() => app.sessions.statusOf(seeded.id) === "CONNECTED", 5e3, "the seeded sandbox connected");
  const manager = new SessionManager({
    bus: app.bus,
    log: app.log,
    leases: new LocalLeases(),
    createProvider: async (_kind, ctx) => new SandboxProvider(ctx, { autoScanMs: 10, ackStepMs: 10 })
  });
  t2.teardown(() => manager.shutdown());
  const row = () => Whatsapp.scoped(1).findById(seeded.id).then((r) => r);
  t2.equal((await row()).status, "CONNECTED", "the row says CONNECTED");
  t2.equal(await manager.shownStatus(await row()), "OPENING", "shown as opening before the start");
  t2.throws(() => manager.provider(seeded.id), { code: "ERR_WAPP_NOT_INITIALIZED" });
  await manager.start(1, seeded.id);
  await until(() => manager.statusOf(seeded.id) === "CONNECTED", 3e3, "CONNECTED");
  t2.equal(await manager.shownStatus(await row()), "CONNECTED", "shown CONNECTED once the session is");
  t2.ok(manager.provider(seeded.id), "and it takes a send");
});
