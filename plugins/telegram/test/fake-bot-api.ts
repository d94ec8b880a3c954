import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';

export interface BotCall { token: string; method: string; contentType: string; json?: Record<string, unknown>; raw: Buffer }

/** A bot the fake knows: its token answers getMe; any other token is 401 as Telegram answers. */
export interface FakeBot { token: string; id: number; username: string }

const read = (req: IncomingMessage) => new Promise<Buffer>((resolve, reject) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks)));
  req.on('error', reject);
});

/**
 * A local Bot API speaking the real shapes: `POST /bot<token>/<method>` (JSON or multipart/form-data) answering
 * `{ ok, result }` or `{ ok: false, error_code, description }`, and `GET /file/bot<token>/<file_path>` with the bytes.
 * `TELEGRAM_API_BASE_URL` points the plugin at it for the test.
 */
export async function fakeBotApi(t: Test, bots: FakeBot[]) {
  const calls: BotCall[] = [];
  const files = new Map<string, Buffer>();
  let messageId = 1000;
  const server = createServer(async (req, res) => {
    const raw = await read(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (file) {
      const bytes = bots.some((b) => b.token === file[1]) ? files.get(file[2]) : undefined;
      if (!bytes) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(bytes);
    }
    const m = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    if (!m) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token, method] = m;
    const contentType = String(req.headers['content-type'] ?? '');
    const json = contentType.startsWith('application/json') && raw.length ? JSON.parse(raw.toString('utf8')) as Record<string, unknown> : undefined;
    calls.push({ token, method, contentType, json, raw });
    const bot = bots.find((b) => b.token === token);
    if (!bot) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    switch (method) {
      case 'getMe': return send(200, { ok: true, result: { id: bot.id, is_bot: true, first_name: 'Shop bot', username: bot.username } });
      case 'setWebhook': return send(200, { ok: true, result: true, description: 'Webhook was set' });
      case 'getFile': {
        const id = String(json?.file_id ?? '');
        return files.has(`files/${id}`) ? send(200, { ok: true, result: { file_id: id, file_path: `files/${id}` } }) : send(400, { ok: false, error_code: 400, description: 'Bad Request: invalid file_id' });
      }
      case 'sendMessage': case 'sendPhoto': case 'sendDocument': case 'sendVoice': case 'sendVideo':
        messageId += 1;
        return send(200, { ok: true, result: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: Number(json?.chat_id ?? 0), type: 'private' } } });
      case 'editMessageText': return send(200, { ok: true, result: { message_id: Number(json?.message_id) } });
      case 'deleteMessage': case 'setMessageReaction': return send(200, { ok: true, result: true });
      default: return send(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const previous = process.env.TELEGRAM_API_BASE_URL;
  process.env.TELEGRAM_API_BASE_URL = base;
  t.teardown(async () => {
    if (previous === undefined) delete process.env.TELEGRAM_API_BASE_URL;
    else process.env.TELEGRAM_API_BASE_URL = previous;
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    base, calls,
    /** A file the bot may download by this file_id. */
    addFile(fileId: string, bytes: Buffer) { files.set(`files/${fileId}`, bytes); },
    of(method: string) { return calls.filter((c) => c.method === method); },
  };
}
