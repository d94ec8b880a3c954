#!/usr/bin/env node
// A small HTTP load generator (the second process of a benchmark): C keep-alive connections
// send requests back to back for D seconds; prints JSON with req/s and latency percentiles.
// Usage: node load.mjs <url> <connections> <seconds> [bearer-token]
import http from 'node:http';

const [url, connections = '10', seconds = '10', token] = process.argv.slice(2);
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
const latencies = [];
let errors = 0;
let non2xx = 0;
const deadline = Date.now() + Number(seconds) * 1000;

function once() {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const req = http.request({ agent, hostname: target.hostname, port: target.port, path: target.pathname + target.search, method: 'GET',
      headers: token ? { authorization: `Bearer ${token}` } : {} }, (res) => {
      res.resume();
      res.on('end', () => {
        latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
        if (res.statusCode < 200 || res.statusCode >= 300) non2xx += 1;
        resolve();
      });
    });
    req.on('error', () => { errors += 1; resolve(); });
    req.end();
  });
}

async function worker() {
  while (Date.now() < deadline) await once();
}

const started = Date.now();
await Promise.all(Array.from({ length: Number(connections) }, worker));
const elapsed = (Date.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p) => latencies.length ? Number(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(2)) : null;
process.stdout.write(JSON.stringify({ requests: latencies.length, seconds: elapsed, rps: Number((latencies.length / elapsed).toFixed(1)), p50: pct(50), p90: pct(90), p99: pct(99), max: pct(100), errors, non2xx }) + '\n');
agent.destroy();
