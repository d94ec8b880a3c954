import t from "tap";
import { readdirSync } from "node:fs";
import path from "node:path";
import { build } from "../helper.js";
import { Message, Whatsapp } from "../../src/db/models/index.js";
import { until } from "../connections/util.js";
const MB = 1024 * 1024;
const sandbox = async () => until(async () => {
  const row = await Whatsapp.scoped(1).where("provider", "sandbox").first();
  return row?.status === "CONNECTED" ? row.id : void 0;
}, 1e4, "the sandbox connection");
const mediaFiles = (dataDir) => {
  const root = path.join(dataDir, "media");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
};
t.test("a nearly full data folder: inbound is refused with 503 and stored nowhere, health says so, and all works again once space is freed", async (t2) => {
  let free = 1e4 * MB;
  const { app, request, token } = await build(t2, { readDiskFree: async () => free, config: { diskMinFreeBytes: 200 * MB } });
  const id = await sandbox();
  const deliver = (providerId) => request("POST", `/api/sandbox/${id}/inbound`, { token, body: { number: "5511988887777", name: "Cliente", body: `oi ${providerId}`, providerId } });
  t2.equal((await deliver("before")).status, 200, "accepted while there is room");
  t2.equal((await request("GET", "/api/health")).body.disk, "ok");
  free = 50 * MB;
  const health = await request("GET", "/api/health");
  t2.equal(health.status, 503, "health answers 503: the server cannot take inbound");
  t2.equal(health.body.disk, "degraded");
  t2.equal((await request("GET", "/api/ready")).status, 503, "the readiness probe takes the server out");
  const mediaBefore = mediaFiles(app.config.dataDir).length;
  const refused = await deliver("while-full");
  t2.equal(refused.status, 503, "inbound refused with 503");
  t2.equal(refused.body.error, "ERR_SERVICE_UNAVAILABLE");
  t2.ok(refused.headers["retry-after"], "with Retry-After: the sender delivers it again");
  t2.equal(await Message.scoped(1).where("providerId", "while-full").resultSize(), 0, "the refused message was not stored");
  t2.equal(mediaFiles(app.config.dataDir).length, mediaBefore, "and left no file behind");
  free = 1e4 * MB;
  await app.disk.check();
  t2.equal((await request("GET", "/api/health")).status, 200, "health is back to 200 once space is freed");
  t2.equal((await deliver("while-full")).status, 200, "the re-delivery is accepted");
  t2.equal(await Message.scoped(1).where("providerId", "while-full").resultSize(), 1, "and stored once");
});
