import { spawn } from "node:child_process";
import { freePort, waitForExit } from "../hardening/server-process.js";
async function privateRedis() {
  const port = await freePort();
  let child;
  const ping = async () => {
    const { createClient } = await import("redis");
    const client = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: false } });
    client.on("error", () => void 0);
    try {
      await client.connect();
      await client.ping();
      return true;
    } catch {
      return false;
    } finally {
      await client.destroy();
    }
  };
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    for (let i = 0; i < 100 && !await ping(); i++) await new Promise((r) => setTimeout(r, 100));
  };
  const kill = async () => {
    if (!child) return;
    child.kill("SIGKILL");
    await waitForExit(child);
    child = void 0;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, kill };
}
export {
  privateRedis
};
