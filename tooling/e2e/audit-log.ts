/**
 * The audit log in the browser (issue 34; registered in tooling/e2e/run.ts): a company's admin opens Settings →
 * Audit log and sees the changes another admin of the company made (a tag created and renamed, with before and
 * after), in words (actions and entities translated, the entity picked from a list), filters them by action and
 * downloads them as CSV. Screenshot: audit-log.png. And an impersonation round
 * trip: a super user opens a company's console as its admin from Settings → Companies, sees the banner, and leaves.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as models from '../../core/src/db/models/index.js';
import { hashPassword } from '../../core/src/util/password.js';
import type { E2eContext } from './context.js';

/** A company of its own with two admins: one changes things (through the API), the other reads the log (in the browser). */
async function companyWithAdmins() {
  const suffix = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
  const plan = await models.Plan.query().insertAndFetch({ name: `Audit ${suffix}`, users: 0, connections: 0, queues: 0, value: 10 } as never) as unknown as { id: number };
  const company = await models.Company.query().insertAndFetch({ name: `Auditada ${suffix}`, planId: plan.id, status: true, dueDate: '2099-01-01', recurrence: 'MENSAL' } as never) as unknown as { id: number };
  const password = 'Audit-pass-123';
  const admin = (name: string, email: string) => models.User.scoped(company.id).insert({ name, email, passwordHash: '', profile: 'admin', super: false, allTicket: 'enabled' } as never);
  const hash = await hashPassword(password);
  await admin('Ana Auditora', `ana${suffix}@auditada.e2e`);
  await admin('Bruno Admin', `bruno${suffix}@auditada.e2e`);
  await models.User.scoped(company.id).patch({ passwordHash: hash } as never);
  return { reader: `ana${suffix}@auditada.e2e`, writer: `bruno${suffix}@auditada.e2e`, password, companyId: company.id, companyName: `Auditada ${suffix}` };
}

export function registerAuditLogScenario(ctx: () => E2eContext) {
  test('audit log: an admin sees who changed what, filters it and exports it', async () => {
    const { app, base, newPage, login, shot } = ctx();
    const { reader, writer, password } = await companyWithAdmins();
    // The other admin's changes, through the API.
    const signedIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: writer, password } });
    const auth = { authorization: `Bearer ${signedIn.json().token as string}` };
    const tag = (await app.inject({ method: 'POST', url: '/api/tags', headers: auth, payload: { name: 'Clientes VIP', color: '#d32f2f' } })).json() as { id: number };
    assert.equal((await app.inject({ method: 'PUT', url: `/api/tags/${tag.id}`, headers: auth, payload: { name: 'Clientes Ouro', color: '#d32f2f' } })).statusCode, 200);

    const { context, page } = await newPage({ width: 1440, height: 900 });
    try {
      await login(page, reader, password);
      await page.goto(`${base}/settings`);
      await page.locator('.p-tabview-nav li', { hasText: /Audit log|Registro de auditoria|Registro de auditoría/ }).click();
      const table = page.getByTestId('audit-table');
      await table.locator('tr', { hasText: 'Clientes Ouro' }).first().waitFor();
      const renamed = await table.locator('tr', { hasText: 'Clientes VIP → Clientes Ouro' }).count();
      assert.equal(renamed, 1, 'the rename shows its before and after');
      assert.ok(await table.locator('tr', { hasText: 'Bruno Admin' }).count() >= 2, 'by the admin who made it');
      await shot(page, 'audit-log');

      // Actions and entities in words (issue 41, item 6): the reader's own sign-in, the tags by their label, no raw keys.
      const actions = await table.getByTestId('audit-row-action').allTextContents();
      const entities = await table.getByTestId('audit-row-entity').allTextContents();
      assert.ok(actions.some((a) => /^(Signed in|Entrou|Inició sesión)$/.test(a)), `the sign-in shows translated (${actions.join(', ')})`);
      assert.deepEqual(actions.filter((a) => /^[a-z0-9_]+$/.test(a)), [], 'no action shows as its raw key');
      assert.deepEqual(entities.filter((e) => /^[a-z][A-Za-z]+$/.test(e)), [], 'no entity shows as its table name');
      // The entity filter is a picker of labelled entities, not a table name to type.
      await page.getByTestId('audit-entity').click();
      await page.locator('.p-dropdown-item', { hasText: /^(Tags|Etiquetas)$/ }).click();
      await table.locator('tr', { hasText: /Signed in|Entrou|Inició sesión/ }).first().waitFor({ state: 'detached' });
      assert.ok(await table.locator('tbody tr', { hasText: 'Clientes Ouro' }).count() >= 1, 'the tag entries stay');
      await page.getByTestId('audit-entity').locator('.p-dropdown-clear-icon').click();
      await table.locator('tr', { hasText: /Signed in|Entrou|Inició sesión/ }).first().waitFor();

      await page.getByTestId('audit-action').click();
      await page.locator('.p-dropdown-item', { hasText: /Created|Criou|Creó/ }).click();
      await table.locator('tr', { hasText: /Changed|Alterou|Cambió/ }).first().waitFor({ state: 'detached' });
      assert.equal(await table.locator('tbody tr', { hasText: 'Clientes VIP' }).count(), 1, 'filtered to creations');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
      const csv = readFileSync((await download.path())!, 'utf8');
      assert.match(csv, /id;createdAt;companyId/, 'a CSV with its header');
      assert.match(csv, /Clientes VIP/, 'holding the filtered entries');
    } finally {
      await context.close();
    }
  });
}

export function registerImpersonationScenario(ctx: () => E2eContext) {
  test('impersonation: a super user views a company as its admin, with a banner, and leaves', async () => {
    const { base, newPage, login } = ctx();
    const { companyId, companyName } = await companyWithAdmins();
    // A super user of its own (the seeded one signs in elsewhere in the suite).
    const suffix = `${Date.now() % 1_000_000}`;
    const email = `suporte${suffix}@atrium.e2e`;
    const password = 'Suporte-pass-123';
    await models.User.scoped(1).insert({ name: 'Suporte Atrium', email, passwordHash: await hashPassword(password), profile: 'admin', super: true, allTicket: 'enabled' } as never);
    const { context, page } = await newPage({ width: 1440, height: 900 });
    try {
      await login(page, email, password);
      await page.goto(`${base}/settings`);
      await page.locator('.p-tabview-nav li', { hasText: /Companies|Empresas/ }).click();
      const row = page.locator('tr', { hasText: companyName });
      await row.getByTestId('company-impersonate').click();
      const banner = page.getByTestId('impersonation-banner');
      await banner.waitFor();
      assert.match((await banner.textContent())!, /Ana Auditora/, 'the banner names the admin being viewed as');
      await page.waitForURL(/\/tickets/);
      await page.getByTestId('impersonation-leave').click();
      await banner.waitFor({ state: 'detached' });
      await page.waitForURL(/\/settings/);
      const entries = await models.AuditLog.scoped(companyId).whereIn('action', ['impersonate', 'impersonate_back']).orderBy('id');
      assert.deepEqual(entries.map((e) => e.action), ['impersonate', 'impersonate_back'], 'both ends are in the company\'s audit log');
    } finally {
      await context.close();
    }
  });
}
