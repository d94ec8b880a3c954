import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createKnex, dropMysqlDatabase } from "../../src/db/connection.js";
import { fileURLToPath } from "node:url";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const freePort = () => new Promise((resolve) => {
  const server = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
async function startServer(env, waitMs = 6e4) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import=tsx", path.join(root, "core/src/server.ts")], {
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"]
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < waitMs / 100; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}
async function waitForExit(child) {
  for (let i = 0; i < 600 && child.exitCode === null && child.signalCode === null; i++) await new Promise((r) => setTimeout(r, 50));
}
async function api(url, token, method, route, body) {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { "content-type": "application/json", ...token ? { authorization: `Bearer ${token}` } : {} },
    body: body === void 0 ? void 0 : JSON.stringify(body)
  });
  return { status: res.status, body: await res.json().catch(() => void 0) };
}
async function connectedSandbox(url, token) {
  for (let i = 0; i < 200; i++) {
    const list = await api(url, token, "GET", "/api/whatsapp");
    const sandbox = list.body.find((c) => c.provider === "sandbox");
    if (sandbox?.status === "CONNECTED") return sandbox.id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the sandbox connection did not come up");
}
async function waitUntil(check, ms, what) {
  const until = Date.now() + ms;
  while (!await check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function deliverInbound(url, token, connectionId, message) {
  for (let i = 0; i < 200; i++) {
    const res = await api(url, token, "POST", `/api/sandbox/${connectionId}/inbound`, message);
    if (res.status === 200) return;
    if (res.body?.error !== "ERR_SESSION_MOVING") throw new Error(`inbound refused: ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the connection never came back");
}
const multiProcessSkip = process.env.TEST_DB !== "mysql" || !process.env.TEST_REDIS_URL ? "several API processes share MariaDB + Redis: this runs on the MariaDB + Redis leg" : false;
function multiProcessEnv(name, admin, sessionLeaseMs) {
  const { env, databaseUrl, remove } = processData(name, admin, { SESSION_LEASE_MS: String(sessionLeaseMs) });
  return { env, databaseUrl, remove };
}
function processData(name, admin, extra = {}) {
  const mysql = process.env.TEST_DB === "mysql";
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `atrium-${name}-`));
  const sqliteFile = path.join(dataDir, "atrium.sqlite");
  const databaseUrl = mysql ? `${(process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306").replace(/\/$/, "")}/atrium_${name.replace(/\W/g, "_")}_${process.pid}` : `sqlite:${sqliteFile}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? "",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: "fatal",
    LOGIN_RATE_MAX: "1000",
    SANDBOX_AUTOSCAN_MS: "50",
    SANDBOX_ACK_STEP_MS: "50",
    SESSION_LEASE_MS: "2000",
    JOB_LEASE_MS: "2000",
    CONSOLE_DIR: path.join(dataDir, "none"),
    PLUGINS_DIR: "",
    ...extra
  };
  let knex;
  const db = () => knex ??= createKnex(mysql ? { kind: "mysql", url: databaseUrl } : { kind: "sqlite", url: databaseUrl, filename: sqliteFile });
  const remove = async () => {
    await knex?.destroy();
    if (mysql) await dropMysqlDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { env, databaseUrl, db, remove };
}
export {
  api,
  connectedSandbox,
  deliverInbound,
  freePort,
  multiProcessEnv,
  multiProcessSkip,
  processData,
  root,
  startServer,
  waitForExit,
  waitUntil
};
