import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/app.js";
import { BUILTIN_PLAN_FLAGS, Company, Plan, User } from "../src/db/models/index.js";
import { Model } from "objection";
import { redisPrefix } from "../src/config/index.js";
import { hashPassword } from "../src/util/password.js";
import { addDays } from "../src/util/dates.js";
import tap from "tap";
import { copyMigratedSqlite } from "./sqlite-template.js";
const ADMIN_EMAIL = "root@atrium.test";
const ADMIN_PASSWORD = "Root-pass-123";
const testDb = process.env.TEST_DB === "mysql" ? "mysql" : "sqlite";
const mysqlServer = () => (process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306").replace(/\/$/, "");
const mysqlTemplate = () => import("./mysql-template.js");
if (testDb === "mysql") tap.teardown(async () => (await mysqlTemplate()).dropSpareDatabases(mysqlServer()));
async function databaseFor(dataDir) {
  if (testDb === "mysql") {
    const name = await (await mysqlTemplate()).acquireMigratedDatabase(mysqlServer());
    return { kind: "mysql", url: `${mysqlServer()}/${name}` };
  }
  const filename = path.join(dataDir, "test.sqlite");
  await copyMigratedSqlite(filename);
  return { kind: "sqlite", url: `sqlite:${filename}`, filename };
}
async function build(t, options = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "atrium-test-"));
  const database = await databaseFor(dataDir);
  const app = await buildApp({
    logger: false,
    lazySchemas: true,
    env: { ...process.env, ADMIN_EMAIL, ADMIN_PASSWORD, REDIS_URL: process.env.TEST_REDIS_URL ?? "", PLUGINS_DIR: "" },
    ...options,
    config: {
      dataDir,
      database,
      seed: true,
      consoleDir: path.join(dataDir, "no-console"),
      sandbox: { autoScanMs: 50, ackStepMs: 30 },
      loginRateLimit: { max: 1e3, windowMs: 6e4 },
      ...options.config
    }
  });
  await app.ready();
  t.teardown(async () => {
    await app.close();
    if (database.kind === "mysql") {
      const redisUrl = process.env.TEST_REDIS_URL;
      await (await mysqlTemplate()).releaseMigratedDatabase(mysqlServer(), database.url.slice(mysqlServer().length + 1), redisUrl ? { url: redisUrl, prefix: redisPrefix({ database }) } : void 0);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  const request = async (method, url, opts = {}) => {
    const res = await app.inject({
      method,
      url,
      query: opts.query,
      payload: opts.body,
      headers: { ...opts.token ? { authorization: `Bearer ${opts.token}` } : {}, ...opts.headers }
    });
    let body = res.body;
    try {
      body = res.json();
    } catch {
    }
    return { status: res.statusCode, body, headers: res.headers };
  };
  const login = async (email, password) => {
    const res = await request("POST", "/api/auth/login", { body: { email, password } });
    if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token;
  };
  const token = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  let users = 0;
  const createUser = async (companyId, fields = {}) => {
    users += 1;
    const email = fields.email ?? `user${users}.${companyId}@atrium.test`;
    const password = fields.password ?? "User-pass-123";
    const { password: _drop, ...rest } = fields;
    void _drop;
    const user = await User.scoped(companyId).insertAndFetch({
      name: `User ${users}`,
      profile: "user",
      super: false,
      allTicket: "desabled",
      ...rest,
      email,
      passwordHash: await hashPassword(password)
    });
    return { id: user.id, email, token: await login(email, password) };
  };
  const createTenant = async (name, planFlags = {}, planLimits = {}) => {
    const plan = await Plan.query().insertAndFetch({
      name: `Plan ${name} ${Math.random().toString(36).slice(2, 6)}`,
      users: 0,
      connections: 0,
      queues: 0,
      value: 99,
      useCampaigns: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useFlowbuilder: true,
      // Built-in flags are columns; any other (a plugin's) lives in `features`.
      ...Object.fromEntries(Object.entries(planFlags).filter(([k]) => BUILTIN_PLAN_FLAGS.includes(k))),
      features: Object.fromEntries(Object.entries(planFlags).filter(([k]) => !BUILTIN_PLAN_FLAGS.includes(k))),
      ...planLimits
    });
    const company = await Company.query().insertAndFetch({
      name,
      email: `${name.toLowerCase().replace(/\W/g, "")}@atrium.test`,
      planId: plan.id,
      status: true,
      dueDate: addDays(/* @__PURE__ */ new Date(), 30).toISOString().slice(0, 10),
      recurrence: "MENSAL"
    });
    await app.tenancy.settings.seedDefaults(company.id);
    const admin = await createUser(company.id, { profile: "admin", email: `admin@${name.toLowerCase().replace(/\W/g, "")}.test`, password: "Admin-pass-123" });
    return { companyId: company.id, planId: plan.id, admin: { ...admin, password: "Admin-pass-123" } };
  };
  return { app, token, companyId: 1, request, login, createTenant, createUser };
}
async function secondInstance(first) {
  const { config } = first;
  const second = await buildApp({
    logger: false,
    env: { ...process.env, ADMIN_EMAIL, ADMIN_PASSWORD, REDIS_URL: process.env.TEST_REDIS_URL ?? "", PLUGINS_DIR: "" },
    config: { dataDir: config.dataDir, database: config.database, seed: false, consoleDir: path.join(config.dataDir, "no-console"), sandbox: config.sandbox, loginRateLimit: config.loginRateLimit }
  });
  Model.knex(first.knex);
  await second.ready();
  Model.knex(first.knex);
  return second;
}
export {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  build,
  secondInstance,
  testDb
};
