/**
 * The responder chain's price on ingestion, as a ratio in one run: the ingest bench with the chain taken out
 * (BENCH_RESPONDERS=off) and with it (every plugin the seed plan enables, nobody acting), alternated twice so the
 * machine's drift falls on both; `onOffRatio` is the on / off throughput of each pair (issue 35's goal: ≥ 0.9), over
 * the whole run (every contact's first message opens a ticket the "on" leg greets: the menu acting, not the chain's
 * price) and, `steadyOnOffRatio`, from the first message after every contact's first on (no responder acting).
 * Usage: node --import=tsx tooling/bench/ingest-ratio.ts sqlite|mysql [messages] [contacts]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const [db = 'sqlite', messages = db === 'mysql' ? '3000' : '5000', contacts = db === 'mysql' ? '300' : '500'] = process.argv.slice(2);

function ingest(responders: 'on' | 'off') {
  const run = spawnSync(process.execPath, ['--import=tsx', path.join(here, 'ingest.ts'), db, messages, contacts], {
    encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_RESPONDERS: responders, BENCH_BOT_SLEEP_MS: '' },
  });
  const result = JSON.parse(run.stdout.trim().split('\n').pop()!);
  return {
    messagesPerSecond: result.messagesPerSecond as number, steadyMessagesPerSecond: result.steadyMessagesPerSecond as number,
    p99: result.p99 as number, statementsPerMessage: result.statementsPerMessage as number,
  };
}

const pairs = [];
for (let i = 0; i < 2; i++) {
  const off = ingest('off');
  const on = ingest('on');
  pairs.push({
    off, on, onOffRatio: Number((on.messagesPerSecond / off.messagesPerSecond).toFixed(2)),
    steadyOnOffRatio: Number((on.steadyMessagesPerSecond / off.steadyMessagesPerSecond).toFixed(2)),
  });
}
process.stdout.write(JSON.stringify({
  bench: 'ingest-ratio', db, messages: Number(messages), contacts: Number(contacts), goal: '≥ 0.9',
  onOffRatio: Number((pairs.reduce((sum, p) => sum + p.onOffRatio, 0) / pairs.length).toFixed(2)),
  steadyOnOffRatio: Number((pairs.reduce((sum, p) => sum + p.steadyOnOffRatio, 0) / pairs.length).toFixed(2)), pairs,
}) + '\n');
