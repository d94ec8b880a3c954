import t from "tap";
import path from "node:path";
import { ADMIN_EMAIL, ADMIN_PASSWORD, build } from "../helper.js";
import { api, multiProcessSkip, startServer } from "./server-process.js";
import { revocations } from "../auth/revocation-scenarios.js";
import { socketRevocations } from "../bus/revocation-scenarios.js";
t.test("a change through one process applies to the next request and the sockets of another", { skip: multiProcessSkip }, async (t2) => {
  const ctx = await build(t2);
  const { config } = ctx.app;
  const other = await startServer({
    ...process.env,
    DATA_DIR: config.dataDir,
    DATABASE_URL: config.database.url,
    REDIS_URL: process.env.TEST_REDIS_URL,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED: "false",
    LOG_LEVEL: "fatal",
    LOGIN_RATE_MAX: "1000",
    PLUGINS_DIR: "",
    CONSOLE_DIR: path.join(config.dataDir, "none")
  });
  t2.teardown(() => {
    other.child.kill("SIGKILL");
  });
  await t2.test("requests", (t3) => revocations(t3, ctx, (method, url, token, body) => api(other.url, token, method, url, body)));
  await t2.test("sockets", (t3) => socketRevocations(t3, ctx, other.url));
});
