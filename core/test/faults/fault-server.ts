import type { Test } from 'tap';
import type { Knex } from 'knex';
import { api, connectedSandbox, processData, startServer } from '../hardening/server-process.js';
import { privateRedis } from './private-redis.js';

/**
 * A server process on the leg's database and a private Redis of its own (the fault tests kill, pause and restart it),
 * signed in as `admin`, with its sandbox connection up; everything is removed at the test's end.
 */
export async function serverOnPrivateRedis(t: Test, name: string, admin: { email: string; password: string }, extra: NodeJS.ProcessEnv = {}) {
  const redis = await privateRedis();
  t.teardown(redis.kill);
  const data = processData(name, admin, { REDIS_URL: redis.url, ...extra });
  t.teardown(data.remove);
  const { child, url } = await startServer(data.env, 180_000);
  t.teardown(() => { child.kill('SIGKILL'); });
  const token = (await api(url, undefined, 'POST', '/api/auth/login', admin)).body.token as string;
  const connectionId = await connectedSandbox(url, token);
  return { redis, child, url, token, connectionId, db: data.db() };
}

/** The provider ids answered 200 that are not stored exactly once (an empty list is the goal). */
export async function acceptedNotStoredOnce(db: Knex, answers: Map<string, unknown>): Promise<string[]> {
  const accepted = [...answers].filter(([, status]) => status === 200).map(([id]) => id);
  const stored = await db('messages').whereIn('providerId', [...answers.keys()]).select('providerId');
  const counts = new Map<string, number>();
  for (const { providerId } of stored as Array<{ providerId: string }>) counts.set(providerId, (counts.get(providerId) ?? 0) + 1);
  return accepted.filter((id) => counts.get(id) !== 1);
}

/**
 * Inbound traffic on the sandbox from 20 contacts, each message with its own provider id; `answers` keeps each one's
 * answer. `post` makes the call (the plain `api`, or one that reports a hang).
 */
export function inboundTraffic<S>(connectionId: number, prefix: string, post: (route: string, body: unknown) => Promise<{ status: S }>) {
  const answers = new Map<string, S>();
  let sent = 0;
  const deliver = async (): Promise<S> => {
    sent += 1;
    const providerId = `${prefix}-${sent}`;
    const res = await post(`/api/sandbox/${connectionId}/inbound`, { number: `5511900000${String(sent % 20).padStart(3, '0')}`, name: 'Cliente', body: `mensagem ${sent}`, providerId });
    answers.set(providerId, res.status);
    return res.status;
  };
  return { answers, deliver };
}
