import type { Browser, Page } from 'playwright-core';

/** How Chromium words a refusal: "Refused to frame …", "Loading the script '…' violates the following Content Security Policy directive …". */
const REFUSAL = /Refused to |violates the following Content Security Policy/;

/**
 * Collects, from every page of every context the browser opens from now on, the console messages in which
 * Chromium reports a refusal: a Content-Security-Policy violation (a script, a style, a frame, a connection).
 * The suite runs under the server's real CSP and fails on any of them (run.ts' last test).
 */
export function collectRefusals(browser: Browser): string[] {
  const refusals: string[] = [];
  const newContext = browser.newContext.bind(browser);
  // browser.newPage() opens its context through newContext too.
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    context.on('console', (message) => {
      if (REFUSAL.test(message.text())) refusals.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
    });
    return context;
  };
  return refusals;
}

/**
 * The collector's own check, under the server's CSP: an inline script injected into a console page must be refused
 * and seen. Returns what it saw there, which the caller leaves out of the run's refusals.
 */
export async function refusalCanary(page: Page, base: string, refusals: string[]): Promise<string[]> {
  await page.goto(`${base}/login#csp-canary`);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.cspCanaryRan = true';
    document.head.appendChild(script);
  });
  for (let i = 0; i < 100 && !refusals.some((r) => r.includes('csp-canary')); i++) await page.waitForTimeout(50);
  return refusals.filter((r) => r.includes('csp-canary'));
}
