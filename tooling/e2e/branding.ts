/**
 * White-label branding (issue 34) in the browser (registered in tooling/e2e/run.ts with one line): the operator's
 * product name, logo, login background and primary colour show on the login page at run time (no rebuild), the
 * name as the tab title, the colour on the theme's buttons; with sign-up closed the link is gone.
 * The super user's Settings → Branding tab renames the product, and the menu and the tab title follow without a reload.
 * Screenshot: branded-login.png. The branding is set through the API and reset afterwards, so the other
 * scenarios see the console's own look. Its API sign-ins end the admin's other sessions (one session per user):
 * registered after the scenarios that keep an admin page open.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { E2eContext } from './context.js';
import { multipart } from '../../core/test/contacts/multipart.js';

const BRAND = { appName: 'Acme Desk', primaryColorLight: '#0a7d3c', allowSignup: 'disabled' };
const BRAND_RGB = 'rgb(10, 125, 60)';

/** A PNG drawn by the browser itself (the run needs no image library): `html` rendered at `size`, screenshotted. */
async function drawPng(page: Page, html: string, size: { width: number; height: number }): Promise<Buffer> {
  await page.setViewportSize(size);
  await page.setContent(`<body style="margin:0">${html}</body>`);
  return page.screenshot({ type: 'png' });
}

export function registerBrandingScenario(ctx: () => E2eContext) {
  test('branded login page: the operator\'s name, logo, background and colour, sign-up link hidden (screenshot)', async () => {
    const { app, admin, newPage, base, shot } = ctx();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: admin.password } });
    const authorization = `Bearer ${login.json<{ token: string }>().token}`;
    const put = (key: string, value: string) => app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers: { authorization }, payload: { value } });
    const upload = (key: string, content: Buffer) => {
      const form = multipart({}, [{ field: 'file', filename: `${key}.png`, content, mimetype: 'image/png' }]);
      return app.inject({ method: 'POST', url: `/api/settings/branding/${key}`, headers: { ...form.headers, authorization }, payload: form.payload });
    };
    const { context, page } = await newPage();
    try {
      const background = await drawPng(page, '<div style="width:100vw;height:100vh;background:linear-gradient(135deg,#0a7d3c,#7fd6a4 60%,#e8f7ee)"></div>', { width: 1366, height: 800 });
      const logo = await drawPng(page, '<div style="width:100vw;height:100vh;display:flex;align-items:center;justify-content:center;gap:10px;font:700 34px sans-serif;color:#0a7d3c;background:#fff"><span style="display:inline-block;width:40px;height:40px;border-radius:50%;background:#0a7d3c"></span>Acme Desk</div>', { width: 260, height: 64 });
      assert.equal((await upload('loginBackground', background)).statusCode, 200);
      assert.equal((await upload('appLogoLight', logo)).statusCode, 200);
      for (const [key, value] of Object.entries(BRAND)) assert.equal((await put(key, value)).statusCode, 200, key);

      await page.setViewportSize({ width: 1366, height: 800 });
      await page.addInitScript(() => { localStorage.setItem('i18nextLng', 'en'); localStorage.setItem('preferredTheme', 'light'); });
      await page.goto(`${base}/login`);
      await page.getByTestId('login-form').waitFor();
      assert.equal(await page.title(), BRAND.appName);
      const shownLogo = page.getByTestId('brand-logo');
      assert.equal(await shownLogo.getAttribute('alt'), BRAND.appName);
      await page.waitForFunction(() => (document.querySelector('[data-testid=brand-logo]') as HTMLImageElement | null)?.naturalWidth === 260);
      assert.match(await page.locator('.auth-page').evaluate((el) => getComputedStyle(el).backgroundImage), /\/media\/\d+\/[0-9a-f]{32}-loginBackground\.png/);
      assert.equal(await page.getByTestId('login-submit').evaluate((el) => getComputedStyle(el).backgroundColor), BRAND_RGB, 'the theme\'s primary is the brand colour');
      assert.equal(await page.getByTestId('signup-link').count(), 0, 'sign-up closed: no link');
      assert.match(await page.locator('link[rel="icon"]').getAttribute('href') ?? '', /favicon\.ico$/, 'no tab icon set: the console\'s own');
      await shot(page, 'branded-login');
    } finally {
      await context.close();
      for (const key of Object.keys(BRAND)) await put(key, key === 'allowSignup' ? 'enabled' : '');
      for (const key of ['loginBackground', 'appLogoLight']) await app.inject({ method: 'DELETE', url: `/api/settings/branding/${key}`, headers: { authorization } });
    }
  });

  test('the super user renames the product in Settings → Branding; the menu and title follow at once', async () => {
    const { app, admin, newPage, base, login } = ctx();
    const { context, page } = await newPage();
    try {
      await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
      await login(page, admin.email, admin.password);
      await page.goto(`${base}/settings`);
      await page.getByRole('tab', { name: 'Branding' }).click();
      await page.getByTestId('branding-appName').fill('Beta Support');
      await page.getByTestId('branding-save').click();
      await page.getByTestId('side-menu').locator('.brand').filter({ hasText: 'Beta Support' }).waitFor();
      assert.equal(await page.title(), 'Beta Support');
    } finally {
      await context.close();
      const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: admin.password } })).json<{ token: string }>().token;
      await app.inject({ method: 'PUT', url: '/api/settings/appName', headers: { authorization: `Bearer ${token}` }, payload: { value: '' } });
    }
  });
}
