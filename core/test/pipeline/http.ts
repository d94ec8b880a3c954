import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { Test } from 'tap';
import { Whatsapp } from '../../src/db/models/index.js';

/** Polls until `check` returns a truthy value (or fails the wait after `ms`). */
export async function waitFor<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 5000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as T;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The seeded sandbox connection of company 1, once its session is CONNECTED. */
export async function connectedSandbox(app: FastifyInstance) {
  const wa = (await Whatsapp.scoped(1).where({ isDefault: true }).first())!;
  await waitFor(() => { try { return app.sessions.provider(wa.id); } catch { return undefined; } }, 5000, 'sandbox connected');
  return wa;
}

export async function socketFor(t: Test, app: FastifyInstance, token: string): Promise<Socket> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', query: { token }, transports: ['websocket'], reconnection: false });
  t.teardown(() => { socket.close(); });
  await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
  return socket;
}

/** A multipart body by hand (files and fields, in order). */
export function multipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }>) {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = 'filename' in part
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), 'filename' in part ? part.data : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
