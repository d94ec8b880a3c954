/**
 * The agent copilot in the browser (plugins/copilot + remotes/copilot): company 1's plan gets useCopilot, the model
 * is a local fake that streams (plugins/copilot/test/fake-model.ts, at the operator's OPENAI_BASE_URL), a published
 * article answers the question. The agent opens the ticket, asks for a suggestion from the composer's copilot bar,
 * watches it stream into the composer with the cited article as a link, edits it and sends it; the fake model got
 * the conversation and the article. Screenshot: docs/screenshots/copilot-suggest.png.
 */
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Test } from 'tap';
import * as models from '../../core/src/db/models/index.js';
import { startFakeModel } from '../../plugins/copilot/test/fake-model.js';
import type { E2eContext } from './context.js';

const WAIT = 30_000;

export function registerCopilotScenario(ctx: () => E2eContext) {
  test('copilot: a suggestion streams into the composer with its cited article; the agent edits and sends it', async () => {
    const { app, base, admin, newPage, login, shot } = ctx();
    const teardowns: Array<() => unknown> = [];
    const fake = await startFakeModel({ teardown: (fn: () => unknown) => teardowns.push(fn) } as unknown as Test);
    const previousUrl = process.env.OPENAI_BASE_URL;
    process.env.OPENAI_BASE_URL = fake.url;
    const { planId } = await app.knex('companies').where({ id: 1 }).first('planId');
    const plan = await app.knex('plans').where({ id: planId }).first('features');
    const features = typeof plan.features === 'string' ? JSON.parse(plan.features || '{}') : plan.features ?? {};
    await app.knex('plans').where({ id: planId }).update({ features: JSON.stringify({ ...features, useCopilot: true }) });
    app.tenancy.invalidate();
    const { context, page } = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      const login0 = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: admin.password } });
      const auth = { authorization: `Bearer ${login0.json().token}` };
      await app.inject({ method: 'PUT', url: '/api/copilot/settings', headers: auth, payload: {
        baseUrl: null, model: 'e2e-model', apiKey: 'sk-e2e-copilot', monthlyTokenBudget: 0, perAgentPerMinute: 20, pricePerMillionTokens: 1,
        windowMessages: 20, timeoutMs: 10_000, summaryOnTransfer: false, includeNotes: false, maskNumbers: true,
      } });
      const article = (await app.inject({ method: 'POST', url: '/api/copilot/articles', headers: auth, payload: {
        title: 'Prazo de troca', body: 'Trocas em até 30 dias com a nota fiscal.', tags: ['troca'], status: 'published',
      } })).json() as { id: number };
      const me = (await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).json() as { id: number };
      const wa = await models.Whatsapp.scoped(1).where({ isDefault: true }).first();
      const contact = await models.Contact.scoped(1).insertAndFetch({ uuid: randomUUID(), name: 'Rita Cliente', number: `55119${String(Date.now()).slice(-8)}`, isGroup: false } as never);
      const ticket = await models.Ticket.scoped(1).insertAndFetch({
        uuid: randomUUID(), status: 'open', userId: me.id, contactId: contact.id, whatsappId: wa?.id ?? null, unreadMessages: 0, isGroup: false, chatbot: false, amountUsedBotQueues: 0, useIntegration: false,
      } as never);
      await models.Message.scoped(1).insert({ ticketId: ticket.id, contactId: contact.id, body: 'Posso trocar o produto?', fromMe: false, ack: 0, read: true, status: 'received', providerId: `e2e-${randomUUID()}` } as never);
      fake.script.push({ chunks: ['Olá Rita! ', 'Você pode trocar em até 30 dias ', `com a nota fiscal [#${article.id}].`] });

      await login(page, admin.email, admin.password);
      await page.goto(`${base}/tickets/${ticket.uuid}`);
      await page.getByTestId('chat-view').waitFor({ timeout: WAIT });
      await page.getByTestId('copilot-suggest').click();
      await page.waitForFunction(() => ((document.querySelector('[data-testid=composer-input]') as HTMLTextAreaElement | null)?.value ?? '').includes('com a nota fiscal'), null, { timeout: WAIT });
      const link = page.getByTestId('copilot-cited').getByRole('link', { name: 'Prazo de troca' });
      await link.waitFor({ timeout: WAIT });
      const streamed = await page.getByTestId('composer-input').inputValue();
      assert.equal(streamed, 'Olá Rita! Você pode trocar em até 30 dias com a nota fiscal.', 'the text streamed in, its citation marker turned into the link');
      await shot(page, 'copilot-suggest');
      assert.equal(await page.getByTestId('message').filter({ hasText: 'Você pode trocar' }).count(), 0, 'nothing was sent by itself');
      await page.getByTestId('composer-input').fill(`${streamed} Qualquer dúvida, estou aqui.`);
      await page.getByTestId('composer-send').click();
      await page.getByTestId('message').filter({ hasText: 'Qualquer dúvida, estou aqui.' }).waitFor({ timeout: WAIT });
      const sent = JSON.stringify(fake.requests[0].body.messages);
      assert.match(sent, /Posso trocar o produto\?/);
      assert.match(sent, /Trocas em até 30 dias/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.knex('plans').where({ id: planId }).update({ features: JSON.stringify(features) });
      app.tenancy.invalidate();
      process.env.OPENAI_BASE_URL = previousUrl;
      for (const fn of teardowns.reverse()) await fn();
    }
  });
}
