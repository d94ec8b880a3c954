import type { Test } from 'tap';
import { build } from '../../../core/test/helper.js';
import { Ticket } from '../../../core/src/db/models/index.js';
import { defaultConnection, inbound, useFakeProvider } from '../../../core/test/pipeline/fixtures.js';

/** Company 1 (its plan has useFlowbuilder) on a fake phone: save flows, start phrase campaigns, talk as contacts. */
export async function runtimeSetup(t: Test, options: Parameters<typeof build>[1] = {}) {
  const built = await build(t, options);
  const { app, request, token } = built;
  const provider = useFakeProvider(app);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  const sentAt: number[] = [];
  const send = provider.send.bind(provider);
  provider.send = async (message) => { sentAt.push(Date.now()); return send(message); };

  /** A flow saved through the API; returns its id. */
  const saveFlow = async (name: string, graph: { nodes: unknown[]; connections: unknown[] }) => {
    const { body: flow } = await request('POST', '/api/flowbuilder', { token, body: { name } });
    const saved = await request('POST', '/api/flowbuilder/flow', { token, body: { idFlow: flow.id, ...graph } });
    t.equal(saved.status, 200, `flow ${name} saved`);
    return flow.id as number;
  };
  const campaign = async (body: Record<string, unknown>) => {
    const res = await request('POST', '/api/flowcampaign', { token, body });
    t.equal(res.status, 200, 'phrase campaign created');
    return res.body;
  };
  /** A contact message; then what the bots answered (`waitMs`: also what they sent that long after). */
  const say = async (body: string, number = '5511955554444', waitMs = 0) => {
    const before = provider.sent.length;
    await app.pipeline.inbound.onMessage(conn, inbound(number, body));
    await app.jobs.idle(waitMs);
    return provider.sent.slice(before).map((m) => m.body);
  };
  const ticketOf = async (number = '5511955554444') => {
    const contact = await app.knex('contacts').where({ companyId: 1, number }).first('id');
    return (await Ticket.scoped(1).where({ contactId: contact.id }).orderBy('id', 'desc').first())!;
  };
  return { ...built, provider, wa, sentAt, saveFlow, campaign, say, ticketOf };
}
