import t from 'tap';
import { build } from '../helper.js';
import { socketFor } from '../pipeline/http.js';

const noRedis = !process.env.TEST_REDIS_URL && 'needs TEST_REDIS_URL (the Redis adapter)';

/**
 * Two deployments (two databases) on one Redis: each has its own pub/sub channel, so user 1 of one never hears an
 * event for user 1 of the other; and a process that shuts down disconnects only its own sockets (a plain
 * `io.disconnectSockets()` goes through Redis to every process: one restart dropped every console).
 */
t.test('deployments sharing a Redis hear only their own events, and one shutting down leaves the other\'s sockets connected', { skip: noRedis }, async (t) => {
  const a = await build(t);
  const b = await build(t);
  const onA = await socketFor(t, a.app, a.token);
  const onB = await socketFor(t, b.app, b.token);
  const heardOnA: string[] = [];
  onA.onAny((event: string) => heardOnA.push(event));

  const reachedB = new Promise((resolve) => onB.on('company-1-probe', resolve));
  b.app.bus.emitToUser(1, 1, 'probe', { from: 'b' });
  await reachedB;
  // Redis hands a message to every subscriber at once: by now A would have it too.
  await new Promise((r) => setTimeout(r, 300));
  t.notOk(heardOnA.includes('company-1-probe'), 'user 1 of deployment A did not hear B\'s event for its user 1');

  await b.app.close();
  await new Promise((r) => setTimeout(r, 300));
  t.ok(onA.connected, 'A\'s socket is still connected after B shut down');
  const reachedA = new Promise((resolve) => { onA.on('company-1-after', () => resolve(true)); setTimeout(() => resolve(false), 3000); });
  a.app.bus.emitToUser(1, 1, 'after', {});
  t.ok(await reachedA, 'and still receives A\'s events');
});
