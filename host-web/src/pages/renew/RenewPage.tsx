import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import '../financeiro/i18n';
import { apiWithToken } from '../../api/client';
import { ApiError } from '../../api/errors';
import { PublicShell } from '../../components/PublicShell';
import { renewalStore } from '../../session/renewal';
import { sessionStore } from '../../session/store';
import type { SessionUser } from '../../session/types';
import { connectSocket, disconnectSocket } from '../../socket/client';
import { toast } from '../../toast/toast';
import { formatDate } from '../../util/format';
import { CheckoutDialog } from '../financeiro/CheckoutDialog';
import { InvoiceTable } from '../financeiro/InvoiceTable';
import type { Invoice } from '../financeiro/invoice';

/**
 * The renewal page: the expired company's open invoices and the same checkout as /financeiro, through the
 * renewal token. When the payment is confirmed the token is exchanged for a full session and the app goes to /.
 */
export default function RenewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const renewal = useMemo(() => renewalStore.get(), []);
  const client = useMemo(() => (renewal ? apiWithToken(renewal.token) : null), [renewal]);
  const [items, setItems] = useState<Invoice[]>([]);
  const [loading, setLoading] = useState(true);
  const [paying, setPaying] = useState<Invoice | null>(null);

  const giveUp = (err: unknown) => {
    toast.error(err);
    if (err instanceof ApiError && err.status === 401) { renewalStore.clear(); navigate('/login', { replace: true }); }
  };

  useEffect(() => {
    if (!client) return;
    client.get<{ invoices: Invoice[] }>('/invoices/all')
      .then((page) => setItems(page.invoices.filter((i) => i.status !== 'paid')))
      .catch(giveUp)
      .finally(() => setLoading(false));
    // The renewal socket hears this company's payment events only.
    connectSocket(() => undefined, renewal!.token);
    return () => disconnectSocket();
  }, [client]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!renewal || !client) return <Navigate to="/login" replace />;

  const onPaid = async () => {
    try {
      const session = await client.post<{ token: string; user: SessionUser }>('/auth/renewed');
      renewalStore.clear();
      disconnectSocket();
      sessionStore.signIn(session.token, session.user);
      navigate('/', { replace: true });
    } catch (err) { giveUp(err); }
  };

  return (
    <PublicShell title={t('renew.title')} wide>
      <div data-testid="renew-page" className="form-grid">
        <Message severity="warn" text={t('renew.expired', { date: formatDate(renewal.dueDate) })} />
        <div className="table-scroll">
          <InvoiceTable items={items} loading={loading} onPay={setPaying} />
        </div>
        {!loading && items.length === 0 && <span className="muted">{t('renew.none')}</span>}
        <div className="auth-links"><Link to="/login" onClick={() => renewalStore.clear()}>{t('renew.back')}</Link></div>
      </div>
      <CheckoutDialog invoice={paying} client={client} companyId={renewal.companyId} onHide={() => setPaying(null)} onPaid={() => void onPaid()} />
    </PublicShell>
  );
}
