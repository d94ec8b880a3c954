import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call the fake Graph API received. */
export interface GraphCall { method: string; path: string; authorization?: string; contentType?: string; body: Buffer; json?: any }

export interface FakeGraph {
  url: string;
  calls: GraphCall[];
  /** The calls to POST /<version>/<phone>/messages, their JSON bodies. */
  sent(): any[];
  /** The next POST …/messages answers this Graph error (status, body, headers such as retry-after) once. */
  failNextSend(status: number, error: { code: number; message: string }, headers?: Record<string, string>): void;
  templates: Array<{ name: string; language: string; status: string; category: string; components: Array<{ type: string; text?: string }> }>;
  media: Map<string, { data: Buffer; mimetype: string }>;
}

export const FAKE_TOKEN = 'EAAG-fake-token-123456';
export const FAKE_PHONE_ID = '1098765432';
export const FAKE_WABA_ID = '2233445566';
export const FAKE_VERSION = 'v23.0';

/**
 * A small stand-in for Meta's Graph API on 127.0.0.1 for one test: the number's details, messages (ids
 * wamid.OUT<n>), media upload and download (the download URL is on this server too), the business account's
 * templates, and error answers on demand. Every call needs the bearer token, as Meta's does.
 */
export async function fakeGraph(t: { teardown(fn: () => unknown): void }): Promise<FakeGraph> {
  const calls: GraphCall[] = [];
  let nextFailure: { status: number; error: { code: number; message: string }; headers?: Record<string, string> } | undefined;
  let sentCount = 0;
  let uploadCount = 0;
  const fake = {
    url: '',
    calls,
    sent: () => calls.filter((c) => c.method === 'POST' && c.path === `/${FAKE_VERSION}/${FAKE_PHONE_ID}/messages`).map((c) => c.json),
    failNextSend(status: number, error: { code: number; message: string }, headers?: Record<string, string>) { nextFailure = { status, error, headers }; },
    templates: [
      { name: 'order_update', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} saiu.' }] },
      { name: 'promo_draft', language: 'en_US', status: 'PENDING', category: 'MARKETING', components: [{ type: 'BODY', text: 'Hi!' }] },
    ],
    media: new Map<string, { data: Buffer; mimetype: string }>(),
  } satisfies FakeGraph;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://fake');
      const call: GraphCall = { method: req.method ?? 'GET', path: url.pathname, authorization: req.headers.authorization, contentType: req.headers['content-type'], body };
      if (String(req.headers['content-type'] ?? '').startsWith('application/json')) call.json = JSON.parse(body.toString() || '{}');
      calls.push(call);
      const answer = (status: number, value: unknown, headers: Record<string, string> = {}) => { res.writeHead(status, { 'content-type': 'application/json', ...headers }); res.end(JSON.stringify(value)); };
      if (req.headers.authorization !== `Bearer ${FAKE_TOKEN}`) return answer(401, { error: { code: 190, message: 'Invalid OAuth access token' } });
      const path = url.pathname;
      if (req.method === 'GET' && path === `/${FAKE_VERSION}/${FAKE_PHONE_ID}`) return answer(200, { display_phone_number: '+55 11 4000-1234', verified_name: 'Atrium Test', id: FAKE_PHONE_ID });
      if (req.method === 'POST' && path === `/${FAKE_VERSION}/${FAKE_PHONE_ID}/messages`) {
        if (nextFailure) { const f = nextFailure; nextFailure = undefined; return answer(f.status, { error: f.error }, f.headers); }
        sentCount += 1;
        return answer(200, { messaging_product: 'whatsapp', contacts: [{ input: call.json?.to, wa_id: call.json?.to }], messages: [{ id: `wamid.OUT${sentCount}` }] });
      }
      if (req.method === 'POST' && path === `/${FAKE_VERSION}/${FAKE_PHONE_ID}/media`) {
        uploadCount += 1;
        return answer(200, { id: `up-${uploadCount}` });
      }
      if (req.method === 'GET' && path === `/${FAKE_VERSION}/${FAKE_WABA_ID}/message_templates`) return answer(200, { data: fake.templates, paging: { cursors: { after: 'x' } } });
      const download = /^\/download\/(.+)$/.exec(path);
      if (req.method === 'GET' && download && fake.media.has(download[1])) {
        const media = fake.media.get(download[1])!;
        res.writeHead(200, { 'content-type': media.mimetype });
        return res.end(media.data);
      }
      const mediaInfo = new RegExp(`^/${FAKE_VERSION}/([A-Za-z0-9_-]+)$`).exec(path);
      if (req.method === 'GET' && mediaInfo && fake.media.has(mediaInfo[1])) {
        const media = fake.media.get(mediaInfo[1])!;
        return answer(200, { url: `${fake.url}/download/${mediaInfo[1]}`, mime_type: media.mimetype, file_size: media.data.length, id: mediaInfo[1] });
      }
      return answer(404, { error: { code: 100, message: `Unknown path ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t.teardown(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
  return fake;
}
