import type { Test } from 'tap';
import { build } from '../../../core/test/helper.js';
import { makeTicket } from '../../../core/test/contacts/fixtures.js';
import { Message } from '../../../core/src/db/models/index.js';
import { startFakeModel } from './fake-model.js';

export const KEY = 'sk-copilot-secret-0000-1111';

/** Two companies with useCopilot (A set up against the fake model, B not), and a ticket of A's with a conversation. */
export async function setup(t: Test, settings: Record<string, unknown> = {}) {
  const fake = await startFakeModel(t);
  const built = await build(t, { config: { allowPrivateUrls: true } });
  const { request, createTenant } = built;
  const a = await createTenant('Loja A', { useCopilot: true });
  const b = await createTenant('Loja B', { useCopilot: true });
  const put = await request('PUT', '/api/copilot/settings', {
    token: a.admin.token,
    body: {
      baseUrl: fake.url, model: 'local-model', apiKey: KEY, monthlyTokenBudget: 0, perAgentPerMinute: 50, pricePerMillionTokens: 2,
      windowMessages: 20, timeoutMs: 5000, summaryOnTransfer: false, includeNotes: false, maskNumbers: true, ...settings,
    },
  });
  t.equal(put.status, 200, 'settings saved');
  const ticket = await makeTicket(a.companyId, { status: 'open', userId: a.admin.id } as never);
  let seq = 0;
  const say = async (body: string, fromMe = false) => {
    seq += 1;
    const row = await Message.scoped(a.companyId).insertAndFetch({ ticketId: ticket.id, body, fromMe, ack: 0, read: true, status: fromMe ? 'sent' : 'received', providerId: `m-${seq}` } as Partial<Message>);
    return Number(row.id);
  };
  const article = async (token: string, body: Record<string, unknown>) => {
    const res = await request('POST', '/api/copilot/articles', { token, body: { status: 'published', ...body } });
    t.equal(res.status, 200, `article ${String(body.title)}`);
    return res.body as { id: number; title: string };
  };
  return { ...built, fake, a, b, ticket, say, article };
}
