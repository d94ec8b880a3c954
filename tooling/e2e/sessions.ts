/**
 * Sessions scenario for the browser end-to-end run (tooling/e2e/run.ts registers it with one line), issue 26:
 * with access tokens that live seconds, the console keeps one socket through several token lifetimes (it
 * renews the socket's token in place before the server would close it), live events and API calls go on
 * without a reload; a new password in the profile dialog needs the current one, and the session goes on.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { WebSocket } from 'playwright-core';
import { User, Whatsapp } from '../../core/src/db/models/index.js';
import { hashPassword } from '../../core/src/util/password.js';
import type { E2eContext } from './context.js';

const PASSWORD = 'Short-pass-123';
/** Access tokens of this scenario's session live this long; the console renews the socket a quarter before. */
const ACCESS_TTL_S = 8;

export function registerSessionsScenario(ctx: () => E2eContext) {
  test('sessions: short-lived tokens are renewed under one socket without a reload; a new password needs the current one', async () => {
    const { app, newPage, login } = ctx();
    const suffix = Date.now().toString(36);
    const email = `short.${suffix}@atrium.e2e`;
    await User.scoped(1).insert({ name: 'Sofia Short', email, passwordHash: await hashPassword(PASSWORD), profile: 'admin', super: false, allTicket: 'enabled' } as Partial<User>);
    const sandbox = await Whatsapp.scoped(1).where({ provider: 'sandbox', status: 'CONNECTED' }).first();
    assert.ok(sandbox, 'the seeded sandbox connection is up (run.ts started it)');

    const ttl = app.config.jwt.accessTtl;
    app.config.jwt.accessTtl = `${ACCESS_TTL_S}s`; // read at each signing: only this scenario's tokens are short
    const { context, page } = await newPage();
    try {
      const sockets: WebSocket[] = [];
      page.on('websocket', (ws) => { if (ws.url().includes('/socket.io')) sockets.push(ws); });
      await login(page, email, PASSWORD);
      await page.getByTestId('tickets-wide').waitFor();

      // Two and a half token lifetimes: unrenewed, the server would have closed the socket twice.
      await page.waitForTimeout(ACCESS_TTL_S * 2500);
      assert.equal(sockets.length, 1, 'one socket all along: no reconnect');
      assert.equal(sockets[0].isClosed(), false, 'and it is still open');

      // A live event reaches it: a customer writes, the ticket shows in the list without a reload.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const customer = `Cliente ${suffix}`;
      const inbound = await app.inject({
        method: 'POST', url: `/api/sandbox/${sandbox!.id}/inbound`, headers: { authorization: `Bearer ${token}` },
        payload: { number: `55119${Date.now() % 100000000}`, name: customer, body: 'Olá!' },
      });
      assert.equal(inbound.statusCode, 200, inbound.body);
      await page.getByTestId('subtab-pending').click();
      await page.getByTestId('ticket-row').filter({ hasText: customer }).waitFor();

      // A new password: the current one is asked for, a wrong one is shown under its field.
      await page.getByTestId('user-menu').click();
      await page.locator('.p-menuitem', { hasText: 'Profile' }).click();
      await page.locator('#profile-password').fill('Longer-pass-456');
      const current = page.locator('#profile-current-password');
      await current.fill('not-my-password');
      await page.getByTestId('profile-save').click();
      await page.getByTestId('error-currentPassword').filter({ hasText: 'Your current password is missing or wrong.' }).waitFor();
      await current.fill(PASSWORD);
      await page.getByTestId('profile-save').click();
      await page.locator('.p-toast-message', { hasText: 'Profile saved.' }).waitFor();

      // The session goes on: the API (one refresh behind the scenes) and a new socket for the new session.
      await page.getByTestId('menu-/contacts').click();
      await page.getByTestId('contacts-search').fill(customer);
      await page.getByTestId('contacts-table').getByText(customer).waitFor();
      assert.equal(page.url().includes('/login'), false, 'still signed in');
      for (let i = 0; i < 100 && sockets.length < 2; i++) await page.waitForTimeout(100);
      assert.equal(sockets.length, 2, 'the socket the server closed (the old token version) was replaced once');
      assert.equal(sockets[1].isClosed(), false, 'and the new one is open');
      const stored = await User.scoped(1).findOne({ email });
      assert.ok(stored && stored.tokenVersion > 1, 'the password change moved the token version (other sessions ended)');
    } finally {
      app.config.jwt.accessTtl = ttl;
      await context.close();
    }
  });
}
