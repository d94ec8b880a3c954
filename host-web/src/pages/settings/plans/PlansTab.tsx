import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import './i18n';
import { api } from '../../../api/client';
import { toast } from '../../../toast/toast';
import { useEditDialog } from '../../../hooks/useEditDialog';
import { upsert } from '../../../data/connections';
import { confirmDelete } from '../../../util/confirmDelete';
import { formatMoney } from '../../../util/format';
import { failToast } from '../adminToasts';
import { PLAN_FLAGS, type AdminPlan } from '../types';
import { PlanDialog } from './PlanDialog';

/** Plans (super user): name, limits, value in BRL, the features each includes; add, edit, delete (refused while companies use it). */
export function PlansTab() {
  const { t } = useTranslation();
  const [plans, setPlans] = useState<AdminPlan[]>([]);
  const [loading, setLoading] = useState(true);
  const dialog = useEditDialog<AdminPlan>();
  const load = useCallback(() => {
    setLoading(true);
    api.get<AdminPlan[]>('/plans/all').then(setPlans).catch(() => toast.error(t('plans.toasts.errorList'))).finally(() => setLoading(false));
  }, [t]);
  useEffect(load, [load]);
  const remove = (p: AdminPlan) => confirmDelete(`/plans/${p.id}`, {
    message: t('plans.deleteConfirm', { name: p.name }), doneMessage: t('plans.deleted'),
    onDone: () => setPlans((l) => l.filter((x) => x.id !== p.id)),
    onError: (err) => failToast(err, 'plans.toasts.errorOperation', { ERR_PLAN_IN_USE: 'plans.inUse' }),
  });
  return (
    <div data-testid="settings-plans">
      <div className="page-header"><span style={{ flex: 1 }} /><Button icon="pi pi-plus" label={t('plans.add')} onClick={() => dialog.open()} data-testid="plans-add" /></div>
      <div className="scroll-area settings-admin-list">
        <table className="simple-table" data-testid="plans-table">
          <thead><tr>{['name', 'users', 'connections', 'queues', 'value'].map((k) => <th key={k}>{t(`plans.fields.${k}`)}</th>)}<th>{t('plans.features')}</th><th>{t('plans.actions')}</th></tr></thead>
          <tbody>
            {plans.map((p) => (
              <tr key={p.id}>
                <td>{p.name}</td><td>{p.users}</td><td>{p.connections}</td><td>{p.queues}</td><td>{formatMoney(Number(p.value ?? 0))}</td>
                <td className="muted">{PLAN_FLAGS.filter((k) => p[k]).map((k) => t(`plans.flags.${k}`)).join(', ')}</td>
                <td className="row-actions">
                  <Button text rounded icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => dialog.open(p)} />
                  <Button text rounded severity="danger" icon="pi pi-trash" aria-label={t('common.delete')} onClick={() => remove(p)} />
                </td>
              </tr>
            ))}
            {!loading && plans.length === 0 && <tr><td colSpan={7} className="muted">{t('common.noRecords')}</td></tr>}
          </tbody>
        </table>
      </div>
      <PlanDialog plan={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={(p) => setPlans((l) => upsert(l, p))} />
    </div>
  );
}
