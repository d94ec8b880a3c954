import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Button } from 'primereact/button';
import { formatDate, formatMoney } from '../../util/format';
import type { Invoice } from './invoice';

/** The checkout of one invoice. The payment flow itself is not built: the invoice and a note say so. */
export function CheckoutDialog({ invoice, onHide }: { invoice: Invoice | null; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog header={t('invoices.checkout.title')} visible={!!invoice} onHide={onHide} style={{ width: 'min(480px, 96vw)' }}
      footer={<Button label={t('common.close')} onClick={onHide} />}>
      {invoice && (
        <div className="form-grid" data-testid="checkout-dialog">
          <strong>{t('invoices.checkout.invoice', { id: invoice.id })}</strong>
          <span>{invoice.detail}</span>
          <span>{t('invoices.value')}: <strong>{formatMoney(Number(invoice.value))}</strong></span>
          <span>{t('invoices.dueDate')}: {formatDate(invoice.dueDate)}</span>
          <Message severity="info" text={t('invoices.checkout.unavailable')} style={{ marginTop: '0.75rem' }} />
        </div>
      )}
    </Dialog>
  );
}
