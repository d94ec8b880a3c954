import type { Test } from 'tap';
import { build } from '../../../core/test/helper.js';
import { Ticket } from '../../../core/src/db/models/index.js';
import { defaultConnection, inbound, useFakeProvider } from '../../../core/test/pipeline/fixtures.js';
import { startFakeServer, type Handler } from './fake-server.js';

export const SECRET = 'whsec-0123456789abcdef';

/**
 * Company 1 with an integration on its connection (so it answers from the first message), a fake endpoint,
 * and the fake phone. Time is scaled: one spec minute lasts 100 ms.
 */
export async function setup(t: Test, handler: Handler, integration: (url: string) => Record<string, unknown>) {
  const fake = await startFakeServer(t, handler);
  const built = await build(t, { config: { allowPrivateUrls: true, timeScale: 100 / 60_000 } });
  const { app, request, token } = built;
  const provider = useFakeProvider(app);
  const created = await request('POST', '/api/queueIntegration', { token, body: integration(fake.url) });
  t.equal(created.status, 200, 'integration created');
  const wa = await defaultConnection();
  await app.knex('whatsapps').where({ id: wa.id }).update({ integrationId: created.body.id });
  app.pipeline.connections.invalidate();
  const say = async (body: string) => {
    const before = provider.sent.length;
    await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound('5511933332222', body));
    await app.jobs.idle();
    return provider.sent.slice(before).map((m) => m.body);
  };
  const ticket = async () => (await Ticket.scoped(1).orderBy('id', 'desc').first())!;
  return { ...built, fake, provider, wa, say, ticket, integrationId: created.body.id as number };
}

export const n8n = (url: string) => ({ type: 'n8n', name: 'Fluxo n8n', urlN8N: `${url}/webhook/atendimento`, webhookSecret: SECRET });
