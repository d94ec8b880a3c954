import t, { type Test } from 'tap';
import { edge, node } from './graphs.js';
import { runtimeSetup } from './runtime-fixtures.js';
import { stamp } from '../src/time.js';

/** The connection's greeting, from the core's menu, when no bot claims a new ticket. */
const GREETING = 'Olá! Como podemos ajudar?';

/** start → "Bem-vindo ao fluxo" → question nome → "Até logo, {{nome}}" */
const greeting = {
  nodes: [node('1', 'start'), node('hi', 'message', { label: 'Bem-vindo ao fluxo' }),
    node('q', 'question', { typebotIntegration: { message: 'Seu nome?', answerKey: 'nome' } }), node('bye', 'message', { label: 'Até logo, {{nome}}' })],
  connections: [edge('1', 'hi'), edge('hi', 'q'), edge('q', 'bye')],
};

/** A flowbuilder-type integration made through the integrations plugin's API, set on the connection. */
async function onConnection(env: Awaited<ReturnType<typeof runtimeSetup>> & { t: Test }, flowId: number) {
  const res = await env.request('POST', '/api/queueIntegration', { token: env.token, body: { type: 'flowbuilder', name: `Fluxo ${flowId}`, flowId } });
  env.t.equal(res.status, 200, 'flowbuilder integration created');
  await env.app.knex('whatsapps').where({ id: env.wa.id }).update({ integrationId: res.body.id });
  env.app.pipeline.connections.invalidate();
  return res.body.id as number;
}

t.test('a flowbuilder integration on the connection starts its flow on the contact\'s message; the flow holds the ticket, and starts once per ticket', async (t) => {
  const env = { ...(await runtimeSetup(t)), t };
  const { say, saveFlow, ticketOf } = env;
  const flowId = await saveFlow('Boas-vindas', greeting);
  await onConnection(env, flowId);

  t.same(await say('oi'), ['Bem-vindo ao fluxo', 'Seu nome?'], 'the integration hands the conversation to the flow, which starts at once');
  t.equal((await ticketOf()).botOwner, 'flowbuilder.run', 'the flow, not the integration, holds the ticket');
  t.same(await say('Ana'), ['Até logo, Ana'], 'the flow takes the answer');
  t.equal((await ticketOf()).botOwner, null, 'the flow ended and released the ticket');
  t.same(await say('oi de novo'), [], 'the same ticket does not start the flow again');
  t.equal((await env.app.knex('flowRuns').where({ companyId: 1, flowId })).length, 1, 'one run');
});

t.test('an integration pointing at an inactive flow, or at another company\'s flow, starts nothing', async (t) => {
  const env = { ...(await runtimeSetup(t)), t };
  const { say, saveFlow, request, token, app } = env;
  const flowId = await saveFlow('Inativo', greeting);
  t.equal((await request('PUT', '/api/flowbuilder', { token, body: { flowId, name: 'Inativo', active: false } })).status, 200);
  const integrationId = await onConnection(env, flowId);
  t.same(await say('oi', '5511900000001'), [GREETING], 'an inactive flow does not start: the chain goes on to the core\'s greeting');

  const now = stamp();
  const [foreign] = await app.knex('flowBuilders').insert({ companyId: 2, name: 'Alheio', active: true, flow: JSON.stringify(greeting), createdAt: now, updatedAt: now });
  await app.knex('queueIntegrations').where({ id: integrationId }).update({ flowId: Number(foreign) });
  t.same(await say('oi', '5511900000002'), [GREETING], 'another company\'s flow is never run');
  t.equal((await app.knex('flowRuns')).length, 0);
});
