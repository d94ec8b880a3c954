import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { Button } from 'primereact/button';
import './i18n';
import { useSession } from '../../session/useSession';
import { formatDate } from '../../util/format';

/** Days from today to a yyyy-MM-dd date (negative once past). */
const daysUntil = (date: string) => {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  const today = new Date();
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / 86_400_000);
};

/** Subscription: trial days remaining, the company's e-mail for charges and a sign-now button leading to the invoices. */
export default function SubscriptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const company = user?.company as (NonNullable<typeof user>['company'] & { email?: string | null }) | undefined;
  const days = company?.daysToDue ?? (company?.dueDate ? daysUntil(company.dueDate) : null);
  return (
    <div data-testid="subscription-page">
      <div className="page-header"><h2>{t('subscription.title')}</h2></div>
      <Card style={{ maxWidth: 480 }}>
        <div className="form-grid">
          <label>{t('subscription.trial')}</label>
          <span data-testid="trial-days">{days === null ? '—' : days < 0 ? t('subscription.expired') : t('subscription.daysLeft', { count: days })}</span>
          {company?.dueDate && <span className="muted">{t('subscription.dueOn', { date: formatDate(company.dueDate) })}</span>}
          <label>{t('subscription.email')}</label>
          <span>{company?.email || user?.email}</span>
          <div className="dialog-actions" style={{ justifyContent: 'flex-start' }}>
            <Button icon="pi pi-credit-card" label={t('subscription.signNow')} onClick={() => navigate('/financeiro')} data-testid="sign-now" />
          </div>
        </div>
      </Card>
    </div>
  );
}
