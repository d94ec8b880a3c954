/**
 * Measures what the console's login page downloads (JS + CSS, gzip level 9 of each file from host-web/dist).
 * Run after a build: node --import=tsx tooling/e2e/measure-login.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { buildApp } from '../../core/src/app.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'host-web', 'dist');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-measure-'));
const app = await buildApp({
  logger: false, env: { ...process.env, REDIS_URL: '', PLUGINS_DIR: '', ADMIN_PASSWORD: 'Measure-123' },
  config: { dataDir, seed: true, consoleDir: dist, database: { kind: 'sqlite', url: `sqlite:${path.join(dataDir, 'm.sqlite')}`, filename: path.join(dataDir, 'm.sqlite') } } as never,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const urls = new Set<string>();
page.on('response', (r) => { const u = new URL(r.url()).pathname; if (/\.(js|css)$/.test(u)) urls.add(u); });
await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
let raw = 0; let gz = 0; const rows: Array<[string, number]> = [];
for (const u of urls) { const buf = readFileSync(path.join(dist, u)); raw += buf.length; const g = gzipSync(buf, { level: 9 }).length; gz += g; rows.push([u, g]); }
if (process.argv.includes("--list")) for (const [u, g] of rows.sort((a, b) => b[1] - a[1])) console.log(`${(g / 1024).toFixed(1).padStart(7)} kB  ${u.slice(0, 110)}`);
console.log(`login page: ${urls.size} JS/CSS files, ${(raw / 1024).toFixed(1)} kB raw, ${(gz / 1024).toFixed(1)} kB gzip`);
await browser.close(); await app.close(); rmSync(dataDir, { recursive: true, force: true });
