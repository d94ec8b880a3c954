import t from "tap";
import { build } from "../helper.js";
import { socketFor } from "../pipeline/http.js";
const noRedis = !process.env.TEST_REDIS_URL && "needs TEST_REDIS_URL (the Redis adapter)";
t.test("deployments sharing a Redis hear only their own events, and one shutting down leaves the other's sockets connected", { skip: noRedis }, async (t2) => {
  const a = await build(t2);
  const b = await build(t2);
  const onA = await socketFor(t2, a.app, a.token);
  const onB = await socketFor(t2, b.app, b.token);
  const heardOnA = [];
  onA.onAny((event) => heardOnA.push(event));
  const reachedB = new Promise((resolve) => onB.on("company-1-probe", resolve));
  b.app.bus.emitToUser(1, 1, "probe", { from: "b" });
  await reachedB;
  await new Promise((r) => setTimeout(r, 300));
  t2.notOk(heardOnA.includes("company-1-probe"), "user 1 of deployment A did not hear B's event for its user 1");
  await b.app.close();
  await new Promise((r) => setTimeout(r, 300));
  t2.ok(onA.connected, "A's socket is still connected after B shut down");
  const reachedA = new Promise((resolve) => {
    onA.on("company-1-after", () => resolve(true));
    setTimeout(() => resolve(false), 3e3);
  });
  a.app.bus.emitToUser(1, 1, "after", {});
  t2.ok(await reachedA, "and still receives A's events");
});
