/**
 * What a new user met in the console (issue 32), in the browser (registered in tooling/e2e/run.ts with one line):
 * the first click on the login page's links navigates (pt and en); a fresh dialog shows no error before any input;
 * a Waiting ticket's row opens the conversation read-only with Accept in its header; an admin in no queue sees
 * new tickets with "All" on; saving a new queue closes its dialog.
 * And the polish list: the pt Tickets tabs fit, a long contact name beside the kanban picker stays on one line at
 * 1366 px, a sent file's name shows once, campaign settings use the SDK's select, the renewal page's invoice table
 * fits its card, /favicon.ico is served.
 * Screenshots: login.png, ticket-waiting.png, tickets-queueless.png, dashboard-presence.png, queue-options.png, ticket-header.png,
 * campaign-settings.png, renew.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import * as models from '../../core/src/db/models/index.js';
import { hashPassword } from '../../core/src/util/password.js';
import { generateInvoices } from '../../core/src/domains/billing/generation.js';
import type { E2eContext } from './context.js';

const LINKS = {
  pt: { signup: 'Não tem uma conta? Cadastre-se', forgot: 'Esqueceu a senha?' },
  en: { signup: "Don't have an account? Sign up", forgot: 'Forgot your password?' },
};

/** The login page in a language, as a first-time visitor opens it (the e-mail field focused on load). */
async function openLogin(page: Page, base: string, lng: 'pt' | 'en') {
  await page.addInitScript((l) => localStorage.setItem('i18nextLng', l), lng);
  await page.goto(`${base}/login`);
  await page.getByTestId('login-form').waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'email');
}

export function registerNewUserScenario(ctx: () => E2eContext) {
  registerLoginLinksScenario(ctx);
  registerWaitingTicketScenario(ctx);
  registerQueuelessTicketScenario(ctx);
  registerDashboardPresenceScenario(ctx);
  registerQueueDialogScenario(ctx);
  registerPolishScenario(ctx);
}

function registerLoginLinksScenario(ctx: () => E2eContext) {
  for (const lng of ['pt', 'en'] as const) {
    test(`new user (${lng}): the first click on "Sign up" and on "Forgot your password?" navigates`, async () => {
      const { base, newPage, shot } = ctx();
      const { context, page } = await newPage();
      try {
        await openLogin(page, base, lng);
        if (lng === 'pt') await shot(page, 'login');
        // One click each, no retry: a lost click leaves the URL on /login and waitForURL times out.
        await page.getByRole('link', { name: LINKS[lng].signup }).click();
        await page.waitForURL(/\/signup$/, { timeout: 3000 });
        await openLogin(page, base, lng);
        await page.getByRole('link', { name: LINKS[lng].forgot }).click();
        await page.waitForURL(/\/forgetpsw$/, { timeout: 3000 });
        // Submitting the empty login form still says what is missing.
        await openLogin(page, base, lng);
        await page.getByTestId('login-submit').click();
        await page.getByTestId('error-email').waitFor();
        await page.getByTestId('error-password').waitFor();
      } finally { await context.close(); }
    });
  }
}

/**
 * A company of its own (every plan flag on) whose admin belongs to no queue, a queue, and a Waiting ticket in it
 * (or, with `inQueue: false`, a Waiting ticket without a queue beside that queue).
 */
async function companyWithWaitingTicket({ inQueue = true } = {}) {
  const suffix = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
  const plan = await models.Plan.query().insertAndFetch({ name: `Starter ${suffix}`, users: 0, connections: 0, queues: 0, value: 10 } as never);
  const company = await models.Company.query().insertAndFetch({ name: `Nova ${suffix}`, planId: plan.id, status: true, dueDate: '2099-01-01', recurrence: 'MENSAL' } as never);
  const email = `admin${suffix}@nova.e2e`;
  const password = 'Nova-pass-123';
  await models.User.scoped(company.id).insert({ name: 'Nina Admin', email, passwordHash: await hashPassword(password), profile: 'admin', super: false, allTicket: 'enabled' } as never);
  const queue = await models.Queue.scoped(company.id).insertAndFetch({ name: `Vendas ${suffix}`, color: '#4CAF50' } as never);
  const connection = await models.Whatsapp.scoped(company.id).insertAndFetch({ name: `Linha ${suffix}`, provider: 'sandbox', status: 'DISCONNECTED' } as never);
  const contact = await models.Contact.scoped(company.id).insertAndFetch({ uuid: randomUUID(), name: 'Wanda Waiting', number: `55119${suffix.slice(0, 8).padStart(8, '0')}` } as never);
  const text = 'Oi, quero saber do meu pedido';
  const ticket = await models.Ticket.scoped(company.id).insertAndFetch({
    uuid: randomUUID(), contactId: contact.id, status: 'pending', lastMessage: text, queueId: inQueue ? queue.id : null, whatsappId: connection.id, unreadMessages: 1,
  } as never);
  await models.Message.scoped(company.id).insert({ ticketId: ticket.id, contactId: contact.id, whatsappId: connection.id, body: text, fromMe: false, ack: 1, providerId: `nova-${suffix}` } as never);
  return { email, password, ticket, text };
}

/** Signs in and opens the Waiting tab: the ticket's row there. */
async function waitingRow(page: Page, login: E2eContext['login'], email: string, password: string, uuid: string) {
  await login(page, email, password);
  await page.getByTestId('subtab-pending').click();
  const row = page.getByTestId('tickets-list-pending').locator(`[data-testid=ticket-row][data-uuid="${uuid}"]`);
  await row.waitFor();
  return row;
}

function registerWaitingTicketScenario(ctx: () => E2eContext) {
  test('new user: an admin in no queue sees the Waiting ticket ("All" on), a click on its row opens it read-only with Accept in the header', async () => {
    const { newPage, login, shot } = ctx();
    const { email, password, ticket, text } = await companyWithWaitingTicket();
    const { context, page } = await newPage();
    try {
      const row = await waitingRow(page, login, email, password, ticket.uuid);
      assert.equal(await page.getByTestId('show-all').locator('input').isChecked(), true, '"All" is on for an admin in no queue');

      // With "All" off the list is empty and says where the ticket went.
      await page.getByTestId('show-all').click();
      await row.waitFor({ state: 'detached' });
      await page.getByTestId('tickets-list-pending').getByTestId('tickets-empty').getByText('“All” on').waitFor();
      await page.getByTestId('show-all').click();

      // A click on the row itself (not on Accept) opens the conversation, read-only, with Accept in the header.
      await row.locator('.ticket-name').click();
      await page.waitForURL(new RegExp(`/tickets/${ticket.uuid}$`));
      await page.getByTestId('chat-view').getByTestId('message').filter({ hasText: text }).waitFor();
      await page.getByTestId('chat-accept').waitFor();
      assert.equal(await page.getByTestId('composer-input').isDisabled(), true, 'a Waiting ticket cannot be answered before it is accepted');
      await shot(page, 'ticket-waiting');

      await page.getByTestId('chat-accept').click();
      await page.getByTestId('chat-accept').waitFor({ state: 'detached' });
      await page.waitForFunction(() => !(document.querySelector('[data-testid=composer-input]') as HTMLTextAreaElement | null)?.disabled);
    } finally { await context.close(); }
  });
}

function registerQueuelessTicketScenario(ctx: () => E2eContext) {
  test('new user: a Waiting ticket without a queue stays listed once the company has a queue, "All" on and off', async () => {
    const { newPage, login, shot } = ctx();
    const { email, password, ticket } = await companyWithWaitingTicket({ inQueue: false });
    const { context, page } = await newPage();
    try {
      // The console asks for every queue (the filter's "all queues"): the ticket without one is among them.
      const row = await waitingRow(page, login, email, password, ticket.uuid);
      assert.equal(await page.getByTestId('count-pending').textContent(), '1', 'and counted');
      await shot(page, 'tickets-queueless');
      await page.getByTestId('show-all').click();
      await page.getByTestId('tickets-list-pending').locator('[data-testid=ticket-row]').first().waitFor();
      assert.equal(await row.count(), 1, 'an admin sees it with "All" off too (core §6)');
    } finally { await context.close(); }
  });
}

function registerDashboardPresenceScenario(ctx: () => E2eContext) {
  test('new user: after a reload the dashboard lists the signed-in admin as Online', async () => {
    const { base, newPage, login, shot } = ctx();
    const { email, password } = await companyWithWaitingTicket();
    const me = await models.User.unscoped('the e2e admin just created, found by e-mail').findOne({ email }) as unknown as { id: number };
    const { context, page } = await newPage();
    try {
      await login(page, email, password);
      await page.goto(`${base}/`);
      const mine = page.getByTestId(`presence-${me.id}`);
      await mine.waitFor();
      for (let i = 0; i < 3; i++) {
        await page.reload();
        await mine.waitFor();
        // Live: whatever the page read first, the server's presence event settles it on Online.
        await page.waitForFunction((id) => document.querySelector(`[data-testid=presence-${id}]`)?.classList.contains('p-tag-success'), me.id, { timeout: 5000 });
      }
      await shot(page, 'dashboard-presence');
    } finally { await context.close(); }
  });
}

function registerQueueDialogScenario(ctx: () => E2eContext) {
  test('new user: a fresh dialog shows no "Required" before any input; saving a new queue closes its dialog; "Save and build the menu" opens its options', async () => {
    const { base, admin, newPage, login, shot } = ctx();
    const { context, page } = await newPage();
    const suffix = Date.now() % 1_000_000;
    // Queue colours are unique per company: two of this run's own.
    const colour = (n: number) => `#${((suffix * 97 + n) % 0xffffff).toString(16).padStart(6, '0')}`;
    try {
      await login(page, admin.email, admin.password);
      // Tags (FormDialog + TextField): leaving the first field untouched shows nothing; submitting empty says what is missing.
      await page.goto(`${base}/tags`);
      await page.getByTestId('tags-add').click();
      await page.locator('#t-name').focus();
      await page.locator('#t-color').click();
      assert.equal(await page.getByTestId('error-name').count(), 0, 'no "Required" under the tag dialog\'s untouched first field');
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('error-name').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByTestId('tag-form').waitFor({ state: 'detached' });

      await page.goto(`${base}/queues`);
      await page.getByTestId('queues-add').click();
      await page.locator('#q-name').click();
      await page.locator('#q-color').click();
      assert.equal(await page.getByTestId('error-name').count(), 0, 'no "Required" under a field left untouched');
      await page.locator('#q-name').fill(`Suporte ${suffix}`);
      await page.locator('#q-color').fill(colour(1));
      await page.getByTestId('queue-save').click();
      await page.getByTestId('queue-form').waitFor({ state: 'detached' });
      await page.getByTestId('queues-table').getByText(`Suporte ${suffix}`).waitFor();

      // A new queue saved from its options tab comes back in edit mode on that tab.
      await page.getByTestId('queues-add').click();
      await page.locator('#q-name').fill(`Vendas ${suffix}`);
      await page.locator('#q-color').fill(colour(2));
      await page.getByRole('tab', { name: 'Chatbot options' }).click();
      await page.getByTestId('queue-save-menu').click();
      await page.getByTestId('queue-options').waitFor();
      await page.getByRole('dialog').getByText('Edit queue').waitFor();
      await shot(page, 'queue-options');
    } finally { await context.close(); }
  });
}

/** Whether an element's content is wider than its box (clipped or scrolled). */
const overflows = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => el.scrollWidth > el.clientWidth + 1);

function registerPolishScenario(ctx: () => E2eContext) {
  test('new user: the pt Tickets tabs fit, a long contact name stays on one line beside the kanban picker, a sent file is named once, the renewal table fits, /favicon.ico is served', async () => {
    const { app, base, admin, newPage, login, shot } = ctx();
    const suffix = Date.now() % 1_000_000;
    const { context, page } = await newPage();
    let restoreLanguage = async () => undefined;
    try {
      const favicon = await context.request.get(`${base}/favicon.ico`);
      assert.equal(favicon.status(), 200, '/favicon.ico is served');

      // A ticket of the admin's, with a long name, in a company with a kanban lane (the header's lane picker shows).
      const me = await models.User.scoped(1).where({ email: admin.email }).first();
      await models.Tag.scoped(1).insert({ name: `Proposta ${suffix}`, color: '#3F51B5', kanban: 1 } as never);
      const connection = await models.Whatsapp.scoped(1).insertAndFetch({ name: `Linha ${suffix}`, provider: 'sandbox', status: 'DISCONNECTED' } as never);
      const contact = await models.Contact.scoped(1).insertAndFetch({ uuid: randomUUID(), name: 'Maria Aparecida dos Santos Oliveira Albuquerque', number: `55117${String(suffix).padStart(8, '0')}` } as never);
      const ticket = await models.Ticket.scoped(1).insertAndFetch({ uuid: randomUUID(), contactId: contact.id, status: 'open', lastMessage: 'Olá', whatsappId: connection.id, userId: me!.id } as never);

      await app.tenancy.settings.set(1, 'campaignsEnabled', 'true');
      // The sign-in applies the user's own language (issue 43), which an earlier story may have switched: pt for this
      // one, and back afterwards.
      await models.User.scoped(1).findById(me!.id).patch({ language: 'pt' } as never);
      restoreLanguage = () => models.User.scoped(1).findById(me!.id).patch({ language: me!.language ?? null } as never).then(() => undefined);
      await page.addInitScript(() => localStorage.setItem('i18nextLng', 'pt'));
      await login(page, admin.email, admin.password);
      await page.getByTestId('tickets-tabs').getByText('Busca').waitFor();
      assert.equal(await overflows(page, '[data-testid=tickets-tabs]'), false, 'the three pt tabs fit the list pane');
      for (const label of await page.locator('[data-testid=tickets-tabs] .p-menuitem-text').all()) {
        assert.equal(await label.evaluate((el) => el.scrollWidth > el.clientWidth + 1), false, `the tab "${await label.innerText()}" is not cut`);
      }

      await page.goto(`${base}/tickets/${ticket.uuid}`);
      await page.getByTestId('kanban-lane-picker').waitFor();
      const name = page.getByTestId('chat-contact').locator('strong');
      const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
      assert.ok((await name.boundingBox())!.height < lineHeight * 1.5, 'the contact\'s name is on one line');

      // A file sent without a caption: its name shows once in the bubble.
      await page.locator('.composer input[type=file]').setInputFiles({ name: `contrato-${suffix}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 e2e') });
      const bubble = page.getByTestId('message').filter({ hasText: `contrato-${suffix}.pdf` });
      await bubble.waitFor();
      assert.equal((await bubble.innerText()).split(`contrato-${suffix}.pdf`).length - 1, 1, 'the file\'s name shows once');
      await shot(page, 'ticket-header');

      // Campaign settings: the SDK's select (the console's input style), not a bare native one.
      await page.goto(`${base}/campaigns-config`);
      const interval = page.getByTestId('settings-messageInterval');
      await interval.waitFor();
      assert.match(await interval.getAttribute('class') ?? '', /p-inputtext/, 'the interval select has the console\'s input style');
      await interval.selectOption({ label: 'Desativado' });
      await shot(page, 'campaign-settings');
    } finally { await restoreLanguage(); await context.close(); }

    // The renewal page of an expired company: its invoice table fits the card.
    const email = `owner${suffix}@renew.e2e`;
    const plan = await models.Plan.query().insertAndFetch({ name: `Plano Renova ${suffix}`, users: 5, connections: 2, queues: 5, value: 99.9 } as never);
    const company = await models.Company.query().insertAndFetch({ name: `Renova ${suffix}`, email, planId: plan.id, status: true, dueDate: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10), recurrence: 'MENSAL' } as never);
    await app.tenancy.settings.seedDefaults(company.id);
    await models.User.scoped(company.id).insert({ name: 'Rita Renova', email, passwordHash: await hashPassword('Renova-pass-123'), profile: 'admin', super: false, allTicket: 'enabled' } as never);
    await generateInvoices(app);
    const renew = await newPage();
    try {
      await renew.page.goto(`${base}/login`);
      await renew.page.locator('#email').fill(email);
      await renew.page.locator('#password').fill('Renova-pass-123');
      await renew.page.getByTestId('login-submit').click();
      await renew.page.waitForURL(/\/renew$/);
      await renew.page.getByTestId('invoice-pay').first().waitFor();
      assert.equal(await overflows(renew.page, '[data-testid=renew-page] .table-scroll'), false, 'the invoice table fits the renewal card');
      await shot(renew.page, 'renew');
    } finally { await renew.context.close(); }
  });
}
