import type { Test } from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { createKnex, dropMysqlDatabase } from '../../../core/src/db/connection.js';
import { testDb } from '../../../core/test/helper.js';
import { api, connectedSandbox } from '../../../core/test/hardening/server-process.js';

export const ADMIN = { email: 'campaigns@atrium.test', password: 'Campaigns-pass-123' };

/**
 * The environment of real server processes (core/test/hardening/server-process.ts) sharing one database (a SQLite
 * file, or a MariaDB database with TEST_DB=mysql) and TEST_REDIS_URL when set; dropped at teardown. `open()` gives
 * the test its own connection to that database, to count what was sent.
 */
export function serverEnv(t: Test, name: string, timeScale = 0.01) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `atrium-campaign-${name}-`));
  const databaseUrl = testDb === 'mysql'
    ? `${(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/$/, '')}/atrium_campaign_${name}_${process.pid}`
    : `sqlite:${path.join(dataDir, `${name}.sqlite`)}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'fatal', LOGIN_RATE_MAX: '1000',
    SANDBOX_AUTOSCAN_MS: '50', SANDBOX_ACK_STEP_MS: '50', SESSION_LEASE_MS: '2000', JOB_LEASE_MS: '2000',
    CONSOLE_DIR: path.join(dataDir, 'none'), PLUGINS_DIR: '', ATRIUM_TIME_SCALE: String(timeScale),
  };
  let knex: Knex | undefined;
  t.teardown(async () => {
    await knex?.destroy();
    if (testDb === 'mysql') await dropMysqlDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const open = (): Knex => (knex ??= testDb === 'mysql'
    ? createKnex({ kind: 'mysql', url: databaseUrl })
    : knexFactory({ client: 'better-sqlite3', connection: { filename: path.join(dataDir, `${name}.sqlite`) }, useNullAsDefault: true }));
  /** Campaign messages sent per number (numbers starting with `prefix`), from the messages table. */
  const sendsPerNumber = async (prefix: string) => {
    const rows = await open()('messages').join('tickets', 'tickets.id', 'messages.ticketId').join('contacts', 'contacts.id', 'tickets.contactId')
      .where('messages.fromMe', true).where('contacts.number', 'like', `${prefix}%`).select('contacts.number');
    const perNumber = new Map<string, number>();
    for (const { number } of rows) perNumber.set(number, (perNumber.get(number) ?? 0) + 1);
    return perNumber;
  };
  return { env, dataDir, databaseUrl, open, sendsPerNumber };
}

type Counts = { valids: number; delivered: number; failed: number; pending: number };
export interface CampaignView { id: number; status: string; completedAt: string | null; counts: Counts }

/** Signs in on a running server, waits for its sandbox connection, sets the pacing and fills a list of `count` numbers. */
export async function prepareCompany(url: string, opts: { settings: Record<string, unknown>; listName: string; count: number; base: number }) {
  const token = await signIn(url);
  const whatsappId = await connectedSandbox(url, token);
  const saved = await api(url, token, 'POST', '/api/campaign-settings', { settings: opts.settings });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  const list = (await api(url, token, 'POST', '/api/contact-lists', { name: opts.listName })).body as { id: number };
  for (let i = 0; i < opts.count; i++) {
    await api(url, token, 'POST', '/api/contact-list-items', { name: `${opts.listName} ${i}`, number: String(opts.base + i), contactListId: list.id });
  }
  return { token, whatsappId, list };
}

export const signIn = async (url: string) => (await api(url, undefined, 'POST', '/api/auth/login', ADMIN)).body.token as string;

/** Polls GET /campaigns/:id until `done` holds (at most `ms`); answers the last view seen. */
export async function pollCampaign(url: string, token: string, id: number, done: (c: CampaignView) => boolean, ms = 60_000): Promise<CampaignView> {
  let last: CampaignView | undefined;
  for (const until = Date.now() + ms; Date.now() < until;) {
    last = (await api(url, token, 'GET', `/api/campaigns/${id}`)).body as CampaignView;
    if (done(last)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return last!;
}
