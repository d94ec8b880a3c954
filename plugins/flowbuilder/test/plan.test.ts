import t from 'tap';
import { build } from '../../../core/test/helper.js';

t.test('a company whose plan lacks useFlowbuilder gets 403 ERR_PLAN_FEATURE_DISABLED on every flow builder route', async (t) => {
  const { request, createTenant } = await build(t);
  const tenant = await createTenant('No Flows Co', { useFlowbuilder: false });
  const token = tenant.admin.token;
  for (const [method, url, body] of [
    ['GET', '/api/flowbuilder', undefined],
    ['POST', '/api/flowbuilder', { name: 'Fluxo' }],
    ['PUT', '/api/flowbuilder', { flowId: 1, name: 'Fluxo' }],
    ['DELETE', '/api/flowbuilder/1', undefined],
    ['POST', '/api/flowbuilder/duplicate', { flowId: 1 }],
    ['GET', '/api/flowbuilder/flow/1', undefined],
    ['POST', '/api/flowbuilder/flow', { idFlow: 1, nodes: [], connections: [] }],
    ['GET', '/api/flowcampaign', undefined],
    ['GET', '/api/flowcampaign/1', undefined],
    ['POST', '/api/flowcampaign', { name: 'P', flowId: 1, phrase: 'oi' }],
    ['PUT', '/api/flowcampaign', { id: 1, name: 'P', flowId: 1, phrase: 'oi', status: true }],
    ['DELETE', '/api/flowcampaign/1', undefined],
    ['POST', '/api/flowbuilder/img', undefined],
    ['POST', '/api/flowbuilder/content', undefined],
  ] as const) {
    const res = await request(method, url, { token, body });
    t.equal(res.status, 403, `${method} ${url}`);
    t.equal(res.body.error, 'ERR_PLAN_FEATURE_DISABLED');
  }
});

t.test('flow builder routes need a session', async (t) => {
  const { request } = await build(t);
  t.equal((await request('GET', '/api/flowbuilder')).status, 401);
  t.equal((await request('GET', '/api/flowcampaign')).status, 401);
  t.equal((await request('POST', '/api/flowbuilder/img')).status, 401);
});
