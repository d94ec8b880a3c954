import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import './i18n';
import { api } from '../../../api/client';
import { toast } from '../../../toast/toast';
import { usePagedList } from '../../../hooks/usePagedList';
import { useEditDialog } from '../../../hooks/useEditDialog';
import { upsert } from '../../../data/connections';
import { confirmDelete } from '../../../util/confirmDelete';
import { formatDate } from '../../../util/format';
import { failToast } from '../adminToasts';
import type { AdminCompany, AdminPlan } from '../types';
import { CompanyDialog } from './CompanyDialog';
import { daysToDue, dueTone, nextDueDate } from './dueDate';

/** Companies (super user): name, e-mail, plan, status, due date, recurrence; rows coloured by days to the due date; add, edit, Expire, delete. */
export function CompaniesTab() {
  const { t } = useTranslation();
  const { items, setItems, onScroll, loading } = usePagedList<AdminCompany>('/companies', 'companies', {}, { onError: () => toast.error(t('settings.company.toasts.errorList')) });
  const [plans, setPlans] = useState<AdminPlan[]>([]);
  const dialog = useEditDialog<AdminCompany>();
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => { api.get<AdminPlan[]>('/plans/all').then(setPlans).catch((err) => failToast(err, 'plans.toasts.errorList')); }, []);

  const expire = async (c: AdminCompany) => {
    setBusy(c.id);
    try {
      const saved = await api.put<AdminCompany>(`/companies/${c.id}`, { dueDate: nextDueDate(c.dueDate, c.recurrence) });
      setItems((l) => upsert(l, saved));
      toast.success(t('settings.company.expired', { date: formatDate(saved.dueDate) }));
    } catch (err) { failToast(err, 'settings.company.toasts.errorOperation'); } finally { setBusy(null); }
  };
  const remove = (c: AdminCompany) => confirmDelete(`/companies/${c.id}`, {
    message: t('settings.company.deleteConfirm', { name: c.name }), doneMessage: t('settings.company.deleted'),
    onDone: () => setItems((l) => l.filter((x) => x.id !== c.id)), onError: (err) => failToast(err, 'settings.company.toasts.errorOperation'),
  });
  const f = (k: string) => t(`settings.company.fields.${k}`);
  return (
    <div data-testid="settings-companies">
      <div className="page-header"><span style={{ flex: 1 }} /><Button icon="pi pi-plus" label={t('settings.company.add')} onClick={() => dialog.open()} data-testid="companies-add" /></div>
      <div className="scroll-area settings-admin-list" onScroll={onScroll}>
        <table className="simple-table" data-testid="companies-table">
          <thead><tr>{['name', 'email', 'plan', 'status', 'dueDate', 'recurrence'].map((k) => <th key={k}>{f(k)}</th>)}<th>{t('settings.company.actions')}</th></tr></thead>
          <tbody>
            {items.map((c) => {
              const tone = dueTone(daysToDue(c.dueDate));
              return (
                <tr key={c.id} className={tone ? `due-${tone}` : undefined} data-due={tone ?? undefined}>
                  <td>{c.name}</td>
                  <td>{c.email}</td>
                  <td>{c.plan?.name ?? plans.find((p) => p.id === c.planId)?.name ?? ''}</td>
                  <td>{t(`settings.company.status.${c.status}`)}</td>
                  <td>{c.dueDate ? formatDate(c.dueDate) : <span className="muted">{t('settings.company.noDueDate')}</span>}</td>
                  <td>{c.recurrence ? t(`settings.company.recurrences.${c.recurrence}`, { defaultValue: c.recurrence }) : ''}</td>
                  <td className="row-actions">
                    <Button size="small" outlined icon="pi pi-calendar-plus" label={t('settings.company.expire')} tooltip={t('settings.company.expireHint')}
                      loading={busy === c.id} onClick={() => void expire(c)} data-testid="company-expire" />
                    <Button text rounded icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => dialog.open(c)} />
                    <Button text rounded severity="danger" icon="pi pi-trash" aria-label={t('common.delete')} onClick={() => remove(c)} />
                  </td>
                </tr>
              );
            })}
            {!loading && items.length === 0 && <tr><td colSpan={7} className="muted">{t('common.noRecords')}</td></tr>}
          </tbody>
        </table>
      </div>
      <CompanyDialog company={dialog.editing} plans={plans} visible={dialog.visible} onHide={dialog.hide} onSaved={(c) => setItems((l) => upsert(l, c))} />
    </div>
  );
}
