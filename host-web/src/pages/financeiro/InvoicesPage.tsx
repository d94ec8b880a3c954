import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import './i18n';
import { usePagedList } from '../../hooks/usePagedList';
import { useLiveRows } from '../../hooks/useLiveRows';
import { formatDate, formatMoney } from '../../util/format';
import { CheckoutDialog } from './CheckoutDialog';
import { invoiceState, type Invoice } from './invoice';

const SEVERITY = { paid: 'success', expired: 'danger', open: 'warning' } as const;

/** Invoices: id, details, value (BRL), due date (DD/MM/YYYY), status, Pay; infinite scroll; expired rows highlighted. */
export default function InvoicesPage() {
  const { t } = useTranslation();
  const { items, setItems, onScroll, loading } = usePagedList<Invoice>('/invoices/all', 'invoices', {});
  const [paying, setPaying] = useState<Invoice | null>(null);
  useLiveRows<Invoice>('invoice', setItems);
  return (
    <div data-testid="invoices-page" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div className="page-header"><h2>{t('invoices.title')}</h2></div>
      <div className="scroll-area" onScroll={onScroll} style={{ flex: 1, minHeight: 0 }}>
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
                    : <Button size="small" label={t('invoices.pay')} onClick={() => setPaying(inv)} data-testid="invoice-pay" />}</td>
                </tr>
              );
            })}
            {!loading && items.length === 0 && <tr><td colSpan={6} className="muted">{t('common.noRecords')}</td></tr>}
          </tbody>
        </table>
      </div>
      <CheckoutDialog invoice={paying} onHide={() => setPaying(null)} />
    </div>
  );
}
