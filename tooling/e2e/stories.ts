/**
 * Three of issue 32's stories, as a new user meets them in the console (registered in tooling/e2e/run.ts):
 * - a customer who writes again: the new ticket shows the earlier conversation above, between "closed" and
 *   "started" markers (core §2);
 * - an AI prompt whose key the model refuses: the customer's ticket goes to people with a note saying why, the admin
 *   hears of it at once (a toast), and the prompts screen shows the prompt's last error;
 * - a campaign saved without a schedule is sent with "Start now", once per number;
 * - (issue 27) the tickets list pages on by cursor: tickets resolved while the first page is on screen do not make
 *   the next page skip any.
 * Screenshots: ticket-earlier-conversation.png, prompt-last-error.png, campaign-start-now.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Test } from 'tap';
import * as models from '../../core/src/db/models/index.js';
import { toDbTime } from '../../core/src/db/time.js';
import { hashPassword as hashPasswordFor } from '../../core/src/util/password.js';
import { startFakeOpenAi } from '../../core/test/bots/fake-openai.js';
import type { E2eContext } from './context.js';

const WAIT = 30_000;

/** The console's session token, for the API calls that set a scenario up. */
export async function apiOf(ctx: E2eContext, page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  assert.ok(token, 'the console keeps a session token');
  return async <T = any>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await ctx.app.inject({ method: method as 'GET', url, payload: body as object, headers: { authorization: `Bearer ${token}` } });
    assert.ok(res.statusCode < 300, `${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
}

/** A started sandbox connection of company 1 serving `queueId`. */
export async function sandboxServing(ctx: E2eContext, call: Awaited<ReturnType<typeof apiOf>>, name: string, queueId: number) {
  const connection = await models.Whatsapp.scoped(1).insertAndFetch({ name, provider: 'sandbox', status: 'DISCONNECTED' } as never) as unknown as { id: number };
  await ctx.app.knex('whatsappQueues').insert({ companyId: 1, whatsappId: connection.id, queueId });
  await call('POST', `/api/whatsappsession/${connection.id}`);
  await call('POST', `/api/sandbox/${connection.id}/scan`);
  return connection;
}

export function registerStoriesScenario(ctx: () => E2eContext) {
  registerEarlierConversationScenario(ctx);
  registerTicketCursorScenario(ctx);
  registerPromptFailureScenario(ctx);
  registerStartNowScenario(ctx);
}

function registerEarlierConversationScenario(ctx: () => E2eContext) {
  test('stories: a customer who writes again sees the earlier conversation above the new ticket, between "closed" and "started" markers', async () => {
    const { app, base, admin, newPage, login, shot } = ctx();
    const suffix = `${Date.now() % 1_000_000}`;
    const contact = await models.Contact.scoped(1).insertAndFetch({ uuid: randomUUID(), name: 'Rita Retorno', number: `55118${suffix.padStart(8, '0')}` } as never) as unknown as { id: number };
    const connection = await models.Whatsapp.scoped(1).insertAndFetch({ name: `Linha retorno ${suffix}`, provider: 'sandbox', status: 'DISCONNECTED' } as never) as unknown as { id: number };
    const me = await models.User.unscoped('the e2e admin, found by e-mail').findOne({ email: admin.email }) as unknown as { id: number };
    const earlierAt = Date.now() - 3 * 86_400_000;
    const earlier = await models.Ticket.scoped(1).insertAndFetch({
      uuid: randomUUID(), contactId: contact.id, whatsappId: connection.id, status: 'closed', userId: me.id, lastMessage: 'Resolvido, obrigado!',
      createdAt: toDbTime(earlierAt), updatedAt: toDbTime(earlierAt + 600_000),
    } as never) as unknown as { id: number };
    const oldLines = [['Meu boleto venceu, e agora?', false], ['Enviei a segunda via por e-mail.', true], ['Resolvido, obrigado!', false]] as const;
    for (const [i, [body, fromMe]] of oldLines.entries()) {
      const at = toDbTime(earlierAt + i * 60_000);
      await models.Message.scoped(1).insert({ ticketId: earlier.id, contactId: contact.id, whatsappId: connection.id, body, fromMe, ack: 3, providerId: `old-${suffix}-${i}`, createdAt: at, updatedAt: at } as never);
    }
    const current = await models.Ticket.scoped(1).insertAndFetch({
      uuid: randomUUID(), contactId: contact.id, whatsappId: connection.id, status: 'open', userId: me.id, lastMessage: 'Oi de novo, outra dúvida',
    } as never) as unknown as { id: number; uuid: string };
    await models.Message.scoped(1).insert({ ticketId: current.id, contactId: contact.id, whatsappId: connection.id, body: 'Oi de novo, outra dúvida', fromMe: false, ack: 1, providerId: `new-${suffix}` } as never);
    await app.jobs.idle();

    const { context, page } = await newPage();
    try {
      await login(page, admin.email, admin.password);
      await page.goto(`${base}/tickets/${current.uuid}`);
      const chat = page.getByTestId('chat-view');
      await chat.getByTestId('message').filter({ hasText: 'Oi de novo, outra dúvida' }).waitFor({ timeout: WAIT });
      // The earlier ticket's messages, then where it closed and where this one started, in the page's order.
      await chat.getByTestId('message').filter({ hasText: 'Meu boleto venceu, e agora?' }).waitFor({ timeout: WAIT });
      const order = await chat.locator('[data-testid=message], [data-testid=conversation-closed], [data-testid=conversation-started]').evaluateAll(
        (nodes) => nodes.map((n) => n.getAttribute('data-testid') === 'message' ? (n.textContent ?? '').trim().slice(0, 20) : n.getAttribute('data-testid')));
      const at = (label: string) => order.findIndex((o) => o?.startsWith(label));
      assert.ok(at('Meu boleto venceu') >= 0 && at('Meu boleto venceu') < at('Resolvido, obrigado'), `the earlier messages, oldest first: ${order.join(' | ')}`);
      assert.ok(at('Resolvido, obrigado') < at('conversation-closed'), 'then "conversation closed"');
      assert.ok(at('conversation-closed') < at('conversation-started'), 'then "conversation started"');
      assert.ok(at('conversation-started') < at('Oi de novo'), 'then the new ticket\'s messages');
      assert.equal(await page.getByTestId('composer-input').isDisabled(), false, 'and the agent answers in the new ticket');
      await shot(page, 'ticket-earlier-conversation');
    } finally { await context.close(); }
  });
}

function registerPromptFailureScenario(ctx: () => E2eContext) {
  test('stories: a prompt whose key the model refuses hands the ticket to people with a note saying why, tells the admin at once, and shows as the prompt\'s last error', async () => {
    const c = ctx();
    const { app, base, admin, newPage, login, shot } = c;
    const teardowns: Array<() => unknown> = [];
    const fake = await startFakeOpenAi({ teardown: (fn: () => unknown) => teardowns.push(fn) } as unknown as Test);
    fake.fallback = { status: 401, code: 'invalid_api_key' };
    const suffix = Date.now() % 1_000_000;
    const { context, page } = await newPage();
    try {
      await login(page, admin.email, admin.password);
      const call = await apiOf(c, page);
      const queue = await call<{ id: number }>('POST', '/api/queue', { name: `IA com chave errada ${suffix}`, color: '#f97316' });
      const prompt = await call<{ id: number }>('POST', '/api/prompt', {
        name: `Assistente ${suffix}`, queueId: queue.id, apiKey: 'sk-wrong-key-0000',
        prompt: 'Você é a assistente da loja. Responda em poucas frases sobre horários, pedidos e trocas.',
      });
      const connection = await sandboxServing(c, call, `Linha IA ${suffix}`, queue.id);

      // The admin is on the prompts screen when the customer writes.
      await page.getByTestId('menu-/prompts').click();
      await page.getByTestId('prompts-page').waitFor();
      const number = `55117${String(suffix).padStart(8, '0')}`;
      await call('POST', `/api/sandbox/${connection.id}/inbound`, { number, name: 'Caio Cliente', body: 'oi' });
      await call('POST', `/api/sandbox/${connection.id}/inbound`, { number, name: 'Caio Cliente', body: 'Qual o horário de vocês?' });
      await page.locator('.p-toast-message-warn').filter({ hasText: /key refused|chave recusada|clave rechazada/ }).first().waitFor({ timeout: WAIT });
      assert.ok(fake.requests.length >= 1, 'the model was asked');

      // The prompt's row shows its last error, after a reload as well.
      await page.reload();
      const row = page.getByTestId('prompts-table').locator('tr', { hasText: `Assistente ${suffix}` });
      await row.getByText(/key refused/).waitFor({ timeout: WAIT });
      await shot(page, 'prompt-last-error');

      // The ticket is with people (Waiting, no bot) and its notes say why.
      const ticket = await app.knex('tickets').where({ companyId: 1, whatsappId: connection.id }).orderBy('id', 'desc').first();
      assert.equal(ticket.status, 'pending', 'handed to people');
      await page.goto(`${base}/tickets/${ticket.uuid}`);
      await page.getByTestId('chat-view').getByTestId('message').filter({ hasText: 'Qual o horário de vocês?' }).waitFor({ timeout: WAIT });
      await page.getByTestId('chat-contact').click();
      await page.locator('.contact-drawer .notes li').filter({ hasText: 'the service refused the access key' }).waitFor({ timeout: WAIT });
      assert.equal(await page.locator('.contact-drawer .notes li').filter({ hasText: 'sk-wrong-key' }).count(), 0, 'the key itself is never shown');
      assert.ok(prompt.id > 0);
    } finally {
      await context.close();
      for (const fn of teardowns.reverse()) await fn();
    }
  });
}

function registerStartNowScenario(ctx: () => E2eContext) {
  test('stories: a campaign saved without a schedule is sent with "Start now", once per number', async () => {
    const c = ctx();
    const { base, admin, newPage, login, shot } = c;
    const suffix = Date.now() % 1_000_000;
    const numbers = [0, 1].map((i) => `55116${String(suffix * 10 + i).padStart(8, '0')}`);
    const { context, page } = await newPage();
    try {
      await login(page, admin.email, admin.password);
      const call = await apiOf(c, page);
      await call('POST', '/api/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
      const queue = await call<{ id: number }>('POST', '/api/queue', { name: `Campanhas ${suffix}`, color: '#22c55e' });
      const connection = await sandboxServing(c, call, `Linha campanha ${suffix}`, queue.id);
      const list = await call<{ id: number }>('POST', '/api/contact-lists', { name: `Agora ${suffix}` });
      for (const [i, number] of numbers.entries()) await call('POST', '/api/contact-list-items', { name: `Pessoa ${i}`, number, contactListId: list.id });
      const name = `Sem agenda ${suffix}`;
      const campaign = await call<{ id: number; status: string }>('POST', '/api/campaigns', { name, whatsappId: connection.id, contactListId: list.id, message1: 'Promoção de hoje!' });
      assert.equal(campaign.status, 'INATIVA', 'saved without a schedule: nothing is sent yet');

      await page.goto(`${base}/campaigns`);
      const row = page.getByTestId('campaigns-page').locator('tr', { hasText: name });
      await row.getByText('Inactive').waitFor({ timeout: WAIT });
      await shot(page, 'campaign-start-now');
      await row.getByTestId('campaign-start').click();
      await page.locator('.p-confirm-dialog-accept').click();
      await row.getByText('Finished').waitFor({ timeout: WAIT });
      assert.equal(await row.getByTestId('campaign-start').count(), 0, 'a started campaign offers no second start');
      const outbox = (await call<{ records: Array<{ to: string; body: string }> }>('GET', `/api/sandbox/${connection.id}/outbox`)).records;
      assert.deepEqual(outbox.map((m) => m.to).sort(), [...numbers].sort(), 'one message per number');
      assert.ok(outbox.every((m) => m.body === 'Promoção de hoje!'));
    } finally { await context.close(); }
  });
}

function registerTicketCursorScenario(ctx: () => E2eContext) {
  test('stories: scrolling the tickets list continues from its cursor: tickets resolved meanwhile make it skip none', async () => {
    const { app, newPage, login } = ctx();
    const suffix = `${Date.now() % 1_000_000}`;
    const plan = await models.Plan.query().insertAndFetch({ name: `Cursor ${suffix}`, users: 0, connections: 0, queues: 0, value: 10 } as never) as unknown as { id: number };
    const company = await models.Company.query().insertAndFetch({ name: `Muitos ${suffix}`, planId: plan.id, status: true, dueDate: '2099-01-01', recurrence: 'MENSAL' } as never) as unknown as { id: number };
    const email = `cursor${suffix}@muitos.e2e`;
    const password = 'Cursor-pass-123';
    const me = await models.User.scoped(company.id).insertAndFetch({ name: 'Cris Cursor', email, passwordHash: await hashPasswordFor(password), profile: 'admin', super: false, allTicket: 'enabled' } as never) as unknown as { id: number };
    const connection = await models.Whatsapp.scoped(company.id).insertAndFetch({ name: `Linha ${suffix}`, provider: 'sandbox', status: 'DISCONNECTED' } as never) as unknown as { id: number };
    const start = Date.now() - 60 * 60_000;
    const tickets: Array<{ id: number; uuid: string }> = [];
    for (let i = 0; i < 30; i++) {
      const contact = await models.Contact.scoped(company.id).insertAndFetch({ uuid: randomUUID(), name: `Cliente ${String(i).padStart(2, '0')}`, number: `55115${suffix.padStart(6, '0')}${String(i).padStart(2, '0')}` } as never) as unknown as { id: number };
      const at = toDbTime(start + i * 60_000); // newest last: Cliente 29 heads the list
      tickets.push(await models.Ticket.scoped(company.id).insertAndFetch({
        uuid: randomUUID(), contactId: contact.id, whatsappId: connection.id, status: 'open', userId: me.id, lastMessage: `Mensagem ${i}`, createdAt: at, updatedAt: at,
      } as never) as unknown as { id: number; uuid: string });
    }
    const { context, page } = await newPage();
    try {
      const asked: string[] = [];
      page.on('request', (r) => { if (/\/api\/tickets\?/.test(r.url())) asked.push(r.url()); });
      await login(page, email, password);
      const list = page.getByTestId('tickets-list-open');
      const rows = list.locator('[data-testid=ticket-row]');
      await rows.nth(19).waitFor();
      assert.equal(await rows.count(), 20, 'a first page of 20');
      // Three tickets of the first page are resolved elsewhere: they leave the list live.
      // (the page's own session: a second login would end it, sessions being single)
      const token = await page.evaluate(() => localStorage.getItem('token'));
      for (const ticket of tickets.slice(-3)) {
        const res = await app.inject({ method: 'PUT', url: `/api/tickets/${ticket.id}`, payload: { status: 'closed' }, headers: { authorization: `Bearer ${token}` } });
        assert.equal(res.statusCode, 200, res.body);
      }
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=tickets-list-open] [data-testid=ticket-row]').length === 17, null, { timeout: WAIT });
      // The next page, from the cursor: the 10 older tickets, none skipped, none twice.
      await list.evaluate((el) => { el.scrollTop = el.scrollHeight; });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=tickets-list-open] [data-testid=ticket-row]').length === 27, null, { timeout: WAIT });
      const names = await list.locator('.ticket-name').allTextContents();
      assert.deepEqual(names.map((n) => n.trim()), Array.from({ length: 27 }, (_, i) => `Cliente ${String(26 - i).padStart(2, '0')}`), 'every open ticket once, newest first');
      assert.ok(asked.some((url) => /nextTicketId=\d+/.test(url) && !/pageNumber=2/.test(url)), `the second page asked by cursor: ${asked.join(' ')}`);
    } finally { await context.close(); }
  });
}
