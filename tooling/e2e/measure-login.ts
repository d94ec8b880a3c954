/**
 * Measures what the console's login page downloads (JS + CSS, bytes on the wire as the server sends
 * them: the precompressed brotli and gzip files). Run after a build:
 *   node --import=tsx tooling/e2e/measure-login.ts [--list] [--shot <file.png>]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeLoginBytes, measureBuiltConsole } from './login-bytes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shot = process.argv.indexOf('--shot');
const measured = await measureBuiltConsole(path.join(root, 'host-web', 'dist'), shot > 0 ? process.argv[shot + 1] : undefined);
if (process.argv.includes('--list')) {
  for (const f of measured.perFile) console.log(`${(f.brotli / 1000).toFixed(1).padStart(7)} kB br ${(f.gzip / 1000).toFixed(1).padStart(7)} kB gz  ${f.path.slice(0, 100)}`);
}
console.log(describeLoginBytes(measured));
