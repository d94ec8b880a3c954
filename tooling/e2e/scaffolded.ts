/**
 * A plugin made by `npm run create-plugin -- desk-notes --dir <outside folder>`, its remote built with
 * vite, loaded by the running core through an external plugins folder (as PLUGINS_DIR), then shown in
 * the console to a company whose plan has its flag (useDeskNotes, kept in the plan's features).
 */
import * as models from '../../core/src/db/models/index.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';

export const SCAFFOLD_ID = 'desk-notes';

/** Scaffolds and builds the plugin outside the repository; answers the folder to scan. */
export function scaffoldExternalPlugin(root: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-plugins-'));
  execFileSync(process.execPath, [path.join(root, 'tooling/create-plugin/index.mjs'), SCAFFOLD_ID, '--dir', dir], { cwd: root, stdio: 'ignore' });
  // As an agency would: its own install links @atrium/plugin-kit from this checkout (nothing is downloaded).
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund'], { cwd: path.join(dir, SCAFFOLD_ID), stdio: 'ignore' });
  execFileSync('npm', ['run', 'build-remote'], { cwd: path.join(dir, SCAFFOLD_ID), stdio: 'ignore' });
  return dir;
}

interface Ctx {
  app: FastifyInstance;
  base: string;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  login(page: Page, email: string, password: string): Promise<void>;
}

export function registerScaffoldedPluginScenario(ctx: () => Ctx) {
  test('a plugin scaffolded by create-plugin outside the repo is loaded by the core and its list page works in the console', async () => {
    const { newPage, login } = ctx();
    const { hashPassword } = await import('../../core/src/util/password.js');
    const suffix = Date.now();
    const plan = await models.Plan.query().insertAndFetch({ name: `Desk ${suffix}`, users: 0, connections: 0, queues: 0, value: 10, features: { useDeskNotes: true } } as never);
    const company = await models.Company.query().insertAndFetch({ name: `Desk Co ${suffix}`, planId: plan.id, status: true, dueDate: '2099-01-01', recurrence: 'MENSAL' } as never);
    const email = `admin${suffix}@desk.e2e`;
    await models.User.scoped(company.id).insert({ name: 'Desk Admin', email, passwordHash: await hashPassword('Desk-pass-123'), profile: 'admin', super: false, allTicket: 'enabled' } as never);

    const { context, page } = await newPage();
    try {
      const remoteEntry = page.waitForRequest((r) => r.url().endsWith(`/plugins/${SCAFFOLD_ID}/remoteEntry.js`));
      await login(page, email, 'Desk-pass-123');
      await page.getByTestId('side-menu').getByText('Desk Notes', { exact: true }).click();
      await remoteEntry;
      // Its page is the host's ListPage and FormDialog (sdk.ui): empty state, add through the dialog, the row shows.
      await page.getByTestId(`${SCAFFOLD_ID}-empty`).waitFor();
      assert.match(page.url(), new RegExp(`/${SCAFFOLD_ID}$`));
      await page.getByTestId(`${SCAFFOLD_ID}-add`).click();
      await page.locator(`#${SCAFFOLD_ID}-name`).fill('Printer on the second floor');
      await page.locator(`#${SCAFFOLD_ID}-note`).fill('Toner is low');
      await page.getByTestId(`${SCAFFOLD_ID}-form`).locator('button[type=submit]').click();
      await page.getByTestId(`${SCAFFOLD_ID}-table`).getByText('Printer on the second floor').waitFor();
      await page.getByTestId(`${SCAFFOLD_ID}-table`).getByText('Toner is low').waitFor();
    } catch (err) {
      // Keep what the page showed, for whoever reads the failure.
      await page.screenshot({ path: path.join(os.tmpdir(), 'atrium-e2e-scaffolded-failure.png') }).catch(() => undefined);
      throw err;
    } finally {
      await context.close();
    }
  });
}
