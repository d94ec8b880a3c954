/**
 * The AI prompts plugin in the browser (plugins/prompts + remotes/prompts): the admin creates a prompt for a queue on
 * the /prompts screen, with the OpenAI base URL pointing at a local fake model (core/test/bots/fake-openai.ts);
 * the queue dialog's prompt picker (a console slot) shows it, and the connection dialog's integration picker saves. A customer writes on the sandbox phone of a connection
 * serving that queue: the fake's answer reaches the phone and the ticket's chat. The agent accepts the ticket and the
 * AI stops: the next customer message reaches the chat and the model is not asked again.
 * Screenshots: docs/screenshots/prompts.png and integrations.png.
 */
import * as models from '../../core/src/db/models/index.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Test } from 'tap';
import { startFakeOpenAi } from '../../core/test/bots/fake-openai.js';
import type { E2eContext } from './context.js';

const WAIT = 30_000;
const AI_ANSWER = 'Olá! Sou a assistente virtual da Loja Exemplo. Nosso horário é das 8h às 18h.';
const PROMPT_TEXT = 'Você é a assistente da Loja Exemplo. Responda com educação, em poucas frases, sobre horários e pedidos.';

/** Sends one message from the sandbox phone (already on /sandbox/:id) and waits for it on the phone. */
async function phoneSays(page: Page, text: string) {
  await page.getByTestId('sandbox-message').fill(text);
  await page.getByTestId('sandbox-send').click();
  await page.getByTestId('phone-customer').filter({ hasText: text }).waitFor({ timeout: WAIT });
}

export function registerBotsScenario(ctx: () => E2eContext) {
  test('bots: a prompt created on the console answers the sandbox customer through the fake model; accepting the ticket stops it', async () => {
    const { app, base, admin, newPage, login, shot } = ctx();
    // The fake model: OPENAI_BASE_URL points the plugin at it for this scenario (restored at the end).
    const teardowns: Array<() => unknown> = [];
    const fake = await startFakeOpenAi({ teardown: (fn: () => unknown) => teardowns.push(fn) } as unknown as Test);
    fake.fallback = { text: AI_ANSWER };
    const suffix = Date.now();
    const connection = await models.Whatsapp.scoped(1).insertAndFetch({ name: `Loja IA ${suffix}`, provider: 'sandbox', status: 'DISCONNECTED' } as never);
    const queue = await models.Queue.scoped(1).insertAndFetch({ name: `Atendimento IA ${suffix}`, color: '#0ea5e9', orderQueue: 1 } as never);
    await app.knex('whatsappQueues').insert({ companyId: 1, whatsappId: connection.id, queueId: queue.id });
    const customer = { number: `55119${String(suffix).slice(-8)}`, name: 'Paula Cliente' };

    const { context, page } = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await login(page, admin.email, admin.password);

      // The prompt, from the /prompts screen.
      await page.getByTestId('menu-/prompts').click();
      await page.getByTestId('prompts-page').waitFor();
      await page.getByTestId('prompts-add').click();
      await page.locator('#prompt-name').fill('Assistente da loja');
      // Where a key comes from and which endpoints answer (issue 32).
      await page.getByTestId('prompt-form').getByText('platform.openai.com', { exact: false }).waitFor();
      await page.getByTestId('prompt-model-hint').getByText('OPENAI_BASE_URL', { exact: false }).waitFor();
      await page.getByTestId('prompt-queue').selectOption(String(queue.id));
      await page.getByTestId('prompt-model').fill('gpt-4o-mini');
      await page.locator('#prompt-apikey').fill('sk-e2e-secret-key-0001');
      await page.locator('#prompt-text').fill(PROMPT_TEXT);
      await page.locator('#prompt-maxtokens').fill('200');
      await page.locator('#prompt-temperature').fill('0.5');
      await shot(page, 'prompts');
      await page.getByTestId('prompt-form').locator('button[type=submit]').click();
      const row = page.getByTestId('prompts-table').locator('tr', { hasText: 'Assistente da loja' });
      await row.waitFor({ timeout: WAIT });
      await row.filter({ hasText: queue.name }).waitFor();
      const prompt = await app.knex('prompts').where({ companyId: 1, name: 'Assistente da loja' }).first();
      assert.ok(prompt, 'the prompt is stored');
      assert.notEqual(prompt.apiKey, 'sk-e2e-secret-key-0001', 'the key is stored encrypted');

      // The queue dialog's picker (the prompts remote's queueDialog.fields slot) shows the queue's prompt.
      await page.goto(`${base}/queues`);
      await page.getByTestId('queues-table').locator('tr', { hasText: queue.name }).getByTestId('queue-edit').click();
      await page.waitForFunction((id) => (document.querySelector('[data-testid=queue-prompt]') as HTMLSelectElement | null)?.value === String(id), prompt.id, { timeout: WAIT });
      await page.keyboard.press('Escape');

      // The integrations screen, for its screenshot: one flow-builder link saved (no URL to resolve), a Typebot being added.
      // The flow is picked by name from the flow builder's list (issue 32), not typed as an id.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const flow = (await app.inject({ method: 'POST', url: '/api/flowbuilder', payload: { name: `Fluxo de boas-vindas ${suffix}` }, headers: { authorization: `Bearer ${token}` } })).json() as { id: number; name: string };
      await page.getByTestId('menu-/queue-integration').click();
      await page.getByTestId('integrations-page').waitFor();
      await page.getByTestId('integrations-add').click();
      await page.getByTestId('integration-type').selectOption('flowbuilder');
      await page.locator('#integration-name').fill(`Boas-vindas ${suffix}`);
      await page.getByTestId('integration-flow').locator('option', { hasText: flow.name }).waitFor({ state: 'attached' });
      await page.getByTestId('integration-flow').selectOption({ label: flow.name });
      await shot(page, 'integration-flow-picker');
      await page.getByTestId('integration-form').locator('button[type=submit]').click();
      await page.getByTestId('integrations-table').locator('tr', { hasText: `Boas-vindas ${suffix}` }).waitFor({ timeout: WAIT });
      const link = await app.knex('queueIntegrations').where({ companyId: 1, name: `Boas-vindas ${suffix}` }).first();
      assert.equal(link?.flowId, flow.id, 'the integration starts the flow picked by name');
      await page.getByTestId('integrations-add').click();
      await page.getByTestId('integration-type').selectOption('typebot');
      await page.locator('#integration-name').fill('Typebot de vendas');
      await page.locator('#integration-url').fill('https://typebot.example.com');
      await page.locator('#integration-slug').fill('vendas');
      await shot(page, 'integrations');
      // Issue 32 item 7: a private address is refused with its own text, under the field; a host name that does not
      // resolve now is saved, with a warning (the e2e server's resolver: core/test/outbound-http/fakes.ts).
      await page.locator('#integration-url').fill('https://loopback.test/typebot');
      await page.getByTestId('integration-form').locator('button[type=submit]').click();
      // (the console's own text for a private address, in the page's language; not the generic one nor the server's)
      await page.getByTestId('integration-form').getByText(/loopback\.test (is a private|é um endereço privado|es una dirección privada)/).first().waitFor({ timeout: WAIT });
      await page.locator('#integration-url').fill('https://typebot.not-yet.test');
      await page.getByTestId('integration-form').locator('button[type=submit]').click();
      await page.getByTestId('integrations-table').locator('tr', { hasText: 'Typebot de vendas' }).waitFor({ timeout: WAIT });
      await page.locator('.p-toast-message-warn').filter({ hasText: /could not be found|não foi encontrado|no se encontró/ }).first().waitFor({ timeout: WAIT });

      // The customer writes on the sandbox phone: the first message queues the ticket, the next one is the AI's.
      await page.goto(`${base}/sandbox/${connection.id}`);
      // ("DISCONNECTED" contains "CONNECTED": match the whole status word.)
      await page.getByTestId('sandbox-status').waitFor();
      await page.getByTestId('sandbox-start').click();
      await page.waitForFunction(() => /\bCONNECTED\b/.test(document.querySelector('[data-testid=sandbox-status]')?.textContent ?? ''), null, { timeout: WAIT });
      await page.locator('#sb-number').fill(customer.number);
      await page.locator('#sb-name').fill(customer.name);
      await phoneSays(page, 'oi');
      await phoneSays(page, 'Qual o horário de vocês?');
      await page.locator('.phone-line').filter({ hasText: AI_ANSWER }).first().waitFor({ timeout: WAIT });
      assert.equal(fake.requests.length, 1, 'one model call');
      const history = fake.requests[0].body.messages as Array<{ role: string; content: string }>;
      assert.equal(history[0].role, 'system');
      assert.equal(history.at(-1)!.content, 'Qual o horário de vocês?', 'the newest customer message ends the history');
      assert.equal(fake.requests[0].authorization, 'Bearer sk-e2e-secret-key-0001');

      // The AI's answer is in the ticket's chat.
      const ticket = await app.knex('tickets').where({ companyId: 1, whatsappId: connection.id }).orderBy('id', 'desc').first();
      await page.goto(`${base}/tickets/${ticket.uuid}`);
      await page.getByTestId('chat-view').waitFor({ timeout: WAIT });
      await page.locator('[data-testid=message][data-from-me=true]').filter({ hasText: AI_ANSWER }).waitFor({ timeout: WAIT });

      // The agent accepts it from the chat: the AI stops.
      await page.getByTestId('chat-accept').click();
      await page.getByTestId('chat-return').waitFor({ timeout: WAIT });
      await page.goto(`${base}/sandbox/${connection.id}`);
      await page.locator('#sb-number').fill(customer.number);
      await phoneSays(page, 'Posso falar com uma pessoa?');
      await page.goto(`${base}/tickets/${ticket.uuid}`);
      await page.getByTestId('message').filter({ hasText: 'Posso falar com uma pessoa?' }).waitFor({ timeout: WAIT });
      await app.jobs.idle();
      assert.equal(fake.requests.length, 1, 'the model is not asked once an agent has the ticket');
      assert.equal(await page.locator('[data-testid=message][data-from-me=true]').filter({ hasText: AI_ANSWER }).count(), 1, 'no second AI answer');

      // The connection dialog's integration picker (the integrations remote's connectionDialog.fields slot): saving
      // the dialog stores the chosen integrationId on the connection.
      const integration = await app.knex('queueIntegrations').where({ companyId: 1, name: `Boas-vindas ${suffix}` }).first();
      await page.goto(`${base}/connections`);
      await page.getByTestId('connections-table').locator('tr', { hasText: `Loja IA ${suffix}` }).locator('button:has(.pi-pencil)').click();
      await page.getByTestId('connection-prompt').waitFor({ timeout: WAIT });
      await page.getByTestId('connection-integration').locator(`option[value="${integration.id}"]`).waitFor({ state: 'attached', timeout: WAIT });
      await page.getByTestId('connection-integration').selectOption(String(integration.id));
      await page.getByTestId('connection-form').locator('button[type=submit]').click();
      await page.getByTestId('connection-form').waitFor({ state: 'detached', timeout: WAIT });
      const saved = await app.knex('whatsapps').where({ companyId: 1, id: connection.id }).first();
      assert.equal(saved.integrationId, integration.id, 'the picker\'s choice is saved with the connection');
      assert.equal(saved.promptId, null, 'the untouched prompt picker saved nothing');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      for (const fn of teardowns.reverse()) await fn();
    }
  });
}
