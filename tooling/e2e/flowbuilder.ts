/**
 * Flow builder in the browser (its runtime-loaded remote): the admin creates a flow, draws start → menu → two messages
 * by clicking (add menu, dialogs, dragging edges between handles), saves it, links it to a phrase campaign, and the
 * sandbox phone gets the menu and the chosen branch. A company whose plan lacks useFlowbuilder sees no entry and gets
 * 403. Needs host-web/dist and remotes/flowbuilder/dist. Screenshot: docs/screenshots/flowbuilder-editor.png.
 */
import * as models from '../../core/src/db/models/index.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { E2eContext } from './context.js';

const FLOW = 'Atendimento E2E';
const PHRASE = 'quero atendimento';
const CUSTOMER = { number: '5511933332222', name: 'Fábio Fluxo' };
const WAIT = 20_000;
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Drags from one handle to another, as a person connects two nodes. */
async function connect(page: Page, from: Locator, to: Locator) {
  const before = await page.locator('.react-flow__edge').count();
  // The canvas may still be moving (fit view animates): a drag from where a handle was is dragged again from where it is.
  for (let attempt = 1; ; attempt += 1) {
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
    await page.mouse.up();
    try {
      await page.waitForFunction((n) => document.querySelectorAll('.react-flow__edge').length > n, before, { timeout: 2000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/** Opens the add menu, picks a node type, fills its dialog with `fill` and saves it. */
async function addNode(page: Page, type: string, fill: () => Promise<void> = async () => {}) {
  await page.getByTestId('fb-add').click();
  await page.getByTestId(`fb-add-${type}`).click();
  await page.getByTestId(`fb-dialog-${type}`).waitFor();
  await fill();
  await page.getByTestId('fb-dialog-save').click();
  await page.getByTestId(`fb-dialog-${type}`).waitFor({ state: 'detached' });
}

/** The page's own access token: another login would end the page's session (sessions are single, core §4). */
async function apiToken(page: Page) {
  return page.evaluate(() => localStorage.getItem('token')) as Promise<string>;
}

export function registerFlowbuilderScenario(ctx: () => E2eContext) {
  test('flow builder: a flow drawn by clicking, saved, started by a phrase from the sandbox phone, answers the menu\'s chosen branch', async () => {
    const c = ctx();
    await c.app.atrium.tenancy.settings.set(1, 'campaignsEnabled', 'true');
    const { context, page } = await c.newPage();
    page.setDefaultTimeout(WAIT);
    try {
      await c.login(page, c.admin.email, c.admin.password);
      await page.getByTestId('menu-/flowbuilders').click();
      await page.getByTestId('flows-page').waitFor();
      await page.getByTestId('flows-add').click();
      await page.locator('#flow-name').fill('A');
      await page.getByTestId('flow-save').click();
      await page.getByTestId('error-name').waitFor(); // 2 to 50 characters
      await page.locator('#flow-name').fill(FLOW);
      await page.getByTestId('flow-save').click();
      await page.getByTestId('flow-open').filter({ hasText: FLOW }).click();
      await page.waitForURL(/\/flowbuilder\/\d+$/);
      const flowId = Number(page.url().split('/').pop());

      // The canvas renders styled: React Flow's stylesheet came with the remote.
      await page.getByTestId('fb-canvas').locator('.react-flow__minimap').waitFor();
      const styled = await page.evaluate(() => ({
        panel: getComputedStyle(document.querySelector('.react-flow__panel')!).position,
        dots: document.querySelectorAll('.react-flow__background pattern circle, .react-flow__background circle').length,
        controls: document.querySelectorAll('.react-flow__controls button').length,
      }));
      assert.equal(styled.panel, 'absolute', 'React Flow panels are positioned by its stylesheet');
      assert.ok(styled.dots > 0, 'dotted background');
      assert.ok(styled.controls >= 3, 'zoom controls');

      await addNode(page, 'start');
      // The interval dialog enforces the spec's limit before anything reaches the canvas.
      await page.getByTestId('fb-add').click();
      await page.getByTestId('fb-add-interval').click();
      await page.locator('#fb-sec').fill('130');
      await page.getByTestId('fb-dialog-save').click();
      await page.getByTestId('error-sec').filter({ hasText: '120' }).waitFor();
      await page.getByTestId('fb-dialog-interval').getByRole('button', { name: /cancel/i }).click();
      await addNode(page, 'menu', async () => {
        await page.locator('#fb-message').fill('Escolha uma opção:');
        await page.getByTestId('fb-option').nth(0).fill('Vendas');
        await page.getByTestId('fb-option-add').click();
        await page.getByTestId('fb-option').nth(1).fill('Suporte');
      });
      await addNode(page, 'message', () => page.locator('#fb-label').fill('Você escolheu vendas'));
      await addNode(page, 'message', () => page.locator('#fb-label').fill('Você escolheu suporte'));
      assert.equal(await page.locator('.react-flow__node').count(), 4);
      assert.equal(await page.locator('.react-flow__node').first().evaluate((el) => getComputedStyle(el).position), 'absolute');

      await page.locator('.react-flow__controls-fitview').click();
      const startNode = page.locator('.react-flow__node-start');
      const menuNode = page.locator('.react-flow__node-menu');
      const [sales, support] = [page.locator('.react-flow__node-message').nth(0), page.locator('.react-flow__node-message').nth(1)];
      await connect(page, startNode.locator('.react-flow__handle.source'), menuNode.locator('.react-flow__handle.target'));
      await connect(page, menuNode.locator('.react-flow__handle[data-handleid="a1"]'), sales.locator('.react-flow__handle.target'));
      await connect(page, menuNode.locator('.react-flow__handle[data-handleid="a2"]'), support.locator('.react-flow__handle.target'));
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__edge').length === 3);

      // A double-click opens the node's dialog with its data.
      await menuNode.dblclick();
      await page.getByTestId('fb-dialog-menu').waitFor();
      assert.equal(await page.getByTestId('fb-option').nth(1).inputValue(), 'Suporte');
      await page.getByTestId('fb-dialog-menu').getByRole('button', { name: /cancel/i }).click();
      await page.getByTestId('fb-dialog-menu').waitFor({ state: 'detached' });

      // An image node uploads its file through the plugin; a click highlights it and Delete removes it.
      await addNode(page, 'img', async () => {
        await page.getByTestId('fb-file-img').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
        await page.getByTestId('fb-dialog-img').getByText('logo.png').waitFor();
      });
      const image = page.locator('.react-flow__node-img');
      await image.getByText('logo.png').waitFor();
      await page.locator('.react-flow__controls-fitview').click();
      await image.click();
      await image.locator('.fb-node.selected').waitFor();
      await page.keyboard.press('Delete');
      await image.waitFor({ state: 'detached' });
      // Duplicate puts a selected copy on the canvas; Backspace removes it.
      await sales.getByTestId('fb-node-duplicate').click();
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__node-message').length === 3);
      await page.keyboard.press('Backspace');
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__node-message').length === 2);
      assert.equal(await page.locator('.react-flow__edge').count(), 3, 'the edges drawn are still there');

      // A condition node: its dialog wants the answer key; the node shows the test and its true/false exits.
      await page.getByTestId('fb-add').click();
      await page.getByTestId('fb-add-condition').click();
      await page.getByTestId('fb-dialog-save').click();
      await page.getByTestId('error-key').waitFor();
      await page.locator('#fb-condition-key-text').fill('{{cidade}}');
      await page.getByTestId('fb-condition-test').selectOption('equals');
      await page.locator('#fb-condition-value').fill('São Paulo');
      await page.getByTestId('fb-dialog-save').click();
      await page.getByTestId('fb-dialog-condition').waitFor({ state: 'detached' });
      const condition = page.locator('.react-flow__node-condition');
      assert.match(await condition.getByTestId('fb-condition-summary').textContent() ?? '', /^\{\{cidade\}\} .+ "São Paulo"$/);
      assert.equal(await condition.locator('.react-flow__handle.source').count(), 2, 'a true and a false exit');
      await page.locator('.react-flow__controls-fitview').click();
      await condition.getByTestId('fb-condition-summary').click();
      await page.keyboard.press('Delete');
      await condition.waitFor({ state: 'detached' });

      await page.getByTestId('fb-save').click();
      await page.getByText(/Flow saved successfully|Fluxo salvo com sucesso|Flujo guardado con éxito/).first().waitFor();
      await c.shot(page, 'flowbuilder-editor');

      const token = await apiToken(page);
      const saved = (await c.app.inject({ method: 'GET', url: `/api/flowbuilder/flow/${flowId}`, headers: { authorization: `Bearer ${token}` } })).json().flow.flow;
      const byId = Object.fromEntries(saved.nodes.map((n: { id: string; type: string; data: Record<string, unknown> }) => [n.id, n]));
      const edges = saved.connections.map((e: { source: string; sourceHandle: string | null; target: string }) => `${byId[e.source].type}:${e.sourceHandle ?? ''}->${String(byId[e.target].data.label ?? byId[e.target].type)}`);
      assert.deepEqual(edges.sort(), ['menu:a1->Você escolheu vendas', 'menu:a2->Você escolheu suporte', 'start:->menu'].sort(), 'the graph was saved as drawn');

      // Reopening shows the same drawing.
      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 4 && document.querySelectorAll('.react-flow__edge').length === 3);

      // The phrase campaign, on every connection.
      await page.goto(`${c.base}/phrase-lists`);
      await page.getByTestId('phrases-add').click();
      await page.locator('#phrase-name').fill('Atendimento');
      await page.getByTestId('phrase-flowId').selectOption({ label: FLOW });
      await page.locator('#phrase-phrase').fill(PHRASE);
      await page.getByTestId('phrase-save').click();
      await page.getByTestId('phrases-table').getByText('Atendimento', { exact: true }).waitFor();
      await page.getByTestId('phrase-status-cell').filter({ hasText: /Active|Ativo/ }).first().waitFor();

      // The customer writes the phrase from the sandbox phone, gets the menu, picks 2 and gets that branch.
      await page.goto(`${c.base}/connections`);
      await page.getByTestId('btn-sandbox').first().click();
      await page.waitForURL(/\/sandbox\/\d+$/);
      const status = page.getByTestId('sandbox-status');
      await status.waitFor();
      // The whole word: "DISCONNECTED" contains "CONNECTED".
      if (!/\bCONNECTED\b/.test(await status.textContent() ?? '')) await page.getByTestId('sandbox-start').click();
      await page.waitForFunction(() => /\bCONNECTED\b/.test(document.querySelector('[data-testid=sandbox-status]')?.textContent ?? ''), null, { timeout: WAIT });
      await page.locator('#sb-number').fill(CUSTOMER.number);
      await page.locator('#sb-name').fill(CUSTOMER.name);
      await page.getByTestId('sandbox-message').fill('Olá! Quero Atendimento, por favor');
      await page.getByTestId('sandbox-send').click();
      const menu = page.getByTestId('phone-agent').filter({ hasText: '[2] Suporte' });
      await menu.waitFor({ timeout: WAIT });
      assert.match(await menu.first().textContent() ?? '', /Escolha uma opção:[\s\S]*\[1\] Vendas[\s\S]*\[2\] Suporte/);
      await page.getByTestId('sandbox-message').fill('2');
      await page.getByTestId('sandbox-send').click();
      await page.getByTestId('phone-agent').filter({ hasText: 'Você escolheu suporte' }).waitFor({ timeout: WAIT });
      assert.equal(await page.getByTestId('phone-agent').filter({ hasText: 'Você escolheu vendas' }).count(), 0, 'only the chosen branch answers');
    } finally {
      await context.close();
    }
  });

  test('flow builder gating: a company whose plan lacks useFlowbuilder gets no menu entry and 403 from the routes', async () => {
    const c = ctx();
    const { hashPassword } = await import('../../core/src/util/password.js');
    const suffix = Date.now();
    const plan = await models.Plan.query().insertAndFetch({ name: `No flows ${suffix}`, users: 0, connections: 0, queues: 0, value: 10, useCampaigns: true, useFlowbuilder: false } as never);
    const company = await models.Company.query().insertAndFetch({ name: `No Flows ${suffix}`, planId: plan.id, status: true, dueDate: '2099-01-01', recurrence: 'MENSAL' } as never);
    const email = `admin${suffix}@noflows.e2e`;
    await models.User.scoped(company.id).insert({ name: 'No Flows Admin', email, passwordHash: await hashPassword('NoFlows-pass-123'), profile: 'admin', super: false, allTicket: 'enabled' } as never);
    await c.app.atrium.tenancy.settings.set(company.id, 'campaignsEnabled', 'true');
    const { context, page } = await c.newPage();
    try {
      await c.login(page, email, 'NoFlows-pass-123');
      await page.getByTestId('menu-/connections').waitFor();
      assert.equal(await page.getByTestId('menu-/flowbuilders').count(), 0, 'no flows entry');
      assert.equal(await page.getByTestId('menu-/phrase-lists').count(), 0, 'no phrase campaigns entry');
      const token = (await c.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'NoFlows-pass-123' } })).json().token;
      const res = await c.app.inject({ method: 'GET', url: '/api/flowbuilder', headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.statusCode, 403);
      assert.equal(res.json().error, 'ERR_PLAN_FEATURE_DISABLED');
    } finally {
      await context.close();
    }
  });
}
