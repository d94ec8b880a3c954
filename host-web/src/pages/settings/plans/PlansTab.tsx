import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n';
import { api } from '../../../api/client';
import { toast } from '../../../toast/toast';
import { ListPage, confirmDelete, useEditDialog } from '../../../blocks';
import { upsert } from '../../../data/connections';
import { formatMoney } from '../../../util/format';
import { failToast } from '../adminToasts';
import { PLAN_FLAGS, type AdminPlan } from '../types';
import { PlanDialog } from './PlanDialog';
import { limitText } from '../../../util/plan';

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
    <ListPage<AdminPlan>
      testId="plans" layout="tab" scrollClassName="settings-admin-list" addLabel={t('plans.add')} onAdd={() => dialog.open()}
      items={plans} loading={loading} onEdit={dialog.open} onDelete={remove}
      columns={[
        { header: t('plans.fields.name'), body: (p) => p.name },
        ...(['users', 'connections', 'queues'] as const).map((k) => ({ header: t(`plans.fields.${k}`), body: (p: AdminPlan) => limitText(t, p[k]) })),
        { header: t('plans.fields.value'), body: (p) => formatMoney(Number(p.value ?? 0)) },
        { header: t('plans.features'), body: (p) => PLAN_FLAGS.filter((k) => p[k]).map((k) => t(`plans.flags.${k}`)).join(', '), className: 'muted' },
      ]}
    >
      <PlanDialog plan={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={(p) => setPlans((l) => upsert(l, p))} />
    </ListPage>
  );
}
