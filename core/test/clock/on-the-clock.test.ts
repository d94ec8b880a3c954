import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Keeps new duration rules on the clock (issue 41): arithmetic on `Date.now()` (a time so many ms from now, an age
 * compared with a limit) is how a rule bypasses `app.clock` / `sdk.clock` and ATRIUM_TIME_SCALE. Each source file
 * may hold at most the lines listed here, each with why it is not a product rule; a new one fails this test until
 * it reads the clock (`clock.now()`, `clock.scale(ms)`, `clock.after(ms)`) or is listed with its reason.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WALL_CLOCK_MATH = /Date\.now\(\) *[-+]|[-+] *Date\.now\(\)|Date\.now\(\)\)? *[<>]|new Date\(Date\.now\(\)/;

const ALLOWED: Record<string, { lines: number; why: string }> = {
  'core/src/bus/index.ts': { lines: 1, why: 'a socket closes when its token expires: the token\'s own time' },
  'core/src/jobs/redis-queue.ts': { lines: 2, why: 'the queue runs jobs at the times callers give (rules pass clock times); backoff is scaled at enqueue' },
  'core/src/jobs/db-queue.ts': { lines: 6, why: 'the poller\'s due times, sleeps and leases; backoff is scaled at enqueue' },
  'core/src/tenancy/settings.ts': { lines: 1, why: 'in-memory cache lifetime' },
  'core/src/tenancy/index.ts': { lines: 1, why: 'in-memory cache lifetime' },
  'core/src/cache/shared-cache.ts': { lines: 1, why: 'in-memory cache lifetime' },
  'core/src/messaging/connection-cache.ts': { lines: 1, why: 'in-memory cache lifetime' },
  'core/src/db/caller-cache.ts': { lines: 1, why: 'in-memory cache lifetime' },
  'core/src/db/display-names.ts': { lines: 2, why: 'in-memory cache lifetime' },
  'core/src/auth/sessions.ts': { lines: 3, why: 'security limits in real time: a refresh\'s grace, the idle-session limit, an impersonation token\'s expiry' },
  'core/src/auth/password-check.ts': { lines: 1, why: 'security limit in real time: a scaled clock must not shorten a lockout' },
  'core/src/auth/address-limit.ts': { lines: 2, why: 'security limit in real time: failed sign-ins per address' },
  'core/src/domains/auth/impersonation-routes.ts': { lines: 1, why: 'security limit in real time: an impersonation\'s lifetime' },
  'core/src/domains/auth/routes.ts': { lines: 1, why: 'security limit in real time: a reset code\'s lifetime' },
  'core/src/jobs/hourly.ts': { lines: 1, why: 'which hour the hourly sweeps (audit and message retention) run in, not how long data is kept' },
  'core/src/domains/schedules/routes.ts': { lines: 1, why: 'a schedule without a time defaults to an hour from now: a default time, not a rule' },
  'core/src/domains/schedules/delivery.ts': { lines: 3, why: 'a schedule\'s own send time, and recovery of a send cut off by a crash' },
  'core/src/domains/billing/checkout.ts': { lines: 1, why: 'a charge\'s expiry as the payment gateway states it' },
  'core/src/domains/billing/gateways/asaas.ts': { lines: 1, why: 'a charge\'s expiry as the payment gateway states it' },
  'core/src/domains/billing/gateways/sandbox.ts': { lines: 1, why: 'the fake gateway\'s charge expiry' },
  'core/src/messaging/responders/chain.ts': { lines: 3, why: 'the bot turn lock\'s expiry (crash recovery), and how far back the reconciler looks for stranded turns' },
  'core/src/messaging/providers/baileys.ts': { lines: 2, why: 'how long a message Baileys delivered once is held and retried through a fault: infrastructure recovery, not a product rule' },
  'plugins/campaigns/src/validity.ts': { lines: 1, why: 'the delay it is given is already scaled by sdk.clock' },
  'plugins/campaigns/src/dispatch.ts': { lines: 3, why: 'waits already scaled by sdk.clock, and a send claim\'s lease' },
  'plugins/flowbuilder/src/index.ts': { lines: 1, why: 'a run\'s lease (crash recovery)' },
  'plugins/flowbuilder/src/runtime.ts': { lines: 1, why: 'a wait node\'s seconds come from the flow\'s data: not scaled (docs/architecture.md, Time)' },
  'plugins/integrations/src/dialogflow.ts': { lines: 1, why: 'Google\'s token expiry, as Google states it' },
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

t.test('no duration rule reads the wall clock beside app.clock: every Date.now() arithmetic is listed with why', async (t) => {
  const roots = [path.join(ROOT, 'core/src'), ...readdirSync(path.join(ROOT, 'plugins')).map((p) => path.join(ROOT, 'plugins', p, 'src'))];
  const files = roots.flatMap((root) => { try { return sources(root); } catch { return []; } })
    .filter((f) => !f.includes(`${path.sep}clock${path.sep}`));
  t.ok(files.length > 100, `${files.length} source files read`);
  const over: string[] = [];
  const stale: string[] = [];
  for (const file of files) {
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    const lines = readFileSync(file, 'utf8').split('\n').map((text, i) => ({ text, n: i + 1 })).filter(({ text }) => WALL_CLOCK_MATH.test(text));
    const allowed = ALLOWED[rel]?.lines ?? 0;
    if (lines.length > allowed) over.push(`${rel}: ${lines.length} (listed ${allowed}): ${lines.map((l) => `${l.n}: ${l.text.trim().slice(0, 90)}`).join(' | ')}`);
    if (lines.length < allowed) stale.push(`${rel}: ${lines.length} (listed ${allowed})`);
  }
  t.same(over, [], 'a duration rule reads app.clock / sdk.clock (or is listed in ALLOWED with why it is not one)');
  // A listing larger than the file's lines would let a new rule in unseen: the list follows the code when it moves.
  const read = new Set(files.map((f) => path.relative(ROOT, f).split(path.sep).join('/')));
  for (const rel of Object.keys(ALLOWED)) if (!read.has(rel)) stale.push(`${rel}: gone (listed ${ALLOWED[rel].lines})`);
  t.same(stale, [], 'every listing matches its file\'s lines exactly');
});
