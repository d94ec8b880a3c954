import { useState } from 'react';
import { useFormik } from 'formik';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { toast } from '../../toast/toast';
import { FieldError } from '../../components/FieldError';
import { FilePick } from '../../components/FilePick';
import { sendExternal, type SendAnswer } from './send';

function AnswerView({ answer }: { answer: SendAnswer | null }) {
  const { t } = useTranslation();
  if (!answer) return null;
  return (
    <div data-testid="api-answer">
      <label style={{ fontWeight: 600 }}>{t('messagesApi.answer', { status: answer.status })}</label>
      <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', background: 'var(--surface-ground)', padding: '0.5rem', borderRadius: 6, margin: '0.25rem 0 0' }}>
        {typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2)}
      </pre>
    </div>
  );
}

/** Runs one test call and reports it (toast + the raw answer). */
function useTestCall() {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<SendAnswer | null>(null);
  const run = async (call: () => Promise<SendAnswer>) => {
    try {
      const a = await call();
      setAnswer(a);
      if (a.status < 300) toast.success(t('messagesApi.sent')); else toast.error(t('messagesApi.failed'));
    } catch (err) { toast.error(err); }
  };
  return { answer, run };
}

/** Text test: token, number and message, all required; JSON to the send endpoint. */
export function TextTestForm() {
  const { t } = useTranslation();
  const { answer, run } = useTestCall();
  const required = Yup.string().trim().required(t('messagesApi.required'));
  const form = useFormik({
    initialValues: { token: '', number: '', body: '' },
    validationSchema: Yup.object({ token: required, number: required, body: required }),
    onSubmit: (v) => run(() => sendExternal(v.token, { number: v.number.trim(), body: v.body })),
  });
  return (
    <Card title={t('messagesApi.textTitle')}>
      <form onSubmit={form.handleSubmit} className="form-grid" data-testid="api-text-form">
        <label htmlFor="api-t-token">{t('messagesApi.token')}</label><InputText id="api-t-token" {...form.getFieldProps('token')} /><FieldError form={form} name="token" />
        <label htmlFor="api-t-number">{t('messagesApi.number')}</label><InputText id="api-t-number" placeholder={t('messagesApi.numberHint')} {...form.getFieldProps('number')} /><FieldError form={form} name="number" />
        <label htmlFor="api-t-body">{t('messagesApi.body')}</label><InputTextarea id="api-t-body" rows={3} autoResize {...form.getFieldProps('body')} /><FieldError form={form} name="body" />
        <div className="dialog-actions"><Button type="submit" icon="pi pi-send" label={t('messagesApi.send')} loading={form.isSubmitting} /></div>
        <AnswerView answer={answer} />
      </form>
    </Card>
  );
}

/** Media test: token, number and a file, all required; multipart (number, body, medias) to the send endpoint. */
export function MediaTestForm() {
  const { t } = useTranslation();
  const { answer, run } = useTestCall();
  const required = Yup.string().trim().required(t('messagesApi.required'));
  const form = useFormik({
    initialValues: { token: '', number: '', body: '', file: null as File | null },
    validationSchema: Yup.object({ token: required, number: required, file: Yup.mixed().required(t('messagesApi.required')) }),
    onSubmit: (v) => {
      const data = new FormData();
      data.append('number', v.number.trim());
      data.append('body', v.body || v.file!.name);
      data.append('medias', v.file!);
      return run(() => sendExternal(v.token, data));
    },
  });
  return (
    <Card title={t('messagesApi.mediaTitle')}>
      <form onSubmit={form.handleSubmit} className="form-grid" data-testid="api-media-form">
        <label htmlFor="api-m-token">{t('messagesApi.token')}</label><InputText id="api-m-token" {...form.getFieldProps('token')} /><FieldError form={form} name="token" />
        <label htmlFor="api-m-number">{t('messagesApi.number')}</label><InputText id="api-m-number" placeholder={t('messagesApi.numberHint')} {...form.getFieldProps('number')} /><FieldError form={form} name="number" />
        <label htmlFor="api-m-body">{t('messagesApi.body')}</label><InputText id="api-m-body" {...form.getFieldProps('body')} />
        <label>{t('messagesApi.file')}</label>
        <FilePick file={form.values.file} onPick={(f) => { void form.setFieldValue('file', f); }} onRemove={() => { void form.setFieldValue('file', null); }} chooseLabel={t('messagesApi.choose')} removeLabel={t('messagesApi.remove')} testId="api-file" />
        {form.submitCount > 0 && <FieldError form={{ ...form, touched: { ...form.touched, file: true } }} name="file" />}
        <div className="dialog-actions"><Button type="submit" icon="pi pi-send" label={t('messagesApi.send')} loading={form.isSubmitting} /></div>
        <AnswerView answer={answer} />
      </form>
    </Card>
  );
}
