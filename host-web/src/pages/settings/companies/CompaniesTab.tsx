import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';
import { startImpersonation } from '../../../session/impersonation';
import '../../../layout/ImpersonationBanner';
import './i18n';
import { api } from '../../../api/client';
import { toast } from '../../../toast/toast';
import { ListPage, useListPage } from '../../../blocks';
import { formatDate } from '../../../util/format';
import { failToast } from '../adminToasts';
import type { AdminCompany, AdminPlan } from '../types';
import { CompanyDialog } from './CompanyDialog';
import { daysToDue, dueTone, nextDueDate } from './dueDate';

/** Companies (super user): name, e-mail, plan, status, due date, recurrence; rows coloured by days to the due date; add, edit, Expire, view as its admin, delete. */
export function CompaniesTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { list, dialog, props } = useListPage<AdminCompany>({
    path: '/companies', key: 'companies', search: false, onError: () => toast.error(t('settings.company.toasts.errorList')),
    remove: {
      path: (c) => `/companies/${c.id}`, message: (c) => t('settings.company.deleteConfirm', { name: c.name }), doneMessage: t('settings.company.deleted'),
      onError: (err) => failToast(err, 'settings.company.toasts.errorOperation'),
    },
  });
  const [plans, setPlans] = useState<AdminPlan[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => { api.get<AdminPlan[]>('/plans/all').then(setPlans).catch((err) => failToast(err, 'plans.toasts.errorList')); }, []);

  const expire = async (c: AdminCompany) => {
    setBusy(c.id);
    try {
      const saved = await api.put<AdminCompany>(`/companies/${c.id}`, { dueDate: nextDueDate(c.dueDate, c.recurrence) });
      list.upsertItem(saved);
      toast.success(t('settings.company.expired', { date: formatDate(saved.dueDate) }));
    } catch (err) { failToast(err, 'settings.company.toasts.errorOperation'); } finally { setBusy(null); }
  };
  const viewAs = async (c: AdminCompany) => {
    try { await startImpersonation(c.id); navigate('/tickets'); } catch (err) { toast.error(err); }
  };
  const f = (k: string) => t(`settings.company.fields.${k}`);
  return (
    <ListPage<AdminCompany>
      testId="companies" layout="tab" scrollClassName="settings-admin-list" addLabel={t('settings.company.add')} {...props}
      rowProps={(c) => { const tone = dueTone(daysToDue(c.dueDate)); return { className: tone ? `due-${tone}` : undefined, 'data-due': tone ?? undefined }; }}
      rowActions={(c) => (
        <>
          <Button size="small" outlined icon="pi pi-calendar-plus" label={t('settings.company.expire')} tooltip={t('settings.company.expireHint')}
            loading={busy === c.id} onClick={() => void expire(c)} data-testid="company-expire" />
          <Button size="small" text icon="pi pi-eye" label={t('impersonation.view')} onClick={() => void viewAs(c)} data-testid="company-impersonate" />
        </>
      )}
      columns={[
        { header: f('name'), body: (c) => c.name },
        { header: f('email'), body: (c) => c.email },
        { header: f('plan'), body: (c) => c.plan?.name ?? plans.find((p) => p.id === c.planId)?.name ?? '' },
        { header: f('status'), body: (c) => t(`settings.company.status.${c.status}`) },
        { header: f('dueDate'), body: (c) => (c.dueDate ? formatDate(c.dueDate) : <span className="muted">{t('settings.company.noDueDate')}</span>) },
        { header: f('recurrence'), body: (c) => (c.recurrence ? t(`settings.company.recurrences.${c.recurrence}`, { defaultValue: c.recurrence }) : '') },
      ]}
    >
      <CompanyDialog company={dialog.editing} plans={plans} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}
