/**
 * Kanban scenario for the browser end-to-end run (tooling/e2e/run.ts registers it with one line:
 *   registerKanbanScenario(() => ({ app, base, newPage, login, email: ADMIN_EMAIL, password: ADMIN_PASSWORD }));
 * ). The admin opens Kanban from the menu, the remote's remoteEntry.js is fetched, the lanes show,
 * and dragging the card to a tag lane moves the ticket's tag, checked through the API.
 */
import * as models from '../../core/src/db/models/index.js';
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
  test('kanban: the remote loads from the menu, lanes show, a drag moves the ticket\'s tag, the search narrows the cards and an admin adds a lane', async () => {
    const { base, newPage, login, email, password } = ctx();
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

      // The board's search narrows the cards (sdk.ui.useSearch).
      await page.getByTestId('kanban-search').fill('no such contact');
      await page.locator(`[data-ticket-id="${ticket.id}"]`).waitFor({ state: 'detached' });
      await page.getByTestId('kanban-search').fill('Kanban Kim');
      await page.locator(`[data-ticket-id="${ticket.id}"]`).waitFor();

      // An admin adds a lane through the host's form dialog (sdk.ui.FormDialog): validation, then the new lane.
      const laneName = `Won ${Date.now() % 100000}`;
      await page.getByTestId('kanban-add-lane').click();
      const form = page.getByTestId('kanban-lane-form');
      await form.locator('#kanban-lane-name').fill('ab');
      await form.locator('button[type=submit]').click();
      await form.getByTestId('error-name').waitFor();
      await form.locator('#kanban-lane-name').fill(laneName);
      await form.locator('button[type=submit]').click();
      await form.waitFor({ state: 'detached' });
      await page.locator('[data-lane] header', { hasText: laneName }).waitFor();
      const saved = await models.Tag.scoped(1).where({ name: laneName }).first();
      assert.equal(Number(saved?.kanban), 1, 'the new tag is a kanban lane');
    } finally {
      await context.close();
    }
  });
}

/**
 * A kanban move is a ticket change like any other: the tickets list, open in another tab, gets the core's
 * ticket view (with the lane's tag) and keeps the row's queue, connection and user chips.
 */
export function registerKanbanKeepsTicketRowScenario(ctx: () => KanbanE2eContext) {
  test('kanban: after a card moves on the board, the tickets list still shows its queue, connection and user', async () => {
    const { base, newPage, login, email, password } = ctx();
    const suffix = Date.now() % 100000;
    const me = await models.User.scoped(1).where({ email }).first();
    assert.ok(me, 'the admin exists');
    const lane = await models.Tag.scoped(1).insertAndFetch({ name: `Moved ${suffix}`, color: '#3F51B5', kanban: 1 } as never);
    const queue = await models.Queue.scoped(1).insertAndFetch({ name: `Fila ${suffix}`, color: '#4CAF50' } as never);
    const connection = await models.Whatsapp.scoped(1).insertAndFetch({ name: `Linha ${suffix}`, provider: 'sandbox', status: 'DISCONNECTED' } as never);
    const contact = await models.Contact.scoped(1).insertAndFetch({ uuid: randomUUID(), name: 'Row Rita', number: `55118${Date.now() % 100000000}` } as never);
    const ticket = await models.Ticket.scoped(1).insertAndFetch({
      uuid: randomUUID(), contactId: contact.id, status: 'open', lastMessage: 'Quero mudar de plano',
      queueId: queue.id, whatsappId: connection.id, userId: me!.id,
    } as never);

    const { context, page: list } = await newPage();
    try {
      await login(list, email, password);
      const row = list.locator(`[data-testid=tickets-list-open] [data-testid=ticket-row][data-uuid="${ticket.uuid}"]`);
      const chips = async (what: string) => {
        for (const chip of [queue.name, connection.name, me!.name.split(' ')[0]]) {
          await row.locator('.ticket-tags').getByText(chip, { exact: false }).first().waitFor({ timeout: 5000 })
            .catch(() => { throw new Error(`${what}: the row lost its "${chip}" chip`); });
        }
      };
      await row.waitFor();
      await chips('before the move');

      // The board in a second tab of the same session moves the card to the lane.
      const board = await context.newPage();
      await board.goto(`${base}/kanban`);
      await board.locator(`[data-lane=open] [data-ticket-id="${ticket.id}"]`).waitFor();
      await board.dragAndDrop(`[data-ticket-id="${ticket.id}"]`, `[data-lane="tag-${lane.id}"]`);
      await board.locator(`[data-lane="tag-${lane.id}"] [data-ticket-id="${ticket.id}"]`).waitFor();

      // The list's row got the move's event (the lane's tag shows) and kept every chip, without a reload.
      await row.locator('.ticket-tags').getByText(lane.name).waitFor();
      await chips('after the move');
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
    const { base, newPage, login } = ctx();
    const { hashPassword } = await import('../../core/src/util/password.js');
    const suffix = Date.now();
    const plan = await models.Plan.query().insertAndFetch({ name: `No Kanban ${suffix}`, users: 0, connections: 0, queues: 0, value: 10, useKanban: false, features: {} } as never);
    const company = await models.Company.query().insertAndFetch({ name: `Plain Co ${suffix}`, planId: plan.id, status: true, dueDate: '2099-01-01', recurrence: 'MENSAL' } as never);
    const email = `admin${suffix}@plain.e2e`;
    await models.User.scoped(company.id).insert({ name: 'Plain Admin', email, passwordHash: await hashPassword('Plain-pass-123'), profile: 'admin', super: false, allTicket: 'enabled' } as never);
    const contact = await models.Contact.scoped(company.id).insertAndFetch({ uuid: randomUUID(), name: 'Plain Paula', number: `55117${suffix % 100000000}` } as never);
    const ticket = await models.Ticket.scoped(company.id).insertAndFetch({ uuid: randomUUID(), contactId: contact.id, status: 'open', lastMessage: 'Olá' } as never);

    const { context, page } = await newPage();
    const remoteRequests: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/plugins/kanban/')) remoteRequests.push(r.url()); });
    try {
      await login(page, email, 'Plain-pass-123');
      await page.getByTestId('side-menu').waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByTestId('side-menu').getByText('Kanban', { exact: true }).count(), 0, 'no Kanban menu entry');
      // Other plugins of this plan (internal chat, prompts…) may fill slots once their remotes load: only kanban's must be absent.
      assert.equal(await page.locator('[data-slot][data-plugin=kanban]').count(), 0, 'kanban fills no console slot');
      await page.goto(`${base}/tickets/${ticket.uuid}`);
      await page.getByTestId('chat-view').waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.locator('.chat-header [data-slot][data-plugin=kanban]').count(), 0, 'nothing in the ticket header from kanban');
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
