import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import './i18n';
import { formatDate, formatMoney } from '../../util/format';
import { invoiceState, type Invoice } from './invoice';

const SEVERITY = { paid: 'success', expired: 'danger', open: 'warning' } as const;

/** Invoice rows: id, details, value (BRL), due date (DD/MM/YYYY), status, Pay (a disabled PAID once paid); expired rows highlighted. */
export function InvoiceTable({ items, loading, onPay }: { items: Invoice[]; loading: boolean; onPay: (invoice: Invoice) => void }) {
  const { t } = useTranslation();
  return (
    <table className="simple-table" data-testid="invoices-table">
      <thead><tr><th>{t('invoices.id')}</th><th>{t('invoices.detail')}</th><th>{t('invoices.value')}</th><th>{t('invoices.dueDate')}</th><th>{t('invoices.status')}</th><th>{t('invoices.action')}</th></tr></thead>
      <tbody>
        {items.map((inv) => {
          const state = invoiceState(inv);
          return (
            <tr key={inv.id} data-state={state} style={state === 'expired' ? { background: 'color-mix(in srgb, #e53935 14%, transparent)' } : undefined}>
              <td>{inv.id}</td><td>{inv.detail}</td><td>{formatMoney(Number(inv.value))}</td><td>{formatDate(inv.dueDate)}</td>
              <td><Tag severity={SEVERITY[state]} value={t(`invoices.states.${state}`)} /></td>
              <td>{state === 'paid'
                ? <Button size="small" severity="success" outlined disabled label={t('invoices.paidButton')} />
                : <Button size="small" label={t('invoices.pay')} onClick={() => onPay(inv)} data-testid="invoice-pay" />}</td>
            </tr>
          );
        })}
        {!loading && items.length === 0 && <tr><td colSpan={6} className="muted">{t('common.noRecords')}</td></tr>}
      </tbody>
    </table>
  );
}
