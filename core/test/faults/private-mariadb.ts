import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForExit } from '../hardening/server-process.js';

/** Why a private MariaDB cannot run here (no server binaries), or undefined when it can. */
export function privateMariadbUnavailable(): string | undefined {
  for (const binary of ['mariadbd', 'mariadb-install-db']) {
    const found = spawnSync('sh', ['-c', `command -v ${binary} || test -x /usr/sbin/${binary}`]).status === 0;
    if (!found) return `${binary} is not installed: a private MariaDB cannot be started here`;
  }
  return undefined;
}

const mariadbd = () => (spawnSync('sh', ['-c', 'command -v mariadbd']).stdout.toString().trim() || '/usr/sbin/mariadbd');

/**
 * A MariaDB server of the test's own (never the shared one: a fault test kills it with SIGKILL): a data folder made by
 * mariadb-install-db in a temp dir, its own port and socket. `kill()` is a crash (SIGKILL); `start()` again recovers
 * the same data, as a restarted production server does. `remove()` kills it and deletes the folder.
 */
export async function privateMariadb() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-mariadb-'));
  const port = await freePort();
  const user = os.userInfo().username;
  const install = spawnSync('mariadb-install-db', ['--no-defaults', `--datadir=${path.join(dir, 'data')}`, `--user=${user}`, '--auth-root-authentication-method=normal', '--skip-test-db', '--skip-name-resolve'], { stdio: 'ignore' });
  if (install.status !== 0) throw new Error(`mariadb-install-db failed (${install.status})`);
  let child: ChildProcess | undefined;
  const reachable = async () => {
    const { createConnection } = await import('mysql2/promise');
    try { const c = await createConnection({ host: '127.0.0.1', port, user: 'root' }); await c.end(); return true; } catch { return false; }
  };
  const start = async () => {
    child = spawn(mariadbd(), [
      '--no-defaults', `--user=${user}`, `--datadir=${path.join(dir, 'data')}`, `--port=${port}`, '--bind-address=127.0.0.1',
      `--socket=${path.join(dir, 'mysqld.sock')}`, `--pid-file=${path.join(dir, 'mysqld.pid')}`, '--skip-log-bin', '--skip-name-resolve',
      '--innodb-buffer-pool-size=32M', '--max-connections=200',
    ], { stdio: 'ignore' });
    for (let i = 0; i < 600 && !(await reachable()); i++) {
      if (child.exitCode !== null) throw new Error(`mariadbd exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const kill = async () => {
    if (!child) return;
    child.kill('SIGKILL');
    await waitForExit(child);
    child = undefined;
  };
  await start();
  return {
    url: `mysql://root@127.0.0.1:${port}`, start, kill,
    remove: async () => { await kill(); rmSync(dir, { recursive: true, force: true }); },
  };
}
