/**
 * The console's login page on the wire (JS + CSS as served, compressed), against issue 42's goal (issue 18's was 200 kB).
 * Needs the console built (npm run build). Usage: node --import=tsx tooling/bench/login.ts
 */
import path from 'node:path';
import { describeLoginBytes, measureBuiltConsole } from '../e2e/login-bytes.js';
import { root } from './env.js';

const GOAL_BYTES = 150_000;
const measured = await measureBuiltConsole(path.join(root, 'host-web', 'dist'));
process.stderr.write(`${describeLoginBytes(measured)}\n`);
const onTheWire = measured.brotli;
console.log(JSON.stringify({ files: measured.files, rawKB: Math.round(measured.raw / 100) / 10, gzipKB: Math.round(measured.gzip / 100) / 10, brotliKB: Math.round(onTheWire / 100) / 10, goalKB: GOAL_BYTES / 1000, met: onTheWire <= GOAL_BYTES }));
