/**
 * The plugin in a real server process (`core/src/server.ts`, as `npm start` runs it), loaded through PLUGINS_DIR:
 * what a test needs to prove the plugin survives a crash (SIGKILL, then a start on the same data). One
 * implementation with the core's own crash tests: core/test/hardening/server-process.ts.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Test } from 'tap';
import type { Knex } from 'knex';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../../core/test/helper.js';
import { api, connectedSandbox, processData, startServer, waitForExit } from '../../../core/test/hardening/server-process.js';
import { readPlugin } from './plugin.js';

export { waitUntil } from '../../../core/test/hardening/server-process.js';

export interface ServerOptions {
  /** The plugin's folder; its parent is the server's PLUGINS_DIR (every plugin there loads). */
  plugin: string;
  /** ATRIUM_TIME_SCALE: sdk.clock's factor in the server (0.01 turns a 10-minute wait into 6 s). */
  timeScale?: number;
  /** More environment for the server (the plugin's own settings). */
  env?: NodeJS.ProcessEnv;
}

/** One running server process, its super user signed in. */
export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** The seeded super user's (company 1's admin) token. */
  token: string;
  /** A JSON request as that user (`token: null`: without a session). */
  api(method: string, route: string, body?: unknown, token?: string | null): Promise<{ status: number; body: any }>;
  /** The id of company 1's sandbox connection once it is connected (a phone the server can send through). */
  sandbox(): Promise<number>;
  /** Ends the process with the signal (SIGKILL: no shutdown at all) and waits until it is gone. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
}

export interface PluginServer {
  /** The database the processes share (read what they stored; open after the first start). */
  db(): Knex;
  /** Starts a server on the same data; the first start also turns the plugin's plan flag on for company 1's plan. */
  start(): Promise<RunningServer>;
}

/**
 * A fresh database and data folder (removed at the test's end) for server processes with the plugin loaded through
 * PLUGINS_DIR, on the leg's database (TEST_DB) and Redis (TEST_REDIS_URL). Processes still running at the end are killed.
 */
export function pluginServer(t: Test, options: ServerOptions): PluginServer {
  const plugin = readPlugin(options.plugin);
  const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  const data = processData(`kit_${plugin.id}`, admin, {
    PLUGINS_DIR: path.dirname(plugin.dir),
    ...(options.timeScale === undefined ? {} : { ATRIUM_TIME_SCALE: String(options.timeScale) }),
    ...options.env,
  });
  const children: ChildProcess[] = [];
  t.teardown(async () => {
    for (const child of children) child.kill('SIGKILL');
    for (const child of children) await waitForExit(child);
    await data.remove();
  });
  let started = false;

  return {
    db: data.db,
    async start() {
      const { child, url } = await startServer(data.env);
      children.push(child);
      const token = (await api(url, undefined, 'POST', '/api/auth/login', admin)).body?.token as string;
      if (!token) throw new Error('the seeded super user could not sign in');
      const running: RunningServer = {
        url, child, token,
        api: (method, route, body, as) => api(url, as === null ? undefined : as ?? token, method, route, body),
        sandbox: () => connectedSandbox(url, token),
        async stop(signal) {
          child.kill(signal);
          await waitForExit(child);
        },
      };
      if (!started && plugin.planFlag) {
        // As an operator gives a plan a plugin: the plan's features, through the API (the server drops its cached plans).
        const plan = await running.api('GET', '/api/plans/1');
        const features = { ...plan.body?.features, [plugin.planFlag]: true };
        const saved = await running.api('PUT', '/api/plans/1', { features });
        if (saved.status !== 200) throw new Error(`giving plan 1 ${plugin.planFlag} failed: ${saved.status} ${JSON.stringify(saved.body)}`);
      }
      started = true;
      return running;
    },
  };
}
