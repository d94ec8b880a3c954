import t from 'tap';
import { waitForExit } from '../hardening/server-process.js';
import { serverOnPrivateRedis } from './fault-server.js';

const skip = process.env.TEST_DB !== 'mysql' || !process.env.TEST_REDIS_URL ? 'Redis faults run on the MariaDB + Redis leg' : false;
const ADMIN = { email: 'faults-shutdown@atrium.test', password: 'Faults-pass-123' };

t.test('SIGTERM with Redis down: the server shuts down and exits 0 instead of hanging', { skip }, async (t) => {
  const { redis, child } = await serverOnPrivateRedis(t, 'faults_shutdown', ADMIN);
  await redis.kill();
  await new Promise((r) => setTimeout(r, 1000)); // the clients see it gone and start reconnecting
  child.kill('SIGTERM');
  // waitForExit gives up after 30 s, past the documented limit (SHUTDOWN_TIMEOUT_MS, 20 s; then it exits with 1).
  await waitForExit(child);
  t.equal(child.signalCode, null, 'it exited by itself, not killed');
  t.equal(child.exitCode, 0, 'it exited with 0: a clean shutdown, not the limit\'s exit 1');
});
