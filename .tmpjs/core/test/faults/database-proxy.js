import net from "node:net";
import { freePort } from "../hardening/server-process.js";
async function databaseProxy(target) {
  const port = await freePort();
  const pairs = /* @__PURE__ */ new Set();
  let stalled = false;
  let server;
  const relay = (from, to) => from.on("data", (chunk) => {
    if (!stalled) to.write(chunk);
  });
  const up = () => new Promise((resolve) => {
    stalled = false;
    if (server) return resolve();
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      const pair = [client, upstream];
      pairs.add(pair);
      relay(client, upstream);
      relay(upstream, client);
      const close = () => {
        client.destroy();
        upstream.destroy();
        pairs.delete(pair);
      };
      client.on("close", close).on("error", close);
      upstream.on("close", close).on("error", close);
    }).listen(port, "127.0.0.1", () => resolve());
  });
  const down = () => new Promise((resolve) => {
    for (const [a, b] of pairs) {
      a.destroy();
      b.destroy();
    }
    pairs.clear();
    if (!server) return resolve();
    server.close(() => resolve());
    server = void 0;
  });
  await up();
  return { port, up, down, stall: () => {
    stalled = true;
  } };
}
export {
  databaseProxy
};
