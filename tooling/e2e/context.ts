import type { FastifyInstance } from 'fastify';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * What tooling/e2e/run.ts hands each registered scenario: the in-process API, its base URL, a fresh
 * browser page, the console login and a screenshot into docs/screenshots. A scenario module exports
 * `registerXScenario(ctx: () => E2eContext)`; run.ts registers it with one line.
 */
export interface E2eContext {
  app: FastifyInstance;
  base: string;
  /** The seeded super admin of company 1 (every plan flag on). */
  admin: { email: string; password: string };
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** Signs in through the login page and waits for /tickets. */
  login(page: Page, email: string, password: string): Promise<void>;
  /** Saves docs/screenshots/<name>.png. */
  shot(page: Page, name: string): Promise<unknown>;
}
