import { useEffect, useState } from 'react';
import { useFormik } from 'formik';
import * as Yup from 'yup';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { InputMask } from 'primereact/inputmask';
import { Password } from 'primereact/password';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { limitText } from '../../util/plan';
import { PublicShell } from '../../components/PublicShell';
import { FieldError } from '../../components/FieldError';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';

interface PlanOption { id: number; name: string; users: number; connections: number; queues: number; value: number }
const TRIAL_DAYS = 3;

/** Company sign-up on a plan (trial: due in 3 days, MENSAL, status t, campaigns enabled). */
export default function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [plans, setPlans] = useState<PlanOption[]>([]);
  useEffect(() => { api.get<PlanOption[]>('/plans/list').then(setPlans).catch((err) => toast.error(err)); }, []);
  const form = useFormik({
    initialValues: { name: '', email: '', phone: '', password: '', planId: null as number | null },
    validationSchema: Yup.object({
      name: Yup.string().min(2, t('signup.formErrors.name.short')).max(50, t('signup.formErrors.name.long')).required(t('signup.formErrors.name.required')),
      email: Yup.string().email(t('signup.formErrors.email.invalid')).required(t('signup.formErrors.email.required')),
      password: Yup.string().min(5, t('signup.formErrors.password.short')).max(50, t('signup.formErrors.password.long')).required(t('signup.formErrors.password.required')),
      phone: Yup.string().test('phone', t('signup.formErrors.phone.invalid'), (v) => !v || v.replace(/\D/g, '').length <= 11),
      planId: Yup.number().nullable().required(t('signup.formErrors.plan.required')),
    }),
    onSubmit: async (values) => {
      const dueDate = new Date(Date.now() + TRIAL_DAYS * 86_400_000).toISOString().slice(0, 10);
      try {
        await api.post('/companies/cadastro', { ...values, phone: values.phone.replace(/\D/g, ''), recurrence: 'MENSAL', dueDate, status: 't', campaignsEnabled: true });
        toast.success(t('signup.success'));
        navigate('/login');
      } catch (err) { toast.error(err); }
    },
  });
  return (
    <PublicShell title={t('signup.title')}>
      <form onSubmit={form.handleSubmit} className="form-grid">
        <label htmlFor="su-name">{t('signup.name')}</label><InputText id="su-name" {...form.getFieldProps('name')} /><FieldError form={form} name="name" />
        <label htmlFor="su-email">{t('signup.email')}</label><InputText id="su-email" {...form.getFieldProps('email')} /><FieldError form={form} name="email" />
        <label htmlFor="su-phone">{t('signup.phone')}</label>
        <InputMask id="su-phone" mask="(99) 99999-9999" value={form.values.phone} onChange={(e) => form.setFieldValue('phone', e.target.value ?? '')} /><FieldError form={form} name="phone" />
        <label htmlFor="su-password">{t('signup.password')}</label><Password inputId="su-password" feedback={false} toggleMask {...form.getFieldProps('password')} /><FieldError form={form} name="password" />
        <label>{t('signup.plan')}</label>
        <Dropdown value={form.values.planId} options={plans.map((p) => ({ value: p.id, label: t('signup.planOption', { ...p, users: limitText(t, p.users), connections: limitText(t, p.connections), queues: limitText(t, p.queues) }) }))} onChange={(e) => form.setFieldValue('planId', e.value)} onBlur={() => form.setFieldTouched('planId')} />
        <FieldError form={form} name="planId" />
        <Button type="submit" label={t('signup.submit')} loading={form.isSubmitting} style={{ marginTop: '1rem' }} />
      </form>
      <div className="auth-links"><Link to="/login">{t('signup.login')}</Link></div>
    </PublicShell>
  );
}
