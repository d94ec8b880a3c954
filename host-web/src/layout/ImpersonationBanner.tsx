import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { addTranslations } from '../i18n';
import { leaveImpersonation, useImpersonation } from '../session/impersonation';
import { toast } from '../toast/toast';

addTranslations({
  en: { impersonation: { banner: 'Viewing as {{user}} ({{company}}) until {{until}}', leave: 'Leave', view: 'View as admin' } },
  pt: { impersonation: { banner: 'Vendo como {{user}} ({{company}}) até {{until}}', leave: 'Sair', view: 'Ver como admin' } },
  es: { impersonation: { banner: 'Viendo como {{user}} ({{company}}) hasta {{until}}', leave: 'Salir', view: 'Ver como admin' } },
});

/** The banner of a super user's view as a company's admin, with the way back. */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewing = useImpersonation();
  if (!viewing) return null;
  const leave = async () => {
    try { await leaveImpersonation(); navigate('/settings'); } catch (err) { toast.error(err); }
  };
  return (
    <div className="impersonation-banner" role="status" data-testid="impersonation-banner">
      <span>{t('impersonation.banner', { user: viewing.userName, company: viewing.companyName, until: new Date(viewing.expiresAt).toLocaleTimeString() })}</span>
      <Button size="small" severity="warning" label={t('impersonation.leave')} onClick={() => void leave()} data-testid="impersonation-leave" />
    </div>
  );
}
