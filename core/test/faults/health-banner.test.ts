import t from 'tap';
import { build } from '../helper.js';
import { degradedOf, readHealth } from '../../../host-web/src/layout/health.js';

const MB = 1024 * 1024;

t.test('the console\'s health banner reads the degraded dependencies from /api/health, and none once it recovers', async (t) => {
  let free = 10_000 * MB;
  const { app } = await build(t, { readDiskFree: async () => free, config: { diskMinFreeBytes: 200 * MB } });
  // The banner's own reader, with the server's answer (200 or 503, same body) as its fetch.
  const fetcher = (async (input: string) => {
    const res = await app.inject({ method: 'GET', url: input });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  t.same(await readHealth(fetcher), [], 'all well: no banner');
  free = 50 * MB;
  t.same(await readHealth(fetcher), ['disk'], 'the disk below its threshold (health answers 503): the banner names it');
  free = 10_000 * MB;
  t.same(await readHealth(fetcher), [], 'space freed: the banner goes');
});

t.test('what the banner makes of other answers', async (t) => {
  t.same(degradedOf({ ok: false, database: 'degraded', jobs: 'ok', disk: 'ok' }), ['database']);
  t.same(degradedOf({ ok: true, database: 'ok', redis: 'degraded', jobs: 'degraded', disk: 'ok' }), ['redis', 'jobs'], 'Redis away alone: still named');
  t.equal(degradedOf('<html>Bad gateway</html>'), null, 'not a health report (a proxy\'s page): keep what is shown');
  t.equal(await readHealth((async () => { throw new TypeError('fetch failed'); }) as unknown as typeof fetch), null, 'unreachable: keep what is shown');
});
