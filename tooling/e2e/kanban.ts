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
