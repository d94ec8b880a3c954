/**
 * What the console's login page costs on the wire: every JS and CSS file the browser fetched to show
 * /login, counted as the server sends it (compressed bodies, as stored in the precompressed .br / .gz
 * files). Used by the browser test (which records the figure, asserting nothing about it) and by
 * tooling/e2e/measure-login.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../../core/src/app.js';

export interface LoginBytes {
  files: number;
  /** The files as built. */
  raw: number;
  /** What this browser received (Chromium asks for brotli only over HTTPS, so gzip on http://). */
  browser: number;
  browserEncoding: string;
  /** The same files asked for with `accept-encoding: gzip` and with `br`. */
  gzip: number;
  brotli: number;
  perFile: Array<{ path: string; raw: number; gzip: number; brotli: number }>;
}

/** Body bytes of one GET as they cross the wire (no decoding), with the encoding the server chose. */
function wireBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => { bytes += chunk.length; });
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

export async function measureLoginBytes(browser: Browser, base: string): Promise<LoginBytes> {
  const context = await browser.newContext();
  const seen = new Map<string, Promise<{ body: number; encoding: string }>>();
  try {
    const page = await context.newPage();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!/\.(js|css)$/.test(url.pathname) || seen.has(url.pathname)) return;
      seen.set(url.pathname, (async () => {
        await response.finished();
        const sizes = await response.request().sizes();
        return { body: sizes.responseBodySize, encoding: (await response.allHeaders())['content-encoding'] ?? 'identity' };
      })());
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-form').waitFor();
    const result: LoginBytes = { files: 0, raw: 0, browser: 0, browserEncoding: '', gzip: 0, brotli: 0, perFile: [] };
    const encodings = new Set<string>();
    for (const [pathname, received] of seen) {
      const { body, encoding } = await received;
      const [raw, gzip, brotli] = await Promise.all(['identity', 'gzip', 'br'].map((e) => wireBytes(`${base}${pathname}`, e)));
      result.files += 1;
      result.browser += body;
      encodings.add(encoding);
      result.raw += raw.bytes;
      result.gzip += gzip.bytes;
      result.brotli += brotli.bytes;
      result.perFile.push({ path: pathname, raw: raw.bytes, gzip: gzip.bytes, brotli: brotli.bytes });
    }
    result.browserEncoding = [...encodings].sort().join(', ');
    result.perFile.sort((a, b) => b.brotli - a.brotli);
    return result;
  } finally {
    await context.close();
  }
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** One line for logs and docs. */
export function describeLoginBytes(m: LoginBytes): string {
  return `login page: ${m.files} JS/CSS files, ${kB(m.raw)} raw, ${kB(m.gzip)} gzip, ${kB(m.brotli)} brotli as served`
    + ` (this browser received ${kB(m.browser)}, ${m.browserEncoding})`;
}

/**
 * Boots the app in process on a throw-away SQLite database serving `consoleDir`, and measures its login
 * page in Chromium (optionally saving a screenshot of it).
 */
export async function measureBuiltConsole(consoleDir: string, screenshot?: string): Promise<LoginBytes> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-measure-'));
  const file = path.join(dataDir, 'm.sqlite');
  const app = await buildApp({
    logger: false, env: { ...process.env, REDIS_URL: '', PLUGINS_DIR: '', ADMIN_PASSWORD: 'Measure-123' },
    config: { dataDir, seed: true, consoleDir, database: { kind: 'sqlite', url: `sqlite:${file}`, filename: file } } as never,
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const measured = await measureLoginBytes(browser, base);
    if (screenshot) {
      const page = await browser.newPage();
      await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
      await page.screenshot({ path: screenshot });
    }
    return measured;
  } finally {
    await browser.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
