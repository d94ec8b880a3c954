/**
 * A contact's data in the browser (registered in tooling/e2e/run.ts with one line): the admin exports a contact's
 * data from the contacts screen (a .zip download), then erases it, confirmed by typing its number; and sets the
 * company's message retention in Settings. Screenshots: contact-export.png, contact-erase.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Contact, Whatsapp } from '../../core/src/db/models/index.js';
import type { E2eContext } from './context.js';

const PERSON = { number: '5511955551234', name: 'Paula Privacidade' };

export function registerContactDataScenario(ctx: () => E2eContext) {
  test('a contact\'s data: the admin exports it as a .zip and erases it after typing its number; the retention setting saves', async () => {
    const { app, base, admin, newPage, login, shot } = ctx();
    const wa = (await Whatsapp.scoped(1).where({ isDefault: true }).first())!;
    await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, {
      providerId: `e2e-privacy-${Date.now()}`, from: PERSON.number, pushName: PERSON.name, fromMe: false, isGroup: false, kind: 'text', body: 'Quero meus dados', timestamp: new Date(),
    });
    const contact = (await Contact.scoped(1).findOne({ number: PERSON.number }))!;
    const { context, page } = await newPage();
    try {
      await login(page, admin.email, admin.password);
      await page.goto(`${base}/contacts`);
      await page.getByTestId('contacts-search').fill(PERSON.name);
      const row = page.getByTestId('contacts-table').locator('tr', { hasText: PERSON.name });
      await row.waitFor();

      await row.getByTestId('contact-export-data').click();
      await page.getByTestId('contact-export-dialog').waitFor();
      await shot(page, 'contact-export');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contact-export-submit').click()]);
      assert.equal(download.suggestedFilename(), `contact-${contact.id}.zip`);
      await page.getByTestId('contact-export-dialog').waitFor({ state: 'detached' });

      await row.getByTestId('contact-erase-data').click();
      const submit = page.getByTestId('contact-erase-submit');
      assert.equal(await submit.isDisabled(), true, 'nothing is erased before the number is typed');
      await page.getByTestId('contact-erase-confirm').fill('5511900000000');
      assert.equal(await submit.isDisabled(), true, 'another number does not confirm');
      await page.getByTestId('contact-erase-confirm').fill(`+55 (11) 95555-1234`);
      assert.equal(await submit.isDisabled(), false, 'the contact\'s number, punctuation aside, confirms');
      await shot(page, 'contact-erase');
      await submit.click();
      await row.waitFor({ state: 'detached' });
      assert.equal(await Contact.scoped(1).findById(contact.id), undefined, 'the contact is gone');

      await page.goto(`${base}/settings`);
      await page.getByRole('tab', { name: 'Data retention' }).click();
      const months = page.locator('#s-messageRetentionMonths');
      await months.click();
      await months.press('Control+a');
      await months.pressSequentially('18');
      await months.press('Tab');
      await page.getByTestId('setting-messageRetentionMonths-save').click();
      await page.locator('.p-toast-message', { hasText: 'Setting updated.' }).waitFor();
      assert.equal(await app.tenancy.settings.get(1, 'messageRetentionMonths'), '18');
      await app.tenancy.settings.set(1, 'messageRetentionMonths', '0');
    } finally {
      await context.close();
    }
  });
}
