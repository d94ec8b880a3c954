import type { TestApp } from '../helper.js';
import type { BusTarget } from '../../src/bus/index.js';
import { Company, Invoice, Plan } from '../../src/db/models/index.js';
import { addDays } from '../../src/util/dates.js';

export const isoDay = (offsetDays: number) => addDays(new Date(), offsetDays).toISOString().slice(0, 10);

/** Sets the operator's billing settings as the super user would (PUT /settings/:key). */
export async function configureBilling(ctx: TestApp, values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) {
    const res = await ctx.request('PUT', `/api/settings/${key}`, { token: ctx.token, body: { value } });
    if (res.status !== 200) throw new Error(`setting ${key}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** A tenant on a plan of `value` a month, with the given due date and recurrence. */
export async function payingTenant(ctx: TestApp, name: string, opts: { value?: number; dueDate: string; recurrence?: string }) {
  const tenant = await ctx.createTenant(name);
  await Plan.query().findById(tenant.planId).patch({ value: opts.value ?? 149.9 } as Partial<Plan>);
  await Company.query().findById(tenant.companyId).patch({ dueDate: opts.dueDate, recurrence: opts.recurrence ?? 'MENSAL' } as Partial<Company>);
  ctx.app.tenancy.invalidate(tenant.companyId);
  return tenant;
}

export async function openInvoice(companyId: number, value = 149.9, dueDate = isoDay(5)) {
  return Invoice.scoped(companyId).insertAndFetch({ detail: 'Plan', value, dueDate, cycleDueDate: dueDate, status: 'open' } as Partial<Invoice>);
}

export const dueDateOf = async (companyId: number) => (await Company.query().findById(companyId))!.dueDate;

export const CHECKOUT = {
  firstName: 'Maria', lastName: 'Silva', address2: 'Rua A, 10', city: 'São Paulo', state: 'SP', zipcode: '01000-000', country: 'BR',
  useAddressForPaymentDetails: true,
};

/** Every payment event sent, captured by wrapping the bus. */
export function capturePayments(ctx: TestApp) {
  const events: Array<{ companyId: number; payload: any; room?: BusTarget }> = [];
  const emit = ctx.app.bus.emit;
  ctx.app.bus.emit = (companyId, event, payload, room) => {
    if (event === 'payment') events.push({ companyId, payload, room });
    return emit.call(ctx.app.bus, companyId, event, payload, room);
  };
  return events;
}
