export interface Invoice { id: number; detail: string; value: number; dueDate: string; status: string }

export type InvoiceState = 'paid' | 'expired' | 'open';

/** paid; otherwise expired when the due date is before today; otherwise open (core.md §4). */
export function invoiceState(invoice: Pick<Invoice, 'status' | 'dueDate'>, today = new Date()): InvoiceState {
  if (invoice.status === 'paid') return 'paid';
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return invoice.dueDate.slice(0, 10) < day ? 'expired' : 'open';
}
