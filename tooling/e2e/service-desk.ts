/**
 * Issue 30 in the console (registered in tooling/e2e/run.ts): a round-robin queue with an SLA, two agents signed in,
 * three customers writing through the sandbox — the tickets land on the two agents in turn; one ticket misses its
 * first-response target and its chip turns red live (the breach job's update, and a toast). Screenshots:
 * sla-chips.png (the agent's list), service-desk-dashboard.png and service-desk-period.png (the supervisor's dashboard).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import * as models from '../../core/src/db/models/index.js';
import { SLA_BREACH_JOB } from '../../core/src/domains/sla/service.js';
import type { E2eContext } from './context.js';
import { apiOf, sandboxServing } from './stories.js';

const WAIT = 30_000;

export function registerServiceDeskScenario(ctx: () => E2eContext) {
  test('service desk: tickets from three customers land on two online agents in turn; a missed first response turns its chip red', async () => {
    const c = ctx();
    const { app, admin, newPage, login, shot } = c;
    const suffix = Date.now() % 1_000_000;
    const supervisor = await newPage();
    const pages: Array<{ context: { close(): Promise<void> } }> = [supervisor];
    try {
      await login(supervisor.page, admin.email, admin.password);
      const call = await apiOf(c, supervisor.page);
      const queue = await call<{ id: number }>('POST', '/api/queue', {
        name: `Mesa ${suffix}`, color: `#${(0x0ea5e9 + suffix).toString(16).slice(-6).padStart(6, '0')}`, assignment: 'round-robin', slaFirstResponseMinutes: 30, slaResolutionMinutes: 480,
      });
      const agents = [];
      for (const name of ['Alice Mesa', 'Bruno Mesa']) {
        const email = `${name.split(' ')[0].toLowerCase()}.${suffix}@atrium.e2e`;
        const user = await call<{ id: number }>('POST', '/api/users', { name, email, password: 'Agent-pass-123', profile: 'user', queueIds: [queue.id] });
        agents.push({ id: user.id, name, email });
      }
      const connection = await sandboxServing(c, call, `Linha mesa ${suffix}`, queue.id);

      // Both agents sign in (each once): their consoles make them online.
      const consoles: Page[] = [];
      for (const agent of agents) {
        const view = await newPage();
        pages.push(view);
        await login(view.page, agent.email, 'Agent-pass-123');
        await view.page.getByTestId('subtab-pending').click();
        consoles.push(view.page);
      }
      const online = async () => (await models.User.scoped(1).whereIn('id', agents.map((a) => a.id)).where('online', 1).resultSize()) === 2;
      for (let i = 0; i < 50 && !(await online()); i++) await new Promise((r) => setTimeout(r, 100));
      assert.ok(await online(), 'both agents are online');

      // Three customers write through the sandbox.
      const customers = ['Clara Um', 'Davi Dois', 'Elisa Tres'];
      const tickets: Array<{ id: number; uuid: string; userId: number | null }> = [];
      for (const [i, name] of customers.entries()) {
        await call('POST', `/api/sandbox/${connection.id}/inbound`, { number: `55115${String(suffix * 10 + i).padStart(8, '0')}`, name, body: `Olá, aqui é ${name}` });
        await app.jobs.idle();
        const contact = await models.Contact.scoped(1).findOne({ name }) as unknown as { id: number };
        const ticket = await models.Ticket.scoped(1).findOne({ contactId: contact.id }) as unknown as { id: number; uuid: string; userId: number | null };
        tickets.push(ticket);
      }
      assert.deepEqual(tickets.map((t) => t.userId), [agents[0].id, agents[1].id, agents[0].id], 'assigned in turn: Alice, Bruno, Alice');
      await consoles[0].getByTestId('ticket-row').filter({ hasText: 'Clara Um' }).waitFor({ timeout: WAIT });
      await consoles[0].getByTestId('ticket-row').filter({ hasText: 'Elisa Tres' }).waitFor({ timeout: WAIT });
      await consoles[1].getByTestId('ticket-row').filter({ hasText: 'Davi Dois' }).waitFor({ timeout: WAIT });
      const claraChip = consoles[0].getByTestId('ticket-row').filter({ hasText: 'Clara Um' }).getByTestId('sla-chip');
      assert.equal(await claraChip.getAttribute('data-sla'), 'success', 'thirty minutes left: green');

      // Clara's first response comes due unanswered: the due-time job (run now instead of in 30 minutes) flags it.
      await app.jobs.cancel(SLA_BREACH_JOB, `sla-${tickets[0].id}-firstResponse`);
      await models.Ticket.scoped(1).where({ id: tickets[0].id }).patch({ firstResponseDueAt: new Date(Date.now() - 60_000).toISOString() } as never);
      await app.jobs.enqueue(SLA_BREACH_JOB, { companyId: 1, ticketId: tickets[0].id, target: 'firstResponse' });
      await app.jobs.idle();
      await consoles[0].waitForFunction(() => [...document.querySelectorAll('[data-testid=ticket-row]')]
        .some((row) => row.textContent?.includes('Clara Um') && row.querySelector('[data-testid=sla-chip]')?.getAttribute('data-sla') === 'danger'), null, { timeout: WAIT });
      await consoles[0].locator('.p-toast-message-warn').filter({ hasText: 'Clara Um' }).first().waitFor({ timeout: WAIT });
      assert.equal(await consoles[0].getByTestId('ticket-row').filter({ hasText: 'Elisa Tres' }).getByTestId('sla-chip').getAttribute('data-sla'), 'success', 'the other stays green');
      await shot(consoles[0], 'sla-chips');

      // The supervisor's dashboard: the agents online with their load, the breach counted for the queue and Alice.
      await supervisor.page.getByTestId('menu-/').click();
      await supervisor.page.getByTestId('service-desk').waitFor();
      await supervisor.page.getByTestId(`queue-breaches-${queue.id}`).filter({ hasText: '1' }).waitFor({ timeout: WAIT });
      await supervisor.page.getByTestId(`agent-breaches-${agents[0].id}`).filter({ hasText: '1' }).waitFor({ timeout: WAIT });
      await supervisor.page.getByTestId('service-period').getByTestId('chart-hours').waitFor({ timeout: WAIT });
      await shot(supervisor.page, 'service-desk-dashboard');
      await supervisor.page.getByTestId('service-period').scrollIntoViewIfNeeded();
      await supervisor.page.getByTestId('period-table').getByText(`Mesa ${suffix}`).waitFor({ timeout: WAIT });
      await shot(supervisor.page, 'service-desk-period');
    } finally {
      for (const p of pages) await p.context.close();
    }
  });
}
