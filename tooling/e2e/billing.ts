/**
 * Billing scenario for the browser end-to-end run (tooling/e2e/run.ts registers it with one line):
 * an expired company's admin signs in, is refused and sent to pay (/renew), goes through the checkout
 * (plan → data → review → Pix QR), pays with the sandbox gateway and lands on / with the new due date.
 * Saves docs/screenshots/checkout.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { Company, Plan, User } from '../../core/src/db/models/index.js';
import { generateInvoices } from '../../core/src/domains/billing/generation.js';
import { addDays, addMonths, todayIso } from '../../core/src/util/dates.js';
import { hashPassword } from '../../core/src/util/password.js';

export interface BillingE2eContext {
  app: FastifyInstance;
  base: string;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  shot(page: Page, name: string): Promise<unknown>;
}

const EMAIL = 'owner@lapsed.e2e';
const PASSWORD = 'Owner-pass-123';
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

export function registerBillingScenario(ctx: () => BillingE2eContext) {
  test('billing: an expired company\'s admin is sent to pay, pays through the sandbox and lands on / with the new due date', async () => {
    const { app, base, newPage, shot } = ctx();
    // The operator (company 1) charges through the sandbox gateway, with its own Pix data for the code.
    for (const [key, value] of Object.entries({ billingGateway: 'sandbox', pixKey: 'financeiro@atrium.com.br', pixMerchantName: 'Atrium Atendimento', pixMerchantCity: 'São Paulo' })) {
      await app.tenancy.settings.set(1, key, value);
    }
    const expiredOn = addDays(new Date(), -3).toISOString().slice(0, 10);
    const plan = await Plan.query().insertAndFetch({ name: 'Plano Pro', users: 5, connections: 2, queues: 5, value: 149.9 } as Partial<Plan>);
    const company = await Company.query().insertAndFetch({ name: 'Lapsed Ltda', email: EMAIL, planId: plan.id, status: true, dueDate: expiredOn, recurrence: 'MENSAL' } as Partial<Company>);
    await app.tenancy.settings.seedDefaults(company.id);
    await User.scoped(company.id).insert({ name: 'Olga Owner', email: EMAIL, passwordHash: await hashPassword(PASSWORD), profile: 'admin', super: false, allTicket: 'enabled' } as Partial<User>);
    await generateInvoices(app);

    const { context, page } = await newPage();
    try {
      await page.goto(`${base}/login`);
      await page.locator('#email').fill(EMAIL);
      await page.locator('#password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/\/renew$/);
      await page.getByTestId('renew-page').getByText(ddmmyyyy(expiredOn)).first().waitFor();

      await page.getByTestId('invoice-pay').first().click();
      await page.getByTestId('checkout-step-plan').getByText('Plano Pro').waitFor();
      await page.getByTestId('checkout-next').click();
      // The data step is required before the review (core §5).
      await page.getByTestId('checkout-step-data').waitFor();
      await page.getByTestId('checkout-firstName').fill('Olga');
      await page.getByTestId('checkout-lastName').fill('Owner');
      await page.getByTestId('checkout-address2').fill('Rua das Flores, 100');
      await page.getByTestId('checkout-city').fill('São Paulo');
      await page.getByTestId('checkout-state').fill('SP');
      await page.getByTestId('checkout-zipcode').fill('01000-000');
      await page.getByTestId('checkout-next').click();
      await page.getByTestId('checkout-step-review').getByText('Rua das Flores, 100', { exact: false }).waitFor();
      await page.getByTestId('checkout-submit').click();

      await page.getByTestId('checkout-qr').locator('svg').waitFor();
      const code = await page.getByTestId('checkout-code').inputValue();
      assert.match(code, /^000201.*5406149\.90.*6304[0-9A-F]{4}$/, 'the copy-paste code carries the invoice value');
      await page.getByTestId('checkout-copy').click();
      await page.getByTestId('checkout-copied').waitFor();
      await shot(page, 'checkout');

      await page.getByTestId('checkout-sandbox-pay').click();
      await page.getByTestId('checkout-paid').waitFor();
      const newDue = addMonths(todayIso(), 1);
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await page.getByTestId('greeting').getByText(ddmmyyyy(newDue), { exact: false }).waitFor();
      assert.equal((await Company.query().findById(company.id))!.dueDate, newDue);
    } finally {
      await context.close();
      await app.tenancy.settings.set(1, 'billingGateway', 'none');
    }
  });
}
