import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, waitForExit } from '../hardening/server-process.js';

/**
 * A Redis of the test's own (never the shared one: a fault test kills it), on a free port, keeping nothing on disk:
 * a restart comes back empty, as a Redis without persistence does in production.
 */
export async function privateRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const ping = async () => {
    const { createClient } = await import('redis');
    const client = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: false } });
    client.on('error', () => undefined);
    try { await client.connect(); await client.ping(); return true; } catch { return false; } finally { await client.destroy(); }
  };
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100 && !(await ping()); i++) await new Promise((r) => setTimeout(r, 100));
  };
  const kill = async () => {
    if (!child) return;
    child.kill('SIGCONT'); // a paused one dies as well
    child.kill('SIGKILL');
    await waitForExit(child);
    child = undefined;
  };
  /** SIGSTOP: the process is frozen, its connections stay open and nothing answers (a stalled Redis); SIGCONT resumes it. */
  const pause = () => { child?.kill('SIGSTOP'); };
  const resume = () => { child?.kill('SIGCONT'); };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, kill, pause, resume };
}
