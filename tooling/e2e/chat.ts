/**
 * The internal chat in the browser (plugins/internal-chat + remotes/internal-chat): three people of one company
 * in three browser contexts. Ana starts a chat with Bruno from the dialog and writes; Bruno, on another page,
 * sees the side-menu dot light, the chat bell count and ring, and the message arrive live when he opens the chat;
 * opening it clears the dot. Caio, of the same company but not a member, gets no dot and no ring; his narrow
 * window shows the two-tab layout. Screenshot: docs/screenshots/internal-chat.png.
 */
import * as models from '../../core/src/db/models/index.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';

interface Ctx {
  app: FastifyInstance;
  base: string;
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  login(page: Page, email: string, password: string): Promise<void>;
  shot(page: Page, name: string): Promise<unknown>;
}

const dot = (page: Page) => page.locator('[data-slot="sideMenu.badge"][data-plugin="internal-chat"] [data-testid=chat-unread-dot]');
const rings = async (page: Page) => Number(await page.getByTestId('chat-bell').getAttribute('data-rings'));

export function registerInternalChatScenario(ctx: () => Ctx) {
  test('internal chat: a message lights the member\'s dot and rings their bell, arrives live, and reading clears the dot', async () => {
    const { base, newPage, login, shot } = ctx();
    const { hashPassword } = await import('../../core/src/util/password.js');
    const suffix = Date.now();
    const plan = await models.Plan.query().insertAndFetch({ name: `Chat ${suffix}`, users: 0, connections: 0, queues: 0, value: 10, useInternalChat: true } as never);
    const company = await models.Company.query().insertAndFetch({ name: `Chat Co ${suffix}`, planId: plan.id, status: true, dueDate: '2099-01-01', recurrence: 'MENSAL' } as never);
    const person = async (name: string, profile: 'admin' | 'user') => {
      const email = `${name.split(" ")[0].toLowerCase()}${suffix}@chat.e2e`;
      await models.User.scoped(company.id).insert({ name, email, passwordHash: await hashPassword('Chat-pass-123'), profile, super: false, allTicket: 'enabled' } as never);
      return email;
    };
    const [anaEmail, brunoEmail, caioEmail] = [await person('Ana Admin', 'admin'), await person('Bruno Agent', 'user'), await person('Caio Colleague', 'user')];

    const ana = await newPage();
    const bruno = await newPage();
    const caio = await newPage({ width: 400, height: 800 });
    const errors: string[] = [];
    for (const p of [ana, bruno, caio]) p.page.on('pageerror', (e) => errors.push(e.message));
    try {
      await Promise.all([login(ana.page, anaEmail, 'Chat-pass-123'), login(bruno.page, brunoEmail, 'Chat-pass-123'), login(caio.page, caioEmail, 'Chat-pass-123')]);
      for (const p of [ana.page, bruno.page]) await p.getByTestId('chat-bell').waitFor();
      assert.equal(await dot(bruno.page).count(), 0, 'no dot before any message');

      // Ana: new chat from the dialog, Bruno as the member.
      await ana.page.getByTestId('menu-/chats').click();
      await ana.page.getByTestId('chats-wide').waitFor();
      await ana.page.getByTestId('chat-new').click();
      await ana.page.getByTestId('chat-dialog-title').fill('Pedido 1042');
      await ana.page.getByTestId('chat-dialog-users').click();
      await ana.page.locator('.p-multiselect-item', { hasText: 'Bruno Agent' }).click();
      await ana.page.getByTestId('chat-dialog-title').click(); // closes the picker's panel
      await ana.page.getByTestId('chat-dialog-save').click();
      await ana.page.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
      await ana.page.getByTestId('chat-title').filter({ hasText: 'Pedido 1042' }).waitFor();

      // Ana writes; Enter sends.
      await ana.page.getByTestId('chat-input').fill('Bruno, o cliente do pedido 1042 ligou de novo.');
      await ana.page.getByTestId('chat-input').press('Enter');
      await ana.page.getByTestId('chat-message').filter({ hasText: 'ligou de novo' }).waitFor();

      // Bruno, still on /tickets: the dot lights, the bell counts and rang once.
      await dot(bruno.page).waitFor();
      await bruno.page.getByTestId('chat-bell-count').filter({ hasText: '1' }).waitFor();
      assert.equal(await rings(bruno.page), 1, 'the bell rang for the member');
      assert.equal(await rings(ana.page), 0, 'the sender\'s bell did not ring');
      await shot(bruno.page, 'internal-chat-unread');

      // Bruno opens the chat: the message is there, the dot goes out.
      await bruno.page.getByTestId('menu-/chats').click();
      await bruno.page.getByTestId('chat-row').filter({ hasText: 'Pedido 1042' }).click();
      await bruno.page.getByTestId('chat-message').filter({ hasText: 'ligou de novo' }).waitFor();
      await dot(bruno.page).waitFor({ state: 'detached' });
      assert.equal(await bruno.page.getByTestId('chat-bell-count').count(), 0, 'the bell count is gone too');

      // Live both ways: Bruno answers and Ana sees it without reloading, then Ana answers and Bruno sees it.
      await bruno.page.getByTestId('chat-input').fill('Vou retornar agora mesmo.');
      await bruno.page.getByTestId('chat-input').press('Enter');
      await ana.page.getByTestId('chat-message').filter({ hasText: 'Vou retornar agora mesmo.' }).waitFor();
      await ana.page.getByTestId('chat-input').fill('Obrigada! Me avise quando resolver.');
      await ana.page.getByTestId('chat-input').press('Enter');
      await bruno.page.getByTestId('chat-message').filter({ hasText: 'Me avise quando resolver' }).waitFor();
      await dot(bruno.page).waitFor({ state: 'detached' }); // read while open: no dot stays lit
      // A file, with the draft as its text (issue 27): Bruno sees it live, as a link to the stored file.
      await ana.page.getByTestId('chat-input').fill('O comprovante do pedido:');
      await ana.page.getByTestId('chat-file-input').setInputFiles({ name: 'comprovante.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
      const file = bruno.page.getByTestId('chat-message').filter({ hasText: 'O comprovante do pedido:' }).getByTestId('chat-file');
      await file.filter({ hasText: 'comprovante.pdf' }).waitFor();
      assert.match(await file.getAttribute('href') ?? '', /comprovante\.pdf$/);
      await shot(ana.page, 'internal-chat');

      // A long chat opens on its newest 20 messages; scrolling near the top brings the older pages, oldest first.
      const token = await ana.page.evaluate(() => localStorage.getItem('token'));
      const call = async (method: string, url: string, data?: unknown) =>
        (await ana.context.request.fetch(`${base}/api${url}`, { method, headers: { authorization: `Bearer ${token}` }, data })).json();
      const brunoId = (await call('GET', '/users/list') as Array<{ id: number; name: string }>).find((u) => u.name === 'Bruno Agent')!.id;
      const long = await call('POST', '/chats', { title: 'Histórico', users: [{ id: brunoId }] }) as { id: number };
      for (let i = 1; i <= 45; i += 1) await call('POST', `/chats/${long.id}/messages`, { message: `linha ${String(i).padStart(2, '0')}` });
      await bruno.page.getByTestId('chat-row').filter({ hasText: 'Histórico' }).click();
      const pane = bruno.page.locator('[data-testid=chat-pane] [data-testid=chat-messages]');
      await pane.getByTestId('chat-message').filter({ hasText: 'linha 45' }).waitFor();
      for (let i = 0; i < 20 && (await pane.getByTestId('chat-message').count()) < 45; i += 1) {
        await pane.evaluate((el) => { el.scrollTop = 0; el.dispatchEvent(new Event('scroll')); });
        await bruno.page.waitForTimeout(150);
      }
      const texts = (await pane.locator('[data-testid=chat-message] > div:nth-last-child(2)').allTextContents()).map((x) => x.trim());
      assert.deepEqual(texts, Array.from({ length: 45 }, (_, i) => `linha ${String(i + 1).padStart(2, '0')}`), 'every page loaded, shown oldest first');

      // Caio, same company, not a member: nothing lit, nothing rang; his narrow window has the two tabs.
      assert.equal(await dot(caio.page).count(), 0, 'no dot for a non-member');
      await caio.page.getByTestId('chat-bell').waitFor();
      assert.equal(await rings(caio.page), 0, 'no ring for a non-member');
      await caio.page.goto(caio.page.url().replace(/\/tickets.*$/, '/chats'));
      await caio.page.getByTestId('chats-narrow').waitFor();
      assert.equal(await caio.page.getByTestId('chats-narrow').locator('.p-tabmenu .p-menuitem-link').count(), 2);
      assert.equal(await caio.page.getByTestId('chat-row').count(), 0, 'a non-member does not see the chat');
      assert.deepEqual(errors, [], 'no page errors');
    } finally {
      await Promise.all([ana.context.close(), bruno.context.close(), caio.context.close()]);
    }
  });
}
