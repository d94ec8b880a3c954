/**
 * Kanban scenario for the browser end-to-end run (tooling/e2e/run.ts registers it with one line:
 *   registerKanbanScenario(() => ({ app, base, newPage, login, email: ADMIN_EMAIL, password: ADMIN_PASSWORD }));
 * ). The admin opens Kanban from the menu, the remote's remoteEntry.js is fetched, the lanes show,
 * and dragging the card to a tag lane moves the ticket's tag, checked through the API.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';

export interface KanbanE2eContext {
  app: FastifyInstance;
  base: string;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  login(page: Page, email: string, password: string): Promise<void>;
  email: string;
  password: string;
}

export function registerKanbanScenario(ctx: () => KanbanE2eContext) {
  test('kanban: the remote loads from the menu, lanes show, and a drag moves the ticket\'s tag', async () => {
    const { app, base, newPage, login, email, password } = ctx();
    const { models } = app.atrium;
    const lane = await models.Tag.scoped(1).insertAndFetch({ name: `Lane ${Date.now()}`, color: '#E91E63', kanban: 1 } as never);
    const contact = await models.Contact.scoped(1).insertAndFetch({ uuid: randomUUID(), name: 'Kanban Kim', number: `55119${Date.now() % 100000000}` } as never);
    const ticket = await models.Ticket.scoped(1).insertAndFetch({ uuid: randomUUID(), contactId: contact.id, status: 'open', lastMessage: 'Orçamento, por favor' } as never);

    const { context, page } = await newPage();
    try {
      const remoteEntry = page.waitForRequest((r) => r.url().endsWith('/plugins/kanban/remoteEntry.js'));
      await login(page, email, password);
      await page.getByTestId('side-menu').getByText('Kanban', { exact: true }).click();
      await remoteEntry;
      await page.getByTestId('kanban-board').waitFor();
      await page.locator(`[data-lane=open] [data-ticket-id="${ticket.id}"]`).waitFor();
      await page.locator(`[data-lane="tag-${lane.id}"]`).waitFor();

      await page.dragAndDrop(`[data-ticket-id="${ticket.id}"]`, `[data-lane="tag-${lane.id}"]`);
      await page.locator(`[data-lane="tag-${lane.id}"] [data-ticket-id="${ticket.id}"]`).waitFor();

      const token = await page.evaluate(() => localStorage.getItem('token'));
      await assert.doesNotReject(async () => {
        for (let i = 0; i < 30; i++) {
          const res = await context.request.get(`${base}/api/ticket/kanban`, { headers: { authorization: `Bearer ${token}` }, params: { showAll: 'true' } });
          const { tickets } = await res.json() as { tickets: Array<{ id: number; tags: Array<{ id: number }> }> };
          const card = tickets.find((c) => c.id === ticket.id);
          if (card && card.tags.map((t) => t.id).join() === String(lane.id)) return;
          await new Promise((r) => setTimeout(r, 200));
        }
        throw new Error('the ticket did not move to the lane tag');
      });
    } finally {
      await context.close();
    }
  });
}

/**
 * The same console for a company whose plan lacks useKanban: no Kanban menu entry, the remote is never
 * requested, and the plugin's API answers 403.
 */
export function registerKanbanGatingScenario(ctx: () => KanbanE2eContext) {
  test('kanban: a company whose plan lacks it sees no menu entry, never downloads the remote, and gets 403', async () => {
    const { app, base, newPage, login } = ctx();
    const { models } = app.atrium;
    const { hashPassword } = await import('../../core/src/util/password.js');
    const suffix = Date.now();
    const plan = await models.Plan.query().insertAndFetch({ name: `No Kanban ${suffix}`, users: 0, connections: 0, queues: 0, value: 10, useKanban: false, features: {} } as never);
    const company = await models.Company.query().insertAndFetch({ name: `Plain Co ${suffix}`, planId: plan.id, status: true, dueDate: '2099-01-01', recurrence: 'MENSAL' } as never);
    const email = `admin${suffix}@plain.e2e`;
    await models.User.scoped(company.id).insert({ name: 'Plain Admin', email, passwordHash: await hashPassword('Plain-pass-123'), profile: 'admin', super: false, allTicket: 'enabled' } as never);

    const { context, page } = await newPage();
    const remoteRequests: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/plugins/kanban/')) remoteRequests.push(r.url()); });
    try {
      await login(page, email, 'Plain-pass-123');
      await page.getByTestId('side-menu').waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByTestId('side-menu').getByText('Kanban', { exact: true }).count(), 0, 'no Kanban menu entry');
      await page.goto(`${base}/kanban`);
      await page.waitForLoadState('networkidle');
      assert.deepEqual(remoteRequests, [], 'the kanban remote was never requested');
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const res = await context.request.get(`${base}/api/ticket/kanban`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.status(), 403);
      assert.equal((await res.json() as { error: string }).error, 'ERR_PLAN_FEATURE_DISABLED');
    } finally {
      await context.close();
    }
  });
}
