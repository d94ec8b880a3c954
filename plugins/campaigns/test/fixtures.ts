import type { Test } from 'tap';
import { build } from '../../../core/test/helper.js';
import type { Config } from '../../../core/src/config/index.js';
import { connectedSandbox, waitFor } from '../../../core/test/pipeline/http.js';

export { waitFor };

/** The app with a connected sandbox on company 1, time scaled down 100× (20 s of pacing → 200 ms). */
export async function campaignsApp(t: Test, timeScale = 0.01, config: Partial<Config> = {}) {
  const env = await build(t, { config: { timeScale, ...config } });
  // Let the last sends and announcements finish before the app (and its Redis clients) closes.
  // (bounded: a cancelled campaign's next send may still be scheduled seconds ahead; it then finds nothing to do)
  // Then the sandbox's delivery receipts of the last sends (three steps of 30 ms), which emit on the bus.
  t.teardown(async () => {
    await Promise.race([env.app.jobs.idle(500), new Promise((r) => setTimeout(r, 3000))]);
    await new Promise((r) => setTimeout(r, 300));
  });
  const wa = await connectedSandbox(env.app);
  const { request, token } = env;
  const outbox = async () => {
    const all: { to: string; body: string | null; mediaUrl: string | null; createdAt: string }[] = [];
    for (let page = 1; ; page++) {
      const res = await request('GET', `/api/sandbox/${wa.id}/outbox`, { token, query: { pageNumber: page } });
      all.push(...res.body.records);
      if (!res.body.hasMore) return all.reverse(); // oldest first
    }
  };
  const list = async (name: string, numbers: string[]) => {
    const created = await request('POST', '/api/contact-lists', { token, body: { name } });
    for (const [i, number] of numbers.entries()) {
      const item = await request('POST', '/api/contact-list-items', { token, body: { name: `Person ${i}`, number, email: `p${i}@x.co`, contactListId: created.body.id } });
      if (item.status !== 200) throw new Error(JSON.stringify(item.body));
    }
    return created.body as { id: number };
  };
  const campaign = async (body: Record<string, unknown>) => {
    const res = await request('POST', '/api/campaigns', { token, body: { name: 'Promo', whatsappId: wa.id, ...body } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body as { id: number; status: string };
  };
  const settings = async (s: Record<string, unknown>) => {
    const res = await request('POST', '/api/campaign-settings', { token, body: { settings: s } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  };
  const status = async (id: number) => (await request('GET', `/api/campaigns/${id}`, { token })).body;
  return { ...env, wa, outbox, list, campaign, settings, status };
}

export const numbers = (n: number, base = 5511900000000) => Array.from({ length: n }, (_, i) => String(base + i));
