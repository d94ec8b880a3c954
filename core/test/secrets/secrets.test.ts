import t from 'tap';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../helper.js';
import { loadConfig } from '../../src/config/index.js';
import { createSecrets } from '../../src/secrets/index.js';
import { redactUrl } from '../../src/secrets/logging.js';
import { fakeServer } from '../outbound-http/fakes.js';
import { socketFor, waitFor } from '../pipeline/http.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/plugins');
const KEY = randomBytes(32).toString('base64');
const CLEAR = 'sk-live-Zq7XwT4mV9pL2cR8';

t.test('encrypt/decrypt: AES-256-GCM with a fresh IV; an altered value or another key cannot be read', async (t) => {
  const secrets = createSecrets(KEY);
  const a = secrets.encrypt(CLEAR);
  const b = secrets.encrypt(CLEAR);
  t.match(a, /^enc:v1:/);
  t.not(a, b, 'the same value encrypts differently each time');
  t.notMatch(a, /Zq7X/, 'the clear value is not in the stored one');
  t.equal(secrets.decrypt(a), CLEAR);
  // One character of the ciphertext changed (the one tested, so it always differs; the last may hold padding bits).
  const at = a.length - 2;
  const tampered = a.slice(0, at) + (a[at] === 'A' ? 'B' : 'A') + a.slice(at + 1);
  t.not(tampered, a, 'the value was altered');
  t.throws(() => secrets.decrypt(tampered), 'an altered value is refused');
  t.throws(() => createSecrets(randomBytes(32).toString('hex')).decrypt(a), 'another key cannot read it');
  t.throws(() => createSecrets('too-short'), /SECRETS_KEY must be 32 random bytes/);
});

t.test('mask shows a kind prefix and the last four characters of long values, nothing of short ones', async (t) => {
  const secrets = createSecrets(KEY);
  t.equal(secrets.mask('sk-proj-0123456789abcdefabcd'), 'sk-…abcd');
  t.equal(secrets.mask('0123456789ABCDEFwxyz'), '…wxyz');
  t.equal(secrets.mask('short-key'), '••••••••');
  t.equal(secrets.mask(''), '');
  t.equal(secrets.maskStored(secrets.encrypt('sk-proj-0123456789abcdefabcd')), 'sk-…abcd', 'a stored value is masked from its clear text');
  t.equal(createSecrets(randomBytes(32).toString('base64')).maskStored(secrets.encrypt(CLEAR)), '••••••••', 'unreadable: nothing shown, no error');
});

t.test('keepSecretIfMasked: the mask or a missing field keeps the stored value, a new value replaces it, empty clears it', async (t) => {
  const secrets = createSecrets(KEY);
  const stored = secrets.encrypt(CLEAR);
  t.equal(secrets.keepSecretIfMasked(secrets.mask(CLEAR), stored), stored, 'the mask sent back keeps it');
  t.equal(secrets.keepSecretIfMasked(undefined, stored), stored, 'left out keeps it');
  t.equal(secrets.keepSecretIfMasked('', stored), null, 'empty clears it');
  t.equal(secrets.keepSecretIfMasked(null, stored), null, 'null clears it');
  const replaced = secrets.keepSecretIfMasked('sk-live-NEWVALUE0000000', stored)!;
  t.equal(secrets.decrypt(replaced), 'sk-live-NEWVALUE0000000', 'a new value is encrypted');
  t.equal(secrets.decrypt(secrets.keepSecretIfMasked('sk-…R8', undefined)!), 'sk-…R8', 'with nothing stored, even a mask-looking value is a value');
  const legacy = 'azvoice-stored-in-clear-0001';
  const sealed = secrets.keepSecretIfMasked(secrets.mask(legacy), legacy)!;
  t.ok(secrets.isEncrypted(sealed) && secrets.decrypt(sealed) === legacy, 'a value stored in clear (before its field was a secret) is sealed when its mask comes back');
});

t.test('the key comes from SECRETS_KEY, else is generated once into DATA_DIR/secrets.json beside the JWT secrets', async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-keys-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const first = loadConfig({ DATA_DIR: dataDir });
  const file = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  t.equal(file.secretsKey, first.secretsKey, 'generated and kept');
  t.ok(file.secret && file.refreshSecret, 'the JWT secrets are still kept');
  t.equal(loadConfig({ DATA_DIR: dataDir }).secretsKey, first.secretsKey, 'the same key after a restart');
  const fromEnv = loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: KEY });
  t.equal(fromEnv.secretsKey, KEY, 'SECRETS_KEY wins');
  t.equal(JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).secretsKey, first.secretsKey, 'and is never written to disk');
  t.ok(existsSync(path.join(dataDir, 'secrets.json')));
});

t.test('a secret saved through a plugin route is stored encrypted, answered masked, kept when the mask comes back, and used in clear only when calling out', async (t) => {
  const seen: string[] = [];
  const server = await fakeServer(t, (req, res) => { seen.push(String(req.headers.authorization)); res.setHeader('content-type', 'application/json'); res.end('{"pong":true}'); });
  const { request, app, createTenant } = await build(t, { extraPluginDirs: [fixtures], config: { allowPrivateUrls: true } });
  const tenant = await createTenant('Keys Co', { useRelay: true });
  const token = tenant.admin.token;

  const saved = await request('PUT', '/api/relay/settings', { token, body: { url: `${server.url}/hook`, apiKey: CLEAR } });
  t.equal(saved.status, 200);
  t.equal(saved.body.apiKey, `sk-…${CLEAR.slice(-4)}`, 'the answer carries the mask');
  const row = await app.knex('relaySettings').where({ companyId: tenant.companyId }).first();
  t.match(row.apiKey, /^enc:v1:/, 'stored encrypted');
  t.notMatch(row.apiKey, new RegExp(CLEAR), 'the clear value is not in the database');

  const read = await request('GET', '/api/relay/settings', { token });
  t.equal(read.body.apiKey, saved.body.apiKey, 'reading shows the mask too');

  const again = await request('PUT', '/api/relay/settings', { token, body: { url: `${server.url}/hook2`, apiKey: read.body.apiKey } });
  t.equal(again.status, 200);
  const kept = await app.knex('relaySettings').where({ companyId: tenant.companyId }).first();
  t.equal(app.atrium.secrets.decrypt(kept.apiKey), CLEAR, 'the mask sent back kept the stored key');

  const ping = await request('POST', '/api/relay/ping', { token });
  t.equal(ping.status, 200);
  t.same(seen, [`Bearer ${CLEAR}`], 'the plugin called out with the clear key');
});

t.test('a saved secret never reaches the log or the socket frames', async (t) => {
  const lines: string[] = [];
  const { request, app, createTenant } = await build(t, {
    extraPluginDirs: [fixtures], config: { allowPrivateUrls: true },
    logger: { level: 'trace', stream: { write: (line: string) => { lines.push(line); } } },
  });
  const tenant = await createTenant('Quiet Co', { useRelay: true });
  const socket = await socketFor(t, app, tenant.admin.token);
  const frames: string[] = [];
  socket.io.engine.on('packet', (packet: { data?: unknown }) => { frames.push(typeof packet.data === 'string' ? packet.data : JSON.stringify(packet.data ?? '')); });

  const saved = await request('PUT', `/api/relay/settings?token=${CLEAR}`, { token: tenant.admin.token, body: { url: 'http://127.0.0.1:9/hook', apiKey: CLEAR } });
  t.equal(saved.status, 200);
  await waitFor(() => frames.some((f) => f.includes('relaySettings')), 15_000, 'the settings event');

  t.ok(lines.some((l) => l.includes('relay settings saved') && l.includes('[redacted]')), 'the plugin logged the body, with apiKey redacted');
  t.ok(lines.some((l) => l.includes('/api/relay/settings')), 'the request was logged');
  t.same(lines.filter((l) => l.includes(CLEAR)), [], 'no log line holds the clear value (body field, query string)');
  t.ok(frames.some((f) => f.includes('relaySettings') && f.includes('…')), 'the event carries the masked value');
  t.same(frames.filter((f) => f.includes(CLEAR)), [], 'no socket frame holds the clear value');
});

t.test('request URLs are logged with credential-looking query values hidden', async (t) => {
  t.equal(redactUrl('/api/x?token=abc&page=2&api_key=zzz'), '/api/x?token=[redacted]&page=2&api_key=[redacted]');
  t.equal(redactUrl('/api/x?pageNumber=1'), '/api/x?pageNumber=1');
});
