import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { api } from '../../../api/client';
import { FieldError } from '../../../components/FieldError';
import { FormDialog, TextField, useFormDialog } from '../../../blocks';
import { failToast } from '../adminToasts';
import { PLAN_FLAGS, type AdminPlan, type PlanFlagName } from '../types';

const LIMITS = ['users', 'connections', 'queues'] as const;

/** Plan form: name, user/connection/queue limits, value in BRL and the seven feature switches (on by default). */
export function PlanDialog({ plan, visible, onHide, onSaved }: { plan: AdminPlan | null; visible: boolean; onHide: () => void; onSaved: (p: AdminPlan) => void }) {
  const { t } = useTranslation();
  const form = useFormDialog({
    initialValues: {
      name: plan?.name ?? '', users: plan?.users ?? 0, connections: plan?.connections ?? 0, queues: plan?.queues ?? 0, value: plan?.value ?? 0,
      ...(Object.fromEntries(PLAN_FLAGS.map((k) => [k, plan ? plan[k] !== false : true])) as Record<PlanFlagName, boolean>),
    },
    validationSchema: Yup.object({
      name: Yup.string().trim().max(100, t('validation.tooLong')).required(t('validation.required')),
      ...Object.fromEntries(LIMITS.map((k) => [k, Yup.number().integer().min(0).required(t('validation.required'))])),
      value: Yup.number().min(0).required(t('validation.required')),
    }),
    save: (v) => {
      const body = { ...v, name: v.name.trim() };
      return plan ? api.put<AdminPlan>(`/plans/${plan.id}`, body) : api.post<AdminPlan>('/plans', body);
    },
    successMessage: t('plans.toasts.success'), onSaved, onHide,
    onError: (err) => failToast(err, 'plans.toasts.error'),
  });
  return (
    <FormDialog header={t(plan ? 'plans.titleEdit' : 'plans.titleAdd')} visible={visible} onHide={onHide} form={form} testId="plan-form" saveTestId="plan-save">
      <TextField form={form} name="name" id="pl-name" label={t('plans.fields.name')} autoFocus />
      <div className="plan-limits">
        {LIMITS.map((k) => (
          <div key={k} className="form-grid">
            <label htmlFor={`pl-${k}`}>{t(`plans.fields.${k}`)}</label>
            <InputNumber inputId={`pl-${k}`} value={form.values[k]} min={0} useGrouping={false} onValueChange={(e) => form.setFieldValue(k, e.value ?? 0)} />
            <FieldError form={form} name={k} />
          </div>
        ))}
      </div>
      <small className="muted">{t('plans.zeroUnlimited')}</small>
      <label htmlFor="pl-value">{t('plans.fields.value')}</label>
      <InputNumber inputId="pl-value" value={form.values.value} min={0} mode="currency" currency="BRL" locale="pt-BR" onValueChange={(e) => form.setFieldValue('value', e.value ?? 0)} />
      <FieldError form={form} name="value" />
      <label>{t('plans.features')}</label>
      <div className="plan-flags">
        {PLAN_FLAGS.map((k) => (
          <label key={k} className="settings-toggle">
            <InputSwitch checked={form.values[k]} onChange={(e) => form.setFieldValue(k, !!e.value)} data-testid={`plan-${k}`} />
            {t(`plans.flags.${k}`)}
          </label>
        ))}
      </div>
    </FormDialog>
  );
}
