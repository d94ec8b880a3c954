/**
 * Console slots in the browser: a company whose plan has kanban and the slot-probe fixture
 * (tooling/e2e/fixtures/plugins/slot-probe, whose slot components always throw). Kanban's side-menu badge and
 * ticket-header lane picker render and work; the probe's throwing contributions render nothing and break nothing,
 * and its echoing ones show the ticket and contact a list row and the contact drawer hand them.
 * The "plan without the plugin" half is in kanban.ts's gating scenario (no slot at all). The probe also has a
 * /campaigns menu entry, for the spec's `cshow` flag.
 */
import * as models from '../../core/src/db/models/index.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';

export const slotFixturePlugins = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'plugins');

interface Ctx {
  app: FastifyInstance;
  base: string;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  login(page: Page, email: string, password: string): Promise<void>;
  shot(page: Page, name: string): Promise<unknown>;
}

export function registerSlotsScenario(ctx: () => Ctx) {
  test('slots: kanban fills the menu badge and the ticket header; a throwing contribution renders nothing', async () => {
    const { app, base, newPage, login, shot } = ctx();
    const { hashPassword } = await import('../../core/src/util/password.js');
    const suffix = Date.now();
    const plan = await models.Plan.query().insertAndFetch({ name: `Slots ${suffix}`, users: 0, connections: 0, queues: 0, value: 10, useKanban: true, features: { useSlotProbe: true } } as never);
    const company = await models.Company.query().insertAndFetch({ name: `Slots Co ${suffix}`, planId: plan.id, status: true, dueDate: '2099-01-01', recurrence: 'MENSAL' } as never);
    const email = `admin${suffix}@slots.e2e`;
    await models.User.scoped(company.id).insert({ name: 'Slot Admin', email, passwordHash: await hashPassword('Slots-pass-123'), profile: 'admin', super: false, allTicket: 'enabled' } as never);
    const lane = await models.Tag.scoped(company.id).insertAndFetch({ name: 'Proposal', color: '#3F51B5', kanban: 1 } as never);
    const contact = await models.Contact.scoped(company.id).insertAndFetch({ uuid: randomUUID(), name: 'Slot Sara', number: `55118${suffix % 100000000}` } as never);
    const ticket = await models.Ticket.scoped(company.id).insertAndFetch({ uuid: randomUUID(), contactId: contact.id, status: 'open', lastMessage: 'Oi!' } as never);

    const { context, page } = await newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      await login(page, email, 'Slots-pass-123');
      // The kanban remote is downloaded right after login (it declares slots), before its page is ever opened.
      const badge = page.locator('[data-slot="sideMenu.badge"][data-plugin="kanban"] [data-testid=kanban-unsorted-badge]');
      await badge.waitFor();
      assert.equal((await badge.textContent())?.trim(), '1', 'one ticket waits in the open lane');
      assert.equal(await page.locator('[data-slot="sideMenu.badge"][data-plugin="kanban"]').count(), 1, 'the badge is only after kanban\'s own entry');

      // The probe's throwing components: their places are in the page and empty; the console goes on.
      const broken = page.locator(['sideMenu.badge', 'topBar.actions', 'ticketHeader.actions'].map((slot) => `[data-plugin="slot-probe"][data-slot="${slot}"]`).join(', '));
      await page.locator('[data-plugin="slot-probe"][data-slot="topBar.actions"]').waitFor({ state: 'attached' });
      for (const html of await broken.evaluateAll((els) => els.map((e) => e.innerHTML))) assert.equal(html, '', 'a failing contribution renders nothing');

      await page.goto(`${base}/tickets/${ticket.uuid}`);
      await page.getByTestId('chat-view').waitFor();
      const picker = page.locator('[data-slot="ticketHeader.actions"][data-plugin="kanban"] [data-testid=kanban-lane-picker]');
      await picker.waitFor();
      assert.equal(await page.locator('.chat-header [data-plugin="slot-probe"]').evaluate((e) => e.innerHTML), '');
      await shot(page, 'slots');

      // The list row and the contact drawer hand their slots the ticket and contact as the console holds them.
      const row = page.locator(`[data-testid=ticket-row][data-uuid="${ticket.uuid}"] [data-slot="ticketList.row"][data-plugin="slot-probe"]`);
      await row.waitFor();
      assert.equal(await row.textContent(), `probe-row:${ticket.uuid}:open:Slot Sara`);
      await page.getByTestId('chat-contact').click();
      const drawer = page.locator('.contact-drawer [data-slot="contactDrawer.sections"][data-plugin="slot-probe"]');
      await drawer.waitFor();
      assert.equal(await drawer.textContent(), `probe-drawer:${contact.number}:${ticket.id}`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });

      await picker.click();
      await page.locator('.p-dropdown-item', { hasText: 'Proposal' }).click();
      await page.locator('.chat-tags').getByText('Proposal').waitFor();
      await badge.waitFor({ state: 'detached' });   // the open lane is empty now: the badge goes away live
      const tags = await app.atrium.knex('ticketTags').where({ ticketId: ticket.id }).pluck('tagId');
      assert.deepEqual(tags, [lane.id], 'the picker moved the ticket to the lane');
      assert.deepEqual(pageErrors, [], 'no uncaught error reached the page');
    } finally {
      await context.close();
    }
  });
}

export function registerCshowScenario(ctx: () => Ctx) {
  test('cshow: campaign menu entries show only after a login of a company with campaignsEnabled', async () => {
    const { app, newPage, login } = ctx();
    const { hashPassword } = await import('../../core/src/util/password.js');
    const suffix = Date.now();
    const plan = await models.Plan.query().insertAndFetch({ name: `Cshow ${suffix}`, users: 0, connections: 0, queues: 0, value: 10, features: { useSlotProbe: true } } as never);
    const company = await models.Company.query().insertAndFetch({ name: `Cshow Co ${suffix}`, planId: plan.id, status: true, dueDate: '2099-01-01', recurrence: 'MENSAL' } as never);
    const email = `admin${suffix}@cshow.e2e`;
    await models.User.scoped(company.id).insert({ name: 'Cshow Admin', email, passwordHash: await hashPassword('Cshow-pass-123'), profile: 'admin', super: false, allTicket: 'enabled' } as never);
    const campaignsEntry = (page: Page) => page.getByTestId('side-menu').getByText('Probe campaigns', { exact: true });

    const { context, page } = await newPage();
    try {
      await app.atrium.tenancy.settings.set(company.id, 'campaignsEnabled', 'true');
      await login(page, email, 'Cshow-pass-123');
      await campaignsEntry(page).waitFor();
      assert.notEqual(await page.evaluate(() => localStorage.getItem('cshow')), null, 'the flag is set at login');

      await page.getByTestId('side-menu').getByText('Slot probe', { exact: true }).waitFor();
      await app.atrium.tenancy.settings.set(company.id, 'campaignsEnabled', 'false');
      await page.evaluate(() => localStorage.removeItem('token'));
      await login(page, email, 'Cshow-pass-123');
      await page.getByTestId('side-menu').getByText('Slot probe', { exact: true }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('cshow')), null, 'the flag is cleared at a login with campaigns off');
      assert.equal(await campaignsEntry(page).count(), 0, 'no campaigns entry without the flag');
    } finally {
      await context.close();
    }
  });
}
