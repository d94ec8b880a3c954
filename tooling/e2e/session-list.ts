/**
 * Issue 34, sessions in the browser: the profile lists the user's sessions (this browser marked, a phone's with its
 * device and address) and ends the phone's at once. The phone's session is written as a login would leave it, so the
 * user signs in only once (tooling/e2e/run.ts registers it with one line).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RefreshTokenFamily, User } from '../../core/src/db/models/index.js';
import { dbNow } from '../../core/src/db/time.js';
import { hashPassword } from '../../core/src/util/password.js';
import type { E2eContext } from './context.js';

const PASSWORD = 'Session-list-123';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

export function registerSessionListScenario(ctx: () => E2eContext) {
  test('sessions: the profile lists this browser and a phone, and ends the phone\'s session', async () => {
    const { newPage, login } = ctx();
    const email = `sessions.${Date.now().toString(36)}@atrium.e2e`;
    const { id: userId } = await User.scoped(1).insertAndFetch({ name: 'Sara Sessions', email, passwordHash: await hashPassword(PASSWORD), profile: 'user', super: false, allTicket: 'enabled' } as Partial<User>);
    const { context, page } = await newPage();
    try {
      await login(page, email, PASSWORD);
      const phone = await RefreshTokenFamily.scoped(1).insertAndFetch({ userId, generation: 0, userAgent: PHONE, ip: '203.0.113.7', lastUsedAt: dbNow() } as Partial<RefreshTokenFamily>);

      await page.getByTestId('user-menu').click();
      await page.locator('.p-menuitem', { hasText: 'Profile' }).click();
      const list = page.getByTestId('profile-sessions');
      await list.getByTestId('session-row').nth(1).waitFor();
      assert.equal(await list.getByTestId('session-row').count(), 2, 'this browser and the phone');
      assert.equal(await list.getByTestId('session-current').count(), 1, 'one marked as this device');
      const phoneRow = list.getByTestId('session-row').filter({ hasText: '203.0.113.7' });
      assert.match(await phoneRow.innerText(), /Chrome · Android/);

      await list.getByTestId(`session-end-${phone.id}`).click();
      await page.locator('.p-toast-message', { hasText: 'Session ended' }).waitFor();
      await phoneRow.waitFor({ state: 'detached' });
      assert.equal(await RefreshTokenFamily.scoped(1).findById(phone.id), undefined, 'the phone\'s session is gone');
      assert.equal(await list.getByTestId('session-row').count(), 1, 'this browser stays signed in');
    } finally {
      await context.close();
    }
  });
}
