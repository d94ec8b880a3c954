import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';

/** A Send API call as the fake received it. */
export interface SendCall { pageId: string; token: string; contentType: string; json?: Record<string, unknown>; raw: Buffer }

/** A Page the fake knows: its token answers for its id (and its Instagram account's); any other token is Meta's 190. */
export interface FakePage { token: string; pageId: string; instagramId?: string; name: string }

const read = (req: IncomingMessage) => new Promise<Buffer>((resolve, reject) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks)));
  req.on('error', reject);
});

/**
 * A local Graph API for Messenger and Instagram speaking the real shapes: `GET /<version>/<id>?fields=…` (the Page or
 * the account, bearer token required), `POST /<version>/<page id>/messages` (the Send API, JSON or multipart with
 * `filedata`) answering `{ recipient_id, message_id }` or Meta's `{ error: { code, error_subcode, message } }`, and
 * `GET /cdn/<name>` serving attachments a delivery links to. `META_GRAPH_BASE_URL` points the plugin at it.
 */
export async function fakeGraphMessenger(t: Test, pages: FakePage[]) {
  const sends: SendCall[] = [];
  const files = new Map<string, Buffer>();
  const failures: Array<{ status: number; body: unknown }> = [];
  const people = new Map<string, Record<string, string>>();
  let mid = 0;
  const server = createServer(async (req, res) => {
    const raw = await read(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    const cdn = /^\/cdn\/(.+)$/.exec(url.pathname);
    if (cdn) {
      const bytes = files.get(cdn[1]);
      if (!bytes) return send(404, { error: { code: 100, message: 'not found' } });
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(bytes);
    }
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const page = pages.find((p) => p.token === token);
    if (!page) return send(401, { error: { code: 190, message: 'Error validating access token: Session has expired' } });
    const node = /^\/v\d+\.\d+\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && node) {
      if (node[1] === page.pageId) return send(200, { id: page.pageId, name: page.name });
      if (node[1] === page.instagramId) return send(200, { id: page.instagramId, name: `${page.name} IG` });
      const person = people.get(node[1]);
      if (person) return send(200, { id: node[1], ...person });
      return send(400, { error: { code: 100, message: 'Unsupported get request' } });
    }
    const messages = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(url.pathname);
    if (req.method === 'POST' && messages) {
      const contentType = String(req.headers['content-type'] ?? '');
      const json = contentType.startsWith('application/json') ? JSON.parse(raw.toString('utf8')) as Record<string, unknown> : undefined;
      sends.push({ pageId: messages[1], token, contentType, json, raw });
      if (messages[1] !== page.pageId) return send(400, { error: { code: 100, message: 'Page id does not match the token' } });
      const failure = failures.shift();
      if (failure) return send(failure.status, failure.body);
      mid += 1;
      const recipient = json ? (json.recipient as { id?: string })?.id : /name="recipient"\r\n\r\n\{"id":"(\d+)"\}/.exec(raw.toString('latin1'))?.[1];
      return send(200, { recipient_id: recipient, message_id: `m_out_${mid}` });
    }
    return send(404, { error: { code: 803, message: 'Unknown path' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const previous = process.env.META_GRAPH_BASE_URL;
  process.env.META_GRAPH_BASE_URL = base;
  t.teardown(async () => {
    if (previous === undefined) delete process.env.META_GRAPH_BASE_URL;
    else process.env.META_GRAPH_BASE_URL = previous;
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    base, sends,
    /** An attachment a delivery may link to (`<base>/cdn/<name>`). */
    addFile(name: string, bytes: Buffer) { files.set(name, bytes); return `${base}/cdn/${name}`; },
    /** A person's profile as the user profile API answers it (Messenger: first_name/last_name; Instagram: name/username). */
    addPerson(id: string, profile: Record<string, string>) { people.set(id, profile); },
    /** The next Send API call answers this refusal. */
    failNext(status: number, body: unknown) { failures.push({ status, body }); },
  };
}
