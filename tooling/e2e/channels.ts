/**
 * Three channels in one ticket list (issue 44's acceptance; registered in tooling/e2e/run.ts). The fakes are the
 * plugins' own test fakes, started by run.ts before the server (startChannelFakes): Telegram's Bot API
 * (plugins/telegram/test/fake-bot-api.ts), Meta's Graph API for Instagram (plugins/meta-messaging/test/
 * fake-graph-messenger.ts) and the Cloud API's (core/test/connections/fake-graph.ts, the cloud scenario's).
 *
 * 1. The seeded company's plan gets useTelegram, useMetaMessaging and useWhatsappCloud through the API (PUT /api/plans/:id
 *    `features`, the admin's token): the console's plan form offers only the core's built-in flags. The admin adds a
 *    Telegram and an Instagram connection in the console's connection form (the plugins' fields); the Cloud one is
 *    created through the API (POST /api/whatsapp with `settings`): its form is covered by the cloud scenario.
 * 2. One customer message per channel arrives through its real webhook route: Telegram's secret-token header,
 *    Instagram's and Cloud's x-hub-signature-256.
 * 3. The pending tab lists the three tickets, each with its channel's icon; the channel filter narrows it to one.
 * 4. The agent accepts and answers each; each fake receives the reply for the right recipient (the Telegram chat id,
 *    the Instagram-scoped id with messaging_type RESPONSE, the Cloud wa_id).
 * 5. The menu of the agent's sent message offers Edit on Telegram (48 h) and not on Instagram or Cloud (none); the
 *    Telegram edit reaches the Bot API.
 * Screenshot: channels-ticket-list.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Test } from 'tap';
import type { Page } from 'playwright-core';
import { Whatsapp } from '../../core/src/db/models/index.js';
import { until as poll } from '../../core/test/connections/util.js';
import { FAKE_PHONE_ID, FAKE_TOKEN, FAKE_WABA_ID, type FakeGraph } from '../../core/test/connections/fake-graph.js';
import { fakeBotApi, type FakeBot } from '../../plugins/telegram/test/fake-bot-api.js';
import { fakeGraphMessenger, type FakePage } from '../../plugins/meta-messaging/test/fake-graph-messenger.js';
import { deliverCloudText, hubSignature } from './cloud.js';
import type { E2eContext } from './context.js';

const BOT: FakeBot = { token: '700100200:AAChannelsE2eBotTokenChannelsE2e', id: 700100200, username: 'atrium_e2e_bot' };
const PAGE: FakePage = { token: 'EAAChannelsE2ePageToken0001', pageId: '9988776655', instagramId: '17841400000000777', name: 'Atrium e2e' };
const META_SECRET = 'e2e-meta-app-secret';
const CLOUD_SECRET = 'e2e-cloud-channels-secret';
const TELEGRAM = { chat: 77001, first: 'Tiago', last: 'Telegrama', text: 'Oi pelo Telegram, cadê meu pedido?', reply: 'Olá Tiago! Seu pedido sai hoje.' };
const INSTAGRAM = { igsid: '7009008007006005', text: 'Vi no Instagram: ainda tem o tênis azul?', reply: 'Temos sim! Qual número?' };
const CLOUD = { number: '5511966661111', name: 'Wanda Nuvem', text: 'Pelo WhatsApp oficial: quero trocar o endereço', reply: 'Claro, Wanda! Qual o novo endereço?' };
const TICKETS = [
  { kind: 'telegram', icon: 'pi-telegram', ...TELEGRAM },
  { kind: 'instagram', icon: 'pi-instagram', ...INSTAGRAM },
  { kind: 'cloud', icon: 'pi-whatsapp', ...CLOUD },
] as const;

type BotApiFake = Awaited<ReturnType<typeof fakeBotApi>>;
type MessengerFake = Awaited<ReturnType<typeof fakeGraphMessenger>>;

export interface ChannelFakes { telegram: BotApiFake; meta: MessengerFake; origins: string[]; close(): Promise<void> }

/**
 * The Bot API and the Messenger/Instagram Graph API for the run. Each fake points its plugin at itself
 * (TELEGRAM_API_BASE_URL, META_GRAPH_BASE_URL in process.env, which the plugins read at each call) and puts it back on close.
 */
export async function startChannelFakes(): Promise<ChannelFakes> {
  const closers: Array<() => unknown> = [];
  const t = { teardown: (fn: () => unknown) => closers.push(fn) } as unknown as Test;
  const telegram = await fakeBotApi(t, [BOT]);
  const meta = await fakeGraphMessenger(t, [PAGE]);
  return { telegram, meta, origins: [telegram.base, meta.base], close: async () => { for (const fn of closers.reverse()) await fn(); } };
}

const until = <T>(probe: () => Promise<T> | T, what: string) => poll(probe, 15_000, what);

/** The console's API with the signed-in admin's token. */
async function apiOf(page: Page, base: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api${path}`, {
      method, body: body === undefined ? undefined : JSON.stringify(body),
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    });
    assert.equal(res.status, 200, `${method} ${path}: ${res.status}`);
    return await res.json() as T;
  };
}

/** The connection form: a name, the kind, the plugin's fields; saved, it reopens on the new connection, then closes. */
async function addConnection(page: Page, name: string, kindLabel: RegExp, fill: () => Promise<void>, whenSaved: () => Promise<void>) {
  await page.getByTestId('menu-/connections').click();
  await page.getByTestId('connections-add').click();
  const form = page.getByTestId('connection-form');
  await form.locator('#cn-name').fill(name);
  await form.locator('.p-dropdown').first().click();
  await page.locator('.p-dropdown-item', { hasText: kindLabel }).click();
  await fill();
  await form.locator('button[type=submit]').click();
  await whenSaved();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await form.waitFor({ state: 'detached' });
  const row = page.getByTestId('connections-table').locator('tr', { hasText: name });
  await row.getByTestId('connection-status').filter({ hasText: /^(Connected|CONNECTED)$/ }).waitFor();
  return (await Whatsapp.scoped(1).findOne({ name }))!;
}

/** Opens the menu of a bubble, says whether it offers Edit (Forward is always there: the menu is open), closes it. */
async function offersEdit(page: Page, bubble: ReturnType<Page['locator']>) {
  await bubble.hover();
  await bubble.getByTestId('message-menu').click();
  const menu = page.locator('.p-menu:visible');
  await menu.getByText('Forward', { exact: true }).waitFor();
  const edit = await menu.getByText('Edit', { exact: true }).count() > 0;
  // Escape closes it once it has finished opening (during its transition the key is not handled yet).
  await page.locator('.p-menu.p-connected-overlay-enter-done').waitFor();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return edit;
}

export function registerChannelsScenario(ctx: () => E2eContext, fakes: () => ChannelFakes & { cloud: FakeGraph }) {
  test('channels: a Telegram, an Instagram and a Cloud conversation in one list with their icons, each answered, Edit only where the channel has it', async () => {
    const { app, base, admin, newPage, login, shot } = ctx();
    const { context, page } = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await login(page, admin.email, admin.password);
      const { telegram, meta, cloud } = fakes();
      const api = await apiOf(page, base);

      // 1. The three flags on the company's plan, then the connections.
      const { planId } = await app.knex('companies').where({ id: 1 }).first('planId') as { planId: number };
      const plan = await api<{ features: Record<string, boolean> }>('GET', `/plans/${planId}`);
      const features = { ...plan.features, useTelegram: true, useMetaMessaging: true, useWhatsappCloud: true };
      assert.deepEqual((await api<{ features: Record<string, boolean> }>('PUT', `/plans/${planId}`, { features })).features, features);
      await page.reload(); // the console loads the plugins' remotes of the plan's flags
      await page.getByTestId('side-menu').waitFor();

      const form = page.getByTestId('connection-form');
      const tg = await addConnection(page, 'Telegram canais', /^Telegram$/, async () => {
        await form.getByTestId('telegram-fields').waitFor();
        await form.locator('#telegram-bot-token').fill(BOT.token);
      }, () => page.locator('.p-dialog-header', { hasText: 'Edit connection' }).waitFor());
      assert.equal(tg.provider, 'telegram');
      const hook = telegram.of('setWebhook').at(-1)!.json!;
      const telegramHook = { path: new URL(String(hook.url)).pathname, secret: String(hook.secret_token) };

      let metaWebhook = '';
      const ig = await addConnection(page, 'Instagram canais', /^Instagram Direct$/, async () => {
        await form.getByTestId('meta-fields').waitFor();
        const values = { pageId: PAGE.pageId, instagramId: PAGE.instagramId!, pageAccessToken: PAGE.token, appSecret: META_SECRET, verifyToken: 'e2e-meta-verify' };
        for (const [k, v] of Object.entries(values)) await form.locator(`#meta-${k}`).fill(v);
      }, async () => {
        // The saved connection's webhook URL, as the admin copies it into Meta's app.
        const shown = form.getByTestId('meta-webhook').filter({ hasText: '/api/meta-messaging/webhook/' });
        await shown.waitFor();
        metaWebhook = new URL(/https?:\/\/\S+/.exec(await shown.textContent() ?? '')![0]).pathname;
      });
      assert.equal(ig.provider, 'instagram');

      const settings = { phoneNumberId: FAKE_PHONE_ID, wabaId: FAKE_WABA_ID, accessToken: FAKE_TOKEN, appSecret: CLOUD_SECRET, verifyToken: 'e2e-cloud-verify', baseUrl: cloud.url };
      const wa = await api<{ id: number }>('POST', '/whatsapp', { name: 'Cloud canais', provider: 'cloud', settings });
      await until(async () => (await api<{ status: string }>('GET', `/whatsapp/${wa.id}`)).status === 'CONNECTED', 'the Cloud connection');

      // 2. One customer message on each channel, through its webhook.
      const update = {
        update_id: Date.now() % 1e9,
        message: { message_id: 501, date: Math.floor(Date.now() / 1000), chat: { id: TELEGRAM.chat, type: 'private', first_name: TELEGRAM.first, last_name: TELEGRAM.last }, from: { id: TELEGRAM.chat, first_name: TELEGRAM.first }, text: TELEGRAM.text },
      };
      const byTelegram = await fetch(`${base}${telegramHook.path}`, { method: 'POST', body: JSON.stringify(update), headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': telegramHook.secret } });
      assert.equal(byTelegram.status, 200, 'Telegram\'s delivery with its secret token is taken');
      const raw = JSON.stringify({
        object: 'instagram',
        entry: [{ id: PAGE.instagramId, time: Date.now(), messaging: [{ sender: { id: INSTAGRAM.igsid }, recipient: { id: PAGE.instagramId }, timestamp: Date.now(), message: { mid: `m_e2e_${Date.now()}`, text: INSTAGRAM.text } }] }],
      });
      const byInstagram = await fetch(`${base}${metaWebhook}`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(raw, META_SECRET) } });
      assert.equal(byInstagram.status, 200, 'Instagram\'s signed delivery is taken');
      assert.equal((await deliverCloudText(base, wa.id, CLOUD, `wamid.CHANNELS${Date.now()}`, CLOUD_SECRET)).status, 200, 'the Cloud API\'s signed delivery is taken');

      // 3. The pending tab: the three tickets, each with its channel's icon.
      await page.getByTestId('menu-/tickets').click();
      await page.getByTestId('subtab-pending').click();
      const rowOf = (text: string) => page.getByTestId('tickets-list-pending').getByTestId('ticket-row').filter({ hasText: text });
      for (const t of TICKETS) {
        const icon = rowOf(t.text).getByTestId('ticket-channel');
        await icon.waitFor();
        assert.equal(await icon.getAttribute('data-channel'), t.kind);
        assert.match(await icon.getAttribute('class') ?? '', new RegExp(`\\b${t.icon}\\b`), `${t.kind} shows its icon`);
        assert.ok(await icon.evaluate((el) => getComputedStyle(el, '::before').content.length > 2), `${t.kind}'s icon font glyph is drawn`);
      }
      // Without the "Connection saved." toasts over it.
      await page.waitForFunction(() => !document.querySelector('.p-toast-message'), null, { timeout: 15_000 });
      await shot(page, 'channels-ticket-list');

      // The channel filter narrows the list to Telegram, then back to every channel.
      const filter = page.getByTestId('channel-filter');
      await filter.click();
      await page.locator('.p-multiselect-item', { hasText: /^\s*Telegram\s*$/ }).click();
      await page.keyboard.press('Escape');
      await rowOf(INSTAGRAM.text).waitFor({ state: 'detached' });
      await rowOf(CLOUD.text).waitFor({ state: 'detached' });
      await rowOf(TELEGRAM.text).waitFor();
      const shown = await page.getByTestId('tickets-list-pending').getByTestId('ticket-channel').evaluateAll((els) => els.map((e) => e.getAttribute('data-channel')));
      assert.deepEqual([...new Set(shown)], ['telegram'], 'only Telegram tickets are listed');
      await filter.click();
      await page.locator('.p-multiselect-item', { hasText: /^\s*Telegram\s*$/ }).click();
      await page.keyboard.press('Escape');
      for (const t of TICKETS) await rowOf(t.text).waitFor();

      // 4 and 5. The agent accepts and answers each; the menu of the answer offers Edit only on Telegram.
      for (const t of TICKETS) {
        await page.getByTestId('subtab-pending').click();
        await rowOf(t.text).getByTestId('ticket-accept').click();
        await page.waitForURL(/\/tickets\/[0-9a-f-]{8,}$/);
        await page.locator('[data-testid=message][data-from-me=false]').filter({ hasText: t.text }).waitFor();
        await page.getByTestId('composer-input').fill(t.reply);
        await page.getByTestId('composer-input').press('Enter');
        const mine = page.locator('[data-testid=message][data-from-me=true]').filter({ hasText: t.reply });
        await mine.waitFor();
        await page.waitForFunction((text) => [...document.querySelectorAll('[data-testid=message][data-from-me=true]')]
          .some((m) => m.textContent?.includes(text) && Number(m.getAttribute('data-ack')) >= 1), t.reply, { timeout: 15_000 });
        const edit = await offersEdit(page, mine);
        assert.equal(edit, t.kind === 'telegram', `${t.kind}: Edit ${t.kind === 'telegram' ? 'offered' : 'not offered'}`);
      }
      const toTelegram = await until(() => telegram.of('sendMessage').find((c) => c.json?.text === TELEGRAM.reply), 'the reply at the Bot API');
      assert.equal(String(toTelegram.json!.chat_id), String(TELEGRAM.chat), 'to the customer\'s chat');
      const toInstagram = await until(() => meta.sends.find((s) => (s.json?.message as { text?: string } | undefined)?.text === INSTAGRAM.reply), 'the reply at the Send API');
      assert.equal(toInstagram.pageId, PAGE.pageId);
      assert.deepEqual(toInstagram.json!.recipient, { id: INSTAGRAM.igsid }, 'to the Instagram-scoped id');
      assert.equal(toInstagram.json!.messaging_type, 'RESPONSE', 'inside the 24 h window');
      const toCloud = await until(() => cloud.sent().find((m) => m.type === 'text' && m.text?.body === CLOUD.reply), 'the reply at the Cloud API');
      assert.equal(toCloud.to, CLOUD.number, 'to the customer\'s wa_id');

      // The Telegram answer's Edit works: the Bot API gets editMessageText.
      await page.getByTestId('subtab-open').click();
      await page.getByTestId('tickets-list-open').getByTestId('ticket-row').filter({ hasText: TELEGRAM.reply }).click();
      const sent = page.locator('[data-testid=message][data-from-me=true]').filter({ hasText: TELEGRAM.reply });
      await sent.hover();
      await sent.getByTestId('message-menu').click();
      await page.locator('.p-menu:visible').getByText('Edit', { exact: true }).click();
      await page.getByTestId('edit-input').fill(`${TELEGRAM.reply} Até as 18h.`);
      await page.getByTestId('edit-save').click();
      await page.locator('[data-testid=message][data-from-me=true]').filter({ hasText: 'Até as 18h.' }).getByTestId('message-edited').waitFor();
      const edited = await until(() => telegram.of('editMessageText').find((c) => String(c.json?.text).endsWith('Até as 18h.')), 'the edit at the Bot API');
      assert.equal(String(edited.json!.chat_id), String(TELEGRAM.chat));
      assert.deepEqual(errors, [], 'no page errors');
    } finally {
      await context.close();
    }
  });
}
