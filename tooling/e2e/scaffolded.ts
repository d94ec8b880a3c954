/**
 * A plugin made by `npm run create-plugin -- desk-notes --dir <outside folder>`, its remote built with
 * vite, loaded by the running core through an external plugins folder (as PLUGINS_DIR), then shown in
 * the console to a company whose plan has its flag (useDeskNotes, kept in the plan's features).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { companyWithPlan } from './tenant.js';

export const SCAFFOLD_ID = 'desk-notes';

/**
 * As an agency readies a plugin folder: its own install links @atrium/plugin-kit from this checkout (nothing is
 * downloaded), then its remote is built with the kit's vite helper.
 */
export function installAndBuildRemote(pluginDir: string) {
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund'], { cwd: pluginDir, stdio: 'ignore' });
  execFileSync('npm', ['run', 'build-remote'], { cwd: pluginDir, stdio: 'ignore' });
}

/** Scaffolds and builds the plugin outside the repository; answers the folder to scan. */
export function scaffoldExternalPlugin(root: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-plugins-'));
  execFileSync(process.execPath, [path.join(root, 'tooling/create-plugin/index.mjs'), SCAFFOLD_ID, '--dir', dir], { cwd: root, stdio: 'ignore' });
  installAndBuildRemote(path.join(dir, SCAFFOLD_ID));
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
    const { email, password } = await companyWithPlan('Desk', { useDeskNotes: true });

    const { context, page } = await newPage();
    try {
      const remoteEntry = page.waitForRequest((r) => r.url().endsWith(`/plugins/${SCAFFOLD_ID}/remoteEntry.js`));
      await login(page, email, password);
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
