/**
 * Campaigns in the browser (registered in tooling/e2e/run.ts; needs host-web/dist and remotes/campaigns/dist built).
 * The admin downloads the sample sheet, imports a sheet into a contact list from the items page, creates a campaign
 * in the form (two variants and an image) on the sandbox connection, watches it finish live in its report, and the
 * sandbox outbox holds one message per valid number, each with the image. Screenshots: contact-list-items.png,
 * campaign-form.png, campaign-report.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { E2eContext } from './context.js';

const NUMBERS = ['5511966660001', '5511966660002', '5511966660003'];
// A real 1×1 PNG: the console shows the chosen file's name, the server checks the type and the size.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function sheet(rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lista');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function registerCampaignsScenario(ctx: () => E2eContext) {
  test('campaigns: sample sheet, a sheet imported into a list, a two-variant campaign with an image made in the form finishes live in its report, one message per valid number', async () => {
    const { app, base, admin, newPage, login, shot } = ctx();
    const { context, page } = await newPage();
    try {
      await login(page, admin.email, admin.password);
      const token = await page.evaluate(() => {
        for (const k of Object.keys(localStorage)) { const v = localStorage.getItem(k) ?? ''; if (/^ey/.test(v)) return v; try { const o = JSON.parse(v); if (o?.token) return o.token as string; } catch { /* not JSON */ } }
        return '';
      });
      assert.ok(token, 'the console keeps a session token');
      const call = async (method: string, url: string, body?: unknown) =>
        (await app.inject({ method: method as 'GET', url, payload: body as object, headers: { authorization: `Bearer ${token}` } })).json();
      await call('POST', '/api/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
      const list = await call('POST', '/api/contact-lists', { name: 'Clientes VIP' });

      // The lists page offers the sample sheet.
      await page.getByTestId('side-menu').getByText('Campaigns', { exact: true }).click();
      await page.getByTestId('campaigns-page').waitFor();
      await page.goto(`${base}/contact-lists`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contact-list-sample').click()]);
      assert.equal(download.suggestedFilename(), 'contact-list-sample.xlsx');

      // The items page: import the sheet through the file picker.
      await page.goto(`${base}/contact-lists/${list.id}/contacts`);
      await page.getByTestId('contact-list-items-page').waitFor();
      await page.getByTestId('contact-list-file').setInputFiles({
        name: 'clientes.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await sheet([['nome', 'numero', 'email'], ['Ana Souza', NUMBERS[0], 'ana@x.co'], ['Bruno Lima', NUMBERS[1], ''], ['Carla Dias', NUMBERS[2], ''], ['Dup', NUMBERS[0], ''], ['Bad', '12', '']]),
      });
      await page.getByText('3 imported, 1 duplicated, 1 invalid.').waitFor();
      await page.locator('[data-testid=contact-list-items-table] tbody tr').nth(2).waitFor();
      await shot(page, 'contact-list-items');
      // And out again as CSV (issue 27), in the columns the import reads.
      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contact-list-export-csv').click()]);
      assert.equal(csv.suggestedFilename(), `contact-list-${list.id}.csv`);
      const exported = await readFile((await csv.path())!, 'utf8');
      assert.match(exported, /^\uFEFFname;number;email;whatsappValid\r\n/);
      for (const number of NUMBERS) assert.ok(exported.includes(`;${number};`), `${number} exported`);

      // The campaign form: connection, list, schedule (now: it starts as soon as it is saved), two variants, an image.
      const whatsapp = (await call('GET', '/api/whatsapp')).find((c: { provider: string }) => c.provider === 'sandbox');
      await page.goto(`${base}/campaigns`);
      await page.getByTestId('campaigns-add').click();
      const form = page.getByTestId('campaign-form');
      await form.locator('#campaign-name').fill('Black Friday');
      await form.getByTestId('campaign-connection').selectOption(String(whatsapp.id));
      await form.getByTestId('campaign-list').selectOption(String(list.id));
      // The SDK's DateTimeField (PrimeReact's Calendar): typed as dd/mm/yyyy HH:mm, then a click outside the dialog closes its panel.
      // (The browser runs in this machine's time zone.)
      const d = new Date();
      const two = (n: number) => String(n).padStart(2, '0');
      const now = `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
      await form.locator('#date-campaign-scheduled').fill(now);
      await page.locator('.p-datepicker.p-connected-overlay-enter-done').waitFor(); // its outside-click listener is on once it has opened
      await page.mouse.click(5, 400);
      await page.locator('.p-datepicker').waitFor({ state: 'detached' });
      await form.locator('#campaign-message1').fill('Olá {{name}}, ofertas!');
      await form.locator('#campaign-message2').fill('Oi {nome}, confira as ofertas.');
      await form.getByTestId('campaign-media-file').setInputFiles({ name: 'oferta.png', mimeType: 'image/png', buffer: PNG });
      await form.getByTestId('campaign-media-name').filter({ hasText: 'oferta.png' }).waitFor();
      await form.locator('#campaign-name').scrollIntoViewIfNeeded();
      await shot(page, 'campaign-form');
      await page.getByTestId('campaign-save').click();
      await form.waitFor({ state: 'detached' });
      const campaign = (await call('GET', '/api/campaigns')).records.find((c: { name: string }) => c.name === 'Black Friday');
      assert.equal(campaign.mediaName, 'oferta.png');

      await page.goto(`${base}/campaign/${campaign.id}/report`);
      await page.getByTestId('campaign-report-page').waitFor();
      await page.getByTestId('campaign-counts').filter({ hasText: 'Finished' }).waitFor({ timeout: 30_000 });
      await page.getByTestId('campaign-counts').filter({ hasText: 'Delivered: 3 (100%)' }).waitFor();
      await page.waitForTimeout(5500); // the report reads the recipients again 5 s after FINALIZADA
      await page.locator('[data-testid=campaign-report-table] tbody tr').nth(2).waitFor();
      await shot(page, 'campaign-report');

      const outbox = ((await call('GET', `/api/sandbox/${whatsapp.id}/outbox`)).records as { to: string; body: string; mediaUrl: string | null }[])
        .filter((m) => NUMBERS.includes(m.to));
      assert.deepEqual(outbox.map((m) => m.to).sort(), NUMBERS, 'one message per valid number');
      for (const m of outbox) {
        assert.ok(/^(Olá .+, ofertas!|Oi .+, confira as ofertas\.)$/.test(m.body), m.body);
        assert.match(m.mediaUrl ?? '', /oferta\.png$/, 'with the image');
      }
    } finally {
      await context.close();
    }
  });
}
