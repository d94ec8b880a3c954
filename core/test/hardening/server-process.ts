import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const freePort = () => new Promise<number>((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  });
});

/** `core/src/server.ts` in a child process (as `npm start` runs it), once /api/health answers. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import=tsx', path.join(root, 'core/src/server.ts')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try { if ((await fetch(`${url}/api/health`)).ok) return { child, url }; } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** Waits for a child to be gone, polling (a pending 'exit' listener alone does not keep the event loop alive). */
export async function waitForExit(child: ChildProcess) {
  for (let i = 0; i < 600 && child.exitCode === null && child.signalCode === null; i++) await new Promise((r) => setTimeout(r, 50));
}

export async function api(url: string, token: string | undefined, method: string, route: string, body?: unknown) {
  const res = await fetch(`${url}${route}`, {
    method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) as any };
}

/** The id of the seeded sandbox connection, once it is CONNECTED. */
export async function connectedSandbox(url: string, token: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const list = await api(url, token, 'GET', '/api/whatsapp');
    const sandbox = (list.body as Array<{ id: number; provider: string; status: string }>).find((c) => c.provider === 'sandbox');
    if (sandbox?.status === 'CONNECTED') return sandbox.id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the sandbox connection did not come up');
}
