import t from 'tap';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from '../helper.js';
import { precompressDir } from '../../../host-web/vite/precompress.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/plugins');

/** Text that compresses like code does, comfortably above the 1 kB under which nothing is compressed. */
const code = (name: string) => Array.from({ length: 400 }, (_, i) => `export const ${name}${i} = () => "${name} ${i}";`).join('\n');

/**
 * A console build and a plugin remote laid out as Vite writes them (entry files at the root, hashed
 * files under assets/), precompressed by the same step the real build runs.
 */
function builtFixture(t: { teardown(fn: () => void): void }) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'atrium-static-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const consoleDir = path.join(root, 'console');
  mkdirSync(path.join(consoleDir, 'assets'), { recursive: true });
  mkdirSync(path.join(consoleDir, 'themes', 'light'), { recursive: true });
  writeFileSync(path.join(consoleDir, 'index.html'), `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`);
  writeFileSync(path.join(consoleDir, 'assets', 'index-Ab12Cd34.js'), code('main'));
  writeFileSync(path.join(consoleDir, 'themes', 'light', 'theme.css'), Array.from({ length: 300 }, (_, i) => `.p-${i}{color:#${(i * 77).toString(16).padStart(3, '0')}}`).join('\n'));
  writeFileSync(path.join(consoleDir, 'assets', 'tiny-Zz99Yy88.js'), 'export {};');
  precompressDir(consoleDir);

  const plugins = path.join(root, 'plugins');
  cpSync(fixtures, plugins, { recursive: true });
  const remote = path.join(plugins, 'hello', 'built-remote');
  writeFileSync(path.join(remote, 'remoteEntry.js'), code('entry'));
  mkdirSync(path.join(remote, 'assets'), { recursive: true });
  writeFileSync(path.join(remote, 'assets', 'plugin-Qw12Er34.js'), code('plugin'));
  precompressDir(remote);
  return { consoleDir, plugins, remote };
}

t.test('built assets are sent precompressed as the browser accepts, with cache headers by kind', async (t) => {
  const { consoleDir, plugins, remote } = builtFixture(t);
  const { app } = await build(t, { extraPluginDirs: [plugins], config: { consoleDir } });
  const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  const original = (dir: string, rel: string) => readFileSync(path.join(dir, rel));

  t.test('a hashed console chunk: brotli first, gzip otherwise, plain without Accept-Encoding; immutable for a year', async (t) => {
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    t.equal(br.statusCode, 200);
    t.equal(br.headers['content-encoding'], 'br');
    t.match(br.headers['content-type'], /javascript/);
    t.match(br.headers.vary, /accept-encoding/i);
    t.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    t.ok(br.rawPayload.length < original(consoleDir, 'assets/index-Ab12Cd34.js').length / 3, 'the body is compressed');
    t.same(brotliDecompressSync(br.rawPayload), original(consoleDir, 'assets/index-Ab12Cd34.js'), 'and decodes to the file');

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    t.equal(gz.headers['content-encoding'], 'gzip');
    t.same(gunzipSync(gz.rawPayload), original(consoleDir, 'assets/index-Ab12Cd34.js'));
    t.equal(gz.headers['cache-control'], 'public, max-age=31536000, immutable');

    const plain = await get('/assets/index-Ab12Cd34.js');
    t.equal(plain.headers['content-encoding'], undefined);
    t.match(plain.headers.vary, /accept-encoding/i, 'the plain answer varies on Accept-Encoding too, for shared caches');
    t.same(plain.rawPayload, original(consoleDir, 'assets/index-Ab12Cd34.js'));
  });

  t.test('a file too small to compress is sent as it is, still immutable', async (t) => {
    const res = await get('/assets/tiny-Zz99Yy88.js', 'br, gzip');
    t.equal(res.statusCode, 200);
    t.equal(res.headers['content-encoding'], undefined);
    t.equal(res.body, 'export {};');
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  t.test('index.html, at / and as the SPA fallback, and the unhashed theme are revalidated (no-cache)', async (t) => {
    for (const url of ['/', '/index.html', '/tickets/123']) {
      const res = await get(url, 'br');
      t.equal(res.statusCode, 200, url);
      t.equal(res.headers['content-encoding'], 'br', url);
      t.equal(res.headers['cache-control'], 'no-cache', url);
      t.match(res.headers['content-type'], /text\/html/, url);
      t.same(brotliDecompressSync(res.rawPayload), original(consoleDir, 'index.html'), url);
    }
    const theme = await get('/themes/light/theme.css', 'gzip');
    t.equal(theme.headers['content-encoding'], 'gzip');
    t.match(theme.headers['content-type'], /text\/css/);
    t.equal(theme.headers['cache-control'], 'no-cache');
  });

  t.test('a remote: remoteEntry.js revalidated, its hashed chunks immutable, both compressed and open to other origins', async (t) => {
    const entry = await get('/plugins/hello/remoteEntry.js', 'gzip, br');
    t.equal(entry.statusCode, 200);
    t.equal(entry.headers['content-encoding'], 'br');
    t.equal(entry.headers['cache-control'], 'no-cache');
    t.equal(entry.headers['access-control-allow-origin'], '*');
    t.match(entry.headers.vary, /accept-encoding/i);
    t.same(brotliDecompressSync(entry.rawPayload), original(remote, 'remoteEntry.js'));

    const chunk = await get('/plugins/hello/assets/plugin-Qw12Er34.js', 'gzip');
    t.equal(chunk.headers['content-encoding'], 'gzip');
    t.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    t.equal(chunk.headers['access-control-allow-origin'], '*');
    t.same(gunzipSync(chunk.rawPayload), original(remote, 'assets/plugin-Qw12Er34.js'));
  });

  t.test('an unknown asset is still a JSON 404, never a compressed sibling or the SPA page', async (t) => {
    const res = await get('/assets/missing-00000000.js', 'br');
    t.equal(res.statusCode, 404);
    t.equal(res.json().error, 'ERR_NOT_FOUND');
  });
});
