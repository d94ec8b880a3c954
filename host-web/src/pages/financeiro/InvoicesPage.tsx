import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import './i18n';
import { api } from '../../api/client';
import { usePagedList } from '../../hooks/usePagedList';
import { useLiveRows } from '../../hooks/useLiveRows';
import { sessionStore } from '../../session/store';
import { useSession } from '../../session/useSession';
import type { SessionUser } from '../../session/types';
import { CheckoutDialog } from './CheckoutDialog';
import { InvoiceTable } from './InvoiceTable';
import type { Invoice } from './invoice';

/** Invoices with infinite scroll; Pay opens the checkout; a confirmed payment leads to / (core §2). */
export default function InvoicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { companyId } = useSession();
  const { items, setItems, onScroll, loading } = usePagedList<Invoice>('/invoices/all', 'invoices', {});
  const [paying, setPaying] = useState<Invoice | null>(null);
  useLiveRows<Invoice>('invoice', setItems);
  const onPaid = async () => {
    // The new due date shows in the greeting: the session's company is read again.
    const user = await api.get<SessionUser>('/auth/me').catch(() => null);
    if (user) sessionStore.updateUser(user);
    navigate('/', { replace: true });
  };
  return (
    <div data-testid="invoices-page" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div className="page-header"><h2>{t('invoices.title')}</h2></div>
      <div className="scroll-area" onScroll={onScroll} style={{ flex: 1, minHeight: 0 }}>
        <InvoiceTable items={items} loading={loading} onPay={setPaying} />
      </div>
      <CheckoutDialog invoice={paying} client={api} companyId={companyId} onHide={() => setPaying(null)} onPaid={onPaid} />
    </div>
  );
}
