/**
 * The WhatsApp Cloud API connection in the browser (issue 29; registered in tooling/e2e/run.ts). The admin creates a
 * Cloud connection in the console pointing at the fake Graph API (core/test/connections/fake-graph.ts, started by
 * run.ts before the server); a customer message delivered by a signed webhook opens a ticket; the agent answers and
 * the fake receives it; once the customer's last message is older than 24 hours the composer says the window is
 * closed and the agent sends an approved template with its variables, which the fake receives.
 * When Meta then refuses the token, the connections page says the connection is down because the token expired.
 * A campaign on the connection takes a template for the contacts outside the window.
 * The form first refuses an incomplete set of fields, all named at once and nothing created (issue 41).
 * Screenshots: cloud-template.png, campaign-cloud-template.png, cloud-token-expired.png.
 */
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Contact, Message, Ticket, User, Whatsapp } from '../../core/src/db/models/index.js';
import { toDbTime } from '../../core/src/db/time.js';
import { fakeGraph, FAKE_PHONE_ID, FAKE_TOKEN, FAKE_WABA_ID, type FakeGraph } from '../../core/test/connections/fake-graph.js';
import type { E2eContext } from './context.js';

const APP_SECRET = 'e2e-app-secret-0001';
const VERIFY_TOKEN = 'e2e-verify-token';
const CUSTOMER = { number: '5511955554444', name: 'Clara Nuvem', text: 'Bom dia, meu pedido não chegou' };
const REPLY = 'Bom dia, Clara! Vou verificar agora.';

export interface CloudGraph { graph: FakeGraph; close(): Promise<void> }

/** The fake Graph API for the run (run.ts lets the server's outbound client reach its origin: outbound.ts). */
export async function startCloudGraph(): Promise<CloudGraph> {
  const closers: Array<() => unknown> = [];
  const graph = await fakeGraph({ teardown: (fn) => closers.push(fn) });
  return { graph, close: async () => { for (const fn of closers) await fn(); } };
}

/** A customer's text as Meta delivers it to a Cloud connection's webhook (`wamid` its id), signed with the app secret. */
export function deliverCloudText(base: string, whatsappId: number, customer: { number: string; name: string; text: string }, wamid: string, appSecret = APP_SECRET) {
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: FAKE_WABA_ID, changes: [{ field: 'messages', value: {
      messaging_product: 'whatsapp', metadata: { display_phone_number: '551140001234', phone_number_id: FAKE_PHONE_ID },
      contacts: [{ profile: { name: customer.name }, wa_id: customer.number }],
      messages: [{ from: customer.number, id: wamid, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: customer.text } }],
    } }] }],
  });
  return fetch(`${base}/api/whatsapp-cloud/${whatsappId}/webhook`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(raw, appSecret) } });
}

/** Meta's `x-hub-signature-256` of a delivery: the raw body's HMAC-SHA256 with the app secret. */
export const hubSignature = (raw: string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export function registerCloudScenario(ctx: () => E2eContext, cloud: () => CloudGraph) {
  test('cloud: a Cloud API connection from the console, a signed delivery opens a ticket, the reply and a template reach the Graph API', async () => {
    const { base, admin, newPage, login, shot } = ctx();
    const { graph } = cloud();
    const agent = await newPage();
    const errors: string[] = [];
    agent.page.on('pageerror', (e) => errors.push(e.message));
    const { page } = agent;
    try {
      await login(page, admin.email, admin.password);
      // The admin adds the connection with the Graph API's fields; the base URL points at the fake.
      await page.getByTestId('menu-/connections').click();
      await page.getByTestId('connections-add').click();
      const form = page.getByTestId('connection-form');
      await form.locator('#cn-name').fill('Cloud e2e');
      await form.locator('.p-dropdown').first().click();
      await page.locator('.p-dropdown-item', { hasText: /Cloud API/ }).click();
      await form.getByTestId('cloud-fields').waitFor();
      const fields: Record<string, string> = {
        phoneNumberId: FAKE_PHONE_ID, wabaId: FAKE_WABA_ID, accessToken: FAKE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, baseUrl: graph.url,
      };

      // An incomplete form (issue 41, item 9) is refused before anything is sent: every wrong field says so at once,
      // in words, and no connection is created (a second save then works: no "name already exists").
      const before = await Whatsapp.scoped(1).where({ name: 'Cloud e2e' }).resultSize();
      await form.locator('#cn-cloud-phoneNumberId').fill('número');
      await form.locator('button[type=submit]').click();
      for (const k of ['phoneNumberId', 'wabaId', 'accessToken', 'appSecret', 'verifyToken']) await form.getByTestId(`error-${k}`).waitFor();
      const shown = (await form.locator('.field-error').allTextContents()).join(' | ');
      assert.doesNotMatch(shown, /body\//, `no raw field path (${shown})`);
      assert.match(await form.getByTestId('error-phoneNumberId').textContent() ?? '', /digits|dígitos/i, 'the number id says what it takes');
      assert.ok(await form.locator('#cn-cloud-wabaId-hint').textContent(), 'each field says where to find its value');
      assert.match(await form.getByTestId('cloud-webhook').textContent() ?? '', /\/api\/whatsapp-cloud\//, 'the webhook URL is announced before saving');
      assert.equal(await Whatsapp.scoped(1).where({ name: 'Cloud e2e' }).resultSize(), before, 'nothing was created');

      for (const [k, v] of Object.entries(fields)) await form.locator(`#cn-cloud-${k}`).fill(v);
      await form.locator('button[type=submit]').click();
      // Created in one step; the dialog stays on it with its webhook URL, which names the new connection.
      const created = await until(() => Whatsapp.scoped(1).findOne({ name: 'Cloud e2e' }), 'the connection');
      await form.getByTestId('cloud-webhook').filter({ hasText: `/api/whatsapp-cloud/${created.id}/webhook` }).waitFor();
      await form.getByRole('button', { name: /^(Cancel|Cancelar)$/ }).click();
      await form.waitFor({ state: 'detached' });
      const row = page.getByTestId('connections-table').locator('tr', { hasText: 'Cloud e2e' });
      await row.getByTestId('connection-status').filter({ hasText: /^(Connected|Conectado|CONNECTED)$/ }).waitFor();
      const wa = (await Whatsapp.scoped(1).findOne({ name: 'Cloud e2e' }))!;
      assert.equal(wa.provider, 'cloud');
      assert.ok(graph.calls.some((c) => c.path.endsWith(`/${FAKE_PHONE_ID}`)), 'the number was checked with the token');

      // Meta delivers the customer's message, signed with the app secret.
      const delivered = await deliverCloudText(base, wa.id, CUSTOMER, 'wamid.E2E1');
      assert.equal(delivered.status, 200, 'the signed delivery is taken');

      const contact = await until(() => Contact.scoped(1).findOne({ number: CUSTOMER.number }), 'the contact');
      const ticket = await until(() => Ticket.scoped(1).findOne({ contactId: contact.id, whatsappId: wa.id }), 'the ticket');
      await page.getByTestId('menu-/tickets').click();
      await page.getByTestId('subtab-pending').click();
      const pending = page.getByTestId('ticket-row').filter({ hasText: CUSTOMER.name });
      await pending.waitFor();
      await pending.getByTestId('ticket-accept').click();
      await page.waitForURL(new RegExp(`/tickets/${ticket.uuid}$`));
      await page.getByTestId('message').filter({ hasText: CUSTOMER.text }).waitFor();
      await page.getByTestId('service-window').and(page.locator('.open')).waitFor();

      // The agent answers in the window: the Graph API gets the text for the customer.
      await page.getByTestId('composer-input').fill(REPLY);
      await page.getByTestId('composer-input').press('Enter');
      await page.locator('[data-testid=message][data-from-me=true]').filter({ hasText: REPLY }).waitFor();
      await until(async () => graph.sent().find((m) => m.type === 'text' && m.text?.body === REPLY && m.to === CUSTOMER.number), 'the reply at the Graph API');

      // A day later: the customer's last message is more than 24 hours old.
      await Message.scoped(1).where({ contactId: contact.id, fromMe: false }).patch({ createdAt: toDbTime(Date.now() - 25 * 3600_000) } as Partial<Message>);
      const me = (await User.scoped(1).findOne({ email: admin.email }))!;
      assert.equal((await Ticket.scoped(1).findById(ticket.id))?.userId, me.id, 'the agent owns the ticket');
      await page.reload();
      const closed = page.getByTestId('service-window').and(page.locator('.closed'));
      await closed.waitFor();
      await closed.getByTestId('btn-template').click();
      const dialog = page.getByTestId('template-dialog');
      await dialog.getByTestId('template-pick').click();
      // Only approved templates are offered (the fake's PENDING one is not).
      assert.equal(await page.locator('.p-dropdown-item', { hasText: 'promo_draft' }).count(), 0);
      await page.locator('.p-dropdown-item', { hasText: 'order_update' }).click();
      await dialog.locator('#tpl-var-0').fill('Clara');
      await dialog.locator('#tpl-var-1').fill('#4521');
      await dialog.locator('.template-preview', { hasText: 'Olá Clara, seu pedido #4521 saiu.' }).waitFor();
      await shot(page, 'cloud-template');
      await dialog.getByTestId('template-send').click();
      await dialog.waitFor({ state: 'detached' });
      await page.locator('[data-testid=message][data-from-me=true]').filter({ hasText: 'Olá Clara, seu pedido #4521 saiu.' }).waitFor();
      const template = await until(async () => graph.sent().find((m) => m.type === 'template'), 'the template at the Graph API');
      assert.deepEqual(template.template, {
        name: 'order_update', language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Clara' }, { type: 'text', text: '#4521' }] }],
      });
      assert.equal(template.to, CUSTOMER.number);

      // A campaign on the Cloud connection: the form says who gets a template and takes one with its variables.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const listRes = await fetch(`${base}/api/contact-lists`, { method: 'POST', body: JSON.stringify({ name: 'Clientes nuvem' }), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
      const list = await listRes.json() as { id: number };
      await page.goto(`${base}/campaigns`);
      await page.getByTestId('campaigns-add').click();
      const campaignForm = page.getByTestId('campaign-form');
      await campaignForm.locator('#campaign-name').fill('Avisos nuvem');
      await campaignForm.getByTestId('campaign-connection').selectOption(String(wa.id));
      await campaignForm.getByTestId('campaign-list').selectOption(String(list.id));
      await campaignForm.getByTestId('campaign-cloud-note').filter({ hasText: 'only receive a template' }).waitFor();
      await campaignForm.getByTestId('campaign-template-pick').locator('option', { hasText: 'order_update (pt_BR)' }).waitFor({ state: 'attached' });
      await campaignForm.getByTestId('campaign-template-pick').selectOption({ label: 'order_update (pt_BR)' });
      await campaignForm.locator('#campaign-template-var-0').fill('{nome}');
      await campaignForm.locator('#campaign-template-var-1').fill('#{numero}');
      await campaignForm.locator('#campaign-message1').fill('Oi {nome}, seu pedido saiu!');
      await campaignForm.getByTestId('campaign-template').scrollIntoViewIfNeeded();
      await shot(page, 'campaign-cloud-template');
      await page.getByTestId('campaign-save').click();
      await campaignForm.waitFor({ state: 'detached' });
      const campaigns = await (await fetch(`${base}/api/campaigns`, { headers: { authorization: `Bearer ${token}` } })).json() as { records: Array<{ name: string; template: unknown }> };
      assert.deepEqual(campaigns.records.find((c) => c.name === 'Avisos nuvem')?.template, { name: 'order_update', language: 'pt_BR', parameters: ['{nome}', '#{numero}'] });
      await page.goto(`${base}/tickets/${ticket.uuid}`);
      await page.getByTestId('service-window').waitFor();
      // Meta revokes the token: the next send fails and the connections page says why the connection is down.
      graph.failNextSend(401, { code: 190, message: 'Error validating access token: Session has expired' });
      await page.getByTestId('service-window').getByTestId('btn-template').click();
      await dialog.getByTestId('template-pick').click();
      await page.locator('.p-dropdown-item', { hasText: 'order_update' }).click();
      await dialog.locator('#tpl-var-0').fill('Clara');
      await dialog.locator('#tpl-var-1').fill('#4522');
      await dialog.getByTestId('template-send').click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('menu-/connections').click();
      const down = page.getByTestId('connections-table').locator('tr', { hasText: 'Cloud e2e' });
      await down.getByTestId('connection-status').filter({ hasText: /^(Disconnected|Desconectado|DISCONNECTED)$/ }).waitFor();
      await down.getByTestId('connection-status-reason').filter({ hasText: 'access token has expired' }).waitFor();
      assert.equal(await down.getByRole('button', { name: 'New QR' }).count(), 0, 'a Cloud connection has no QR code to offer');
      await shot(page, 'cloud-token-expired');
      assert.deepEqual(errors, []);
    } finally {
      await agent.context.close();
    }
  });
}
