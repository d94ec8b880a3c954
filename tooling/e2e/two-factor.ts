/**
 * Two-factor sign-in in the browser (issue 34; registered in tooling/e2e/run.ts): a user turns it on from the profile
 * (QR code and key, a first code, ten recovery codes), then signs in with a code from the authenticator, and again
 * with a recovery code. A company that requires it sends a user without it through enrolment at sign-in.
 * The authenticator is played by otpauth with the key the page shows. Screenshots: two-factor-enrolment.png,
 * two-factor-login.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import * as models from '../../core/src/db/models/index.js';
import { hashPassword } from '../../core/src/util/password.js';
import type { E2eContext } from './context.js';

const codeFor = (key: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/** A company of its own with one admin, so the requirement and the sessions touch no other scenario. */
async function companyWithAdmin(label: string) {
  const suffix = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
  const plan = await models.Plan.query().insertAndFetch({ name: `2FA ${label} ${suffix}`, users: 0, connections: 0, queues: 0, value: 10 } as never) as unknown as { id: number };
  const company = await models.Company.query().insertAndFetch({ name: `Segura ${label} ${suffix}`, planId: plan.id, status: true, dueDate: '2099-01-01', recurrence: 'MENSAL' } as never) as unknown as { id: number };
  const email = `seg${suffix}@segura.e2e`;
  const password = 'Segura-pass-123';
  await models.User.scoped(company.id).insert({ name: 'Sofia Segura', email, passwordHash: await hashPassword(password), profile: 'admin', super: false, allTicket: 'enabled' } as never);
  return { companyId: company.id, email, password };
}

async function passwordStep(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/login`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Profile → Two-factor sign-in → Turn on: answers the key the page shows (the authenticator's secret). */
async function startEnrolmentFromProfile(page: Page): Promise<string> {
  await page.getByTestId('user-menu').click();
  await page.locator('.p-menuitem', { hasText: /Profile|Perfil/ }).click();
  await page.getByTestId('two-factor-on-start').click();
  return (await page.getByTestId('two-factor-secret').textContent())!.trim();
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.locator('.p-menuitem', { hasText: /Logout|Sair|Log out|Salir/ }).click();
  await page.waitForURL(/\/login$/);
}

export function registerTwoFactorScenario(ctx: () => E2eContext) {
  test('two-factor: turned on from the profile, then a sign-in with the authenticator\'s code and one with a recovery code', async () => {
    const { base, newPage, login, shot } = ctx();
    const { email, password } = await companyWithAdmin('perfil');
    const { context, page } = await newPage();
    try {
      await login(page, email, password);
      const key = await startEnrolmentFromProfile(page);
      await page.getByTestId('two-factor-enrol').locator('svg').waitFor();
      await shot(page, 'two-factor-enrolment');
      await page.locator('#two-factor-code').fill(codeFor(key));
      await page.getByTestId('two-factor-confirm').click();
      const codes = (await page.getByTestId('two-factor-recovery').locator('code').allTextContents()).map((c) => c.trim());
      assert.equal(codes.length, 10, 'ten recovery codes, shown once');
      await page.getByTestId('two-factor-finish').click();
      await page.getByTestId('two-factor-on').waitFor();
      await page.keyboard.press('Escape');

      // The password alone now leads to the second step; the next code signs in.
      await signOut(page);
      await passwordStep(page, base, email, password);
      await page.getByTestId('login-second-factor').waitFor();
      assert.ok(/\/login$/.test(page.url()), 'no session yet');
      await page.locator('#second-factor').fill(codeFor(key, 1));
      await shot(page, 'two-factor-login');
      await page.getByTestId('second-factor-submit').click();
      await page.waitForURL(/\/tickets$/);

      // And once with a recovery code.
      await signOut(page);
      await passwordStep(page, base, email, password);
      await page.getByTestId('second-factor-toggle').click();
      await page.locator('#second-factor').fill(codes[0]);
      await page.getByTestId('second-factor-submit').click();
      await page.waitForURL(/\/tickets$/);
      await page.locator('.p-toast-message-warn').filter({ hasText: /9/ }).first().waitFor();
    } finally { await context.close(); }
  });

  test('two-factor: a company that requires it enrols its user at sign-in before any session', async () => {
    const { app, base, newPage } = ctx();
    const { companyId, email, password } = await companyWithAdmin('exigida');
    await app.tenancy.settings.set(companyId, 'requireTwoFactor', 'enabled');
    const { context, page } = await newPage();
    try {
      await passwordStep(page, base, email, password);
      await page.getByTestId('login-enrol').waitFor();
      const key = (await page.getByTestId('two-factor-secret').textContent())!.trim();
      await page.locator('#two-factor-code').fill(codeFor(key));
      await page.getByTestId('two-factor-confirm').click();
      await page.getByTestId('two-factor-recovery').waitFor();
      assert.ok(/\/login$/.test(page.url()), 'the recovery codes are shown before the console opens');
      await page.getByTestId('two-factor-finish').click();
      // Signed in: the console opens (the dashboard or the tickets, whichever route wins the redirect).
      await page.getByTestId('user-menu').waitFor();
      assert.ok(!/\/login$/.test(page.url()), page.url());
    } finally { await context.close(); }
  });

  test('two-factor: a wrong code keeps you where you were, and signing straight back in after "Log out" keeps the code step', async () => {
    const { newPage, login } = ctx();
    const { email, password } = await companyWithAdmin('erros');
    const { context, page } = await newPage();
    const wrong = (key: string) => String((Number(codeFor(key)) + 500_000) % 1_000_000).padStart(6, '0');
    try {
      await login(page, email, password);
      const key = await startEnrolmentFromProfile(page);
      await page.locator('#two-factor-code').fill(wrong(key));
      await page.getByTestId('two-factor-confirm').click();
      await page.locator('.p-toast-message-error').first().waitFor();
      assert.ok(!/\/login$/.test(page.url()), 'a wrong code during enrolment does not sign the user out');
      await page.locator('#two-factor-code').fill(codeFor(key));
      await page.getByTestId('two-factor-confirm').click();
      await page.getByTestId('two-factor-recovery').waitFor();
      await page.getByTestId('two-factor-finish').click();
      await page.getByTestId('two-factor-on').waitFor();
      await page.keyboard.press('Escape');

      // Straight back in on the same page, as a person does: whatever the old session had in flight must not reset it.
      await signOut(page);
      await page.locator('#email').fill(email);
      await page.locator('#password').fill(password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('login-second-factor').waitFor();
      await page.waitForTimeout(2500); // longer than the console's reload after an ended session (1 s)
      assert.ok(await page.getByTestId('login-second-factor').isVisible(), 'the code step is still there');

      await page.locator('.p-toast-message-error').first().waitFor({ state: 'detached' }); // the enrolment's toast is gone
      await page.locator('#second-factor').fill(wrong(key));
      await page.getByTestId('second-factor-submit').click();
      await page.locator('.p-toast-message-error').first().waitFor();
      assert.ok(await page.getByTestId('login-second-factor').isVisible(), 'a wrong code at sign-in keeps the code step');
      await page.locator('#second-factor').fill(codeFor(key, 1));
      await page.getByTestId('second-factor-submit').click();
      await page.getByTestId('user-menu').waitFor();
    } finally { await context.close(); }
  });
}
