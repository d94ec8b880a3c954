/**
 * The plugin kit's example, order-status (tooling/plugin-kit/examples/order-status), as an agency ships it: copied
 * outside the repository, installed and its remote built there (installAndBuildRemote), loaded by the core through
 * the external plugins folder. In the console: its screen's form makes the webhook's secret and shows the URL; the
 * shop reports an order through that URL, signed with that secret; the orders list finds it; the ticket of the
 * customer who placed it shows the order's status in the header slot.
 */
import * as models from '../../core/src/db/models/index.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { copyPluginOutside } from '../plugin-kit/src/copy.js';
import type { E2eContext } from './context.js';
import { installAndBuildRemote } from './scaffolded.js';
import { companyWithPlan } from './tenant.js';

/** Copies the example into the external plugins folder and readies it there. */
export function addKitExample(root: string, pluginsDir: string) {
  installAndBuildRemote(copyPluginOutside(path.join(root, 'tooling/plugin-kit/examples/order-status'), pluginsDir));
}

export function registerOrderStatusScenario(ctx: () => E2eContext) {
  test('the plugin kit\'s example order-status: its screen makes the webhook secret, and a customer\'s ticket shows the order in its header', async () => {
    const { base, newPage, login } = ctx();
    const { companyId, email, password, suffix } = await companyWithPlan('Shop', { useOrderStatus: true });
    const number = `55119${String(suffix % 100_000_000).padStart(8, '0')}`;
    const contact = await models.Contact.scoped(companyId).insertAndFetch({ uuid: randomUUID(), name: 'Olga Order', number } as never);
    const ticket = await models.Ticket.scoped(companyId).insertAndFetch({ uuid: randomUUID(), contactId: contact.id, status: 'open', lastMessage: 'Oi!' } as never);
    const order = `A${suffix % 1_000_000}`;

    const { context, page } = await newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      await login(page, email, password);
      await page.getByTestId('side-menu').getByText('Orders', { exact: true }).click();
      await page.getByTestId('order-status-empty').waitFor();

      // The screen's form: no webhook yet; saving makes the secret, shown once beside the URL to give the shop.
      await page.getByTestId('order-status-add').click();
      const form = page.getByTestId('order-status-webhook-form');
      await form.getByText('No webhook yet').waitFor();
      await page.getByTestId('order-status-make-secret').click();
      const secret = (await page.getByTestId('order-status-secret').textContent())!;
      const webhookUrl = (await page.getByTestId('order-status-webhook-url').textContent())!;
      assert.match(webhookUrl, /\/api\/order-status\/webhook\/[0-9a-f]{24}$/);
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });

      // The shop reports the order, signed with that secret.
      const raw = JSON.stringify({ number: order, status: 'delivered', phone: number });
      const res = await fetch(`${base}${new URL(webhookUrl).pathname}`, {
        method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'x-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}` },
      });
      assert.equal(res.status, 200, 'the shop\'s signed call is taken');
      await page.getByTestId('order-status-search').fill(order);
      await page.getByTestId('order-status-table').getByText('delivered').waitFor();

      // The customer's ticket: the header slot shows the latest order and its status.
      await page.goto(`${base}/tickets/${ticket.uuid}`);
      await page.getByTestId('chat-view').waitFor();
      const chip = page.locator('[data-slot="ticketHeader.actions"][data-plugin="order-status"] [data-testid=order-status-latest]');
      await chip.waitFor();
      assert.equal(await chip.textContent(), `Order ${order}: delivered`);
      assert.deepEqual(pageErrors, [], 'no uncaught error reached the page');
    } catch (err) {
      await page.screenshot({ path: path.join(os.tmpdir(), 'atrium-e2e-order-status-failure.png') }).catch(() => undefined);
      throw err;
    } finally {
      await context.close();
    }
  });
}
