/**
 * Message actions in the browser (issue 28; registered in tooling/e2e/run.ts with one line). A customer writes from
 * the sandbox phone; the agent replies quoting it, reacts to it, edits the reply and forwards the customer's message
 * to another contact; the phone shows the quote, the reaction and the edit; the customer edits their message from the
 * phone and the agent sees the edited mark and its history; deleting a message for everyone asks first. Screenshots: message-menu.png, message-history.png.
 */
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Contact, Message, Ticket, User, Whatsapp } from '../../core/src/db/models/index.js';
import type { E2eContext } from './context.js';

const CUSTOMER = { number: '5511944443333', name: 'Marta Mensagens', text: 'Quero trocar o tamanho da blusa' };
const COLLEAGUE = { number: '5511944442222', name: 'Rafael Repasse' };

/** Opens a bubble's menu and picks an item. */
async function menuItem(page: Page, bubble: ReturnType<Page['locator']>, label: string) {
  await bubble.hover();
  await bubble.getByTestId('message-menu').click();
  await page.locator('.p-menu:visible').getByText(label, { exact: true }).click();
}

export function registerMessageActionsScenario(ctx: () => E2eContext) {
  test('message actions: reply quoted, react, edit with history, forward; the phone shows each; the customer edits', async () => {
    const { base, admin, newPage, login, shot } = ctx();
    const wa = (await Whatsapp.scoped(1).where({ provider: 'sandbox' }).first())!;
    await Contact.scoped(1).insert({ name: COLLEAGUE.name, number: COLLEAGUE.number, uuid: randomUUID() } as Partial<Contact>);
    const agent = await newPage();
    // The phone is a second tab of the agent's browser: one session (sessions are single: a second sign-in of the
    // same user would end the first).
    const phone = { context: agent.context, page: await agent.context.newPage() };
    phone.page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    for (const p of [agent, phone]) p.page.on('pageerror', (e) => errors.push(e.message));
    try {
      await login(agent.page, admin.email, admin.password);
      // The customer writes from the sandbox phone.
      await phone.page.goto(`${base}/sandbox/${wa.id}`);
      // The whole word: "DISCONNECTED" contains "CONNECTED". An earlier scenario of the run may have stopped the
      // session: the phone starts it as a user would.
      await phone.page.getByTestId('sandbox-status').waitFor();
      if (!/\bCONNECTED\b/.test(await phone.page.getByTestId('sandbox-status').textContent() ?? '')) await phone.page.getByTestId('sandbox-start').click();
      await phone.page.waitForFunction(() => /\bCONNECTED\b/.test(document.querySelector('[data-testid=sandbox-status]')?.textContent ?? ''), null, { timeout: 15_000 });
      await phone.page.locator('#sb-number').fill(CUSTOMER.number);
      await phone.page.locator('#sb-name').fill(CUSTOMER.name);
      await phone.page.getByTestId('sandbox-message').fill(CUSTOMER.text);
      await phone.page.getByTestId('sandbox-send').click();
      await phone.page.getByTestId('phone-customer').filter({ hasText: CUSTOMER.text }).waitFor();

      // The agent takes the ticket and opens it.
      const contact = (await Contact.scoped(1).findOne({ number: CUSTOMER.number }))!;
      let ticket: Ticket | undefined;
      for (let i = 0; i < 50 && !ticket; i++) { ticket = await Ticket.scoped(1).findOne({ contactId: contact.id }); if (!ticket) await new Promise((r) => setTimeout(r, 100)); }
      const me = (await User.scoped(1).findOne({ email: admin.email }))!;
      await Ticket.scoped(1).findById(ticket!.id).patch({ status: 'open', userId: me.id } as Partial<Ticket>);
      await agent.page.goto(`${base}/tickets/${ticket!.uuid}`);
      const theirs = agent.page.locator('[data-testid=message][data-from-me=false]').filter({ hasText: CUSTOMER.text });
      await theirs.waitFor();

      // Reply quoting the customer's message.
      await menuItem(agent.page, theirs, 'Reply');
      await agent.page.locator('.reply-preview', { hasText: CUSTOMER.text }).waitFor();
      await agent.page.getByTestId('composer-input').fill('Claro, qual tamanho voce quer?');
      await agent.page.getByTestId('composer-input').press('Enter');
      const reply = agent.page.locator('[data-testid=message][data-from-me=true]').filter({ hasText: 'qual tamanho' });
      await reply.locator('.quoted', { hasText: CUSTOMER.text }).waitFor();

      // React to the customer's message.
      await menuItem(agent.page, theirs, 'React');
      await agent.page.getByTestId('reaction-picker').getByText('👍').click();
      await theirs.getByTestId('message-reactions').filter({ hasText: '👍' }).waitFor();

      // Edit the reply (a typo), see the mark, then its history.
      await reply.hover();
      await reply.getByTestId('message-menu').click();
      await agent.page.locator('.p-menu:visible').getByText('Edit', { exact: true }).waitFor();
      await shot(agent.page, 'message-menu');
      await agent.page.locator('.p-menu:visible').getByText('Edit', { exact: true }).click();
      await agent.page.getByTestId('edit-input').fill('Claro! Qual tamanho você quer?');
      await agent.page.getByTestId('edit-save').click();
      const edited = agent.page.locator('[data-testid=message][data-from-me=true]').filter({ hasText: 'Qual tamanho você quer?' });
      await edited.getByTestId('message-edited').click();
      const history = agent.page.getByTestId('message-history');
      await history.filter({ hasText: 'qual tamanho voce quer?' }).filter({ hasText: 'Qual tamanho você quer?' }).waitFor();
      assert.equal(await history.locator('li').count(), 2, 'the sent text and the edit');
      await agent.page.locator('.p-dialog-enter-done').waitFor(); // the dialog has finished fading in (screenshot)
      await shot(agent.page, 'message-history');
      await agent.page.keyboard.press('Escape');
      await history.waitFor({ state: 'detached' });

      // Forward the customer's message to a colleague's contact: a ticket is opened for them, marked forwarded.
      await menuItem(agent.page, theirs, 'Forward');
      await agent.page.locator('#forward-contact').pressSequentially('Rafael');
      // Each suggestion shows its number (two contacts of one name can be told apart).
      await agent.page.locator('.p-autocomplete-item', { hasText: COLLEAGUE.name }).filter({ hasText: COLLEAGUE.number }).click();
      await agent.page.getByTestId('forward-submit').click();
      await agent.page.locator('.p-toast-message', { hasText: `Forwarded to ${COLLEAGUE.name}` }).waitFor();
      const colleague = (await Contact.scoped(1).findOne({ number: COLLEAGUE.number }))!;
      const forwarded = await Message.scoped(1).whereIn('ticketId', Ticket.scoped(1).select('id').where({ contactId: colleague.id })).first();
      assert.equal(forwarded?.isForwarded, true, 'the forward is stored marked');
      assert.equal(forwarded?.body, CUSTOMER.text);

      // The phone shows the quote, the edit and the reaction.
      await phone.page.getByTestId('phone-agent').filter({ hasText: 'Qual tamanho você quer?' }).getByTestId('phone-quote').filter({ hasText: CUSTOMER.text }).waitFor();
      await phone.page.getByTestId('phone-agent').filter({ hasText: 'Qual tamanho você quer?' }).getByTestId('phone-edited').waitFor();
      await phone.page.getByTestId('phone-customer').filter({ hasText: CUSTOMER.text }).getByTestId('phone-reaction').filter({ hasText: '👍' }).waitFor();

      // The customer edits their message from the phone: the agent sees the mark and the history, live.
      await phone.page.getByTestId('phone-customer').filter({ hasText: CUSTOMER.text }).getByTestId('phone-edit').click();
      await phone.page.getByTestId('sandbox-message').fill('Quero trocar o tamanho da blusa azul');
      await phone.page.getByTestId('sandbox-send').click();
      await phone.page.getByTestId('phone-customer').filter({ hasText: 'blusa azul' }).getByTestId('phone-edited').waitFor();
      const theirsEdited = agent.page.locator('[data-testid=message][data-from-me=false]').filter({ hasText: 'blusa azul' });
      await theirsEdited.getByTestId('message-edited').click();
      await agent.page.getByTestId('message-history').filter({ hasText: CUSTOMER.text }).filter({ hasText: CUSTOMER.name }).waitFor();
      await agent.page.keyboard.press('Escape');

      // Delete for everyone asks first (issue 41): "No" keeps the message, "Yes" deletes it.
      await agent.page.getByTestId('composer-input').fill('Mensagem enviada por engano');
      await agent.page.getByTestId('composer-input').press('Enter');
      const mistaken = agent.page.locator('[data-testid=message][data-from-me=true]').filter({ hasText: 'Mensagem enviada por engano' });
      await mistaken.waitFor();
      await menuItem(agent.page, mistaken, 'Delete');
      const ask = agent.page.locator('.p-confirm-dialog').filter({ hasText: /for everyone/ });
      await ask.waitFor();
      await ask.getByRole('button', { name: 'No' }).click();
      await ask.waitFor({ state: 'detached' });
      const kept = await Message.scoped(1).findOne({ body: 'Mensagem enviada por engano' });
      assert.equal(Boolean(kept?.isDeleted), false, 'refused: the message stays');
      await menuItem(agent.page, mistaken, 'Delete');
      await ask.getByRole('button', { name: 'Yes' }).click();
      await agent.page.locator('[data-testid=message][data-from-me=true]').filter({ hasText: 'This message was deleted' }).waitFor();
      assert.deepEqual(errors, [], 'no page errors');
    } finally {
      await agent.context.close();
    }
  });
}
