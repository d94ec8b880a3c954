import type { NodeDataByType, Queue } from '../types';
import { useEffect, useState } from 'react';
import { defineForm, type FieldsProps } from './spec';
import { Placeholders } from './Placeholders';

const MAX_INTERVAL = 120;
const RANDOMIZER_STEP = 10;

function TextWithKeys({ form, sdk, keys, t, name, label, rows }: FieldsProps & { name: string; label: string; rows: number }) {
  const { TextField } = sdk.ui;
  return <><TextField form={form} name={name} id={`fb-${name}`} label={label} rows={rows} autoFocus /><Placeholders keys={keys} form={form} name={name} t={t} /></>;
}

export const startForm = defineForm<'start', Record<string, never>>({
  initial: () => ({}),
  schema: (yup) => yup.object({}),
  toData: (_v, t) => ({ label: t('flowbuilder.startLabel') }),
  Fields: ({ t }) => <p>{t('flowbuilder.startLabel')}</p>,
});

export const messageForm = defineForm<'message', { label: string }>({
  initial: (d) => ({ label: d?.label ?? '' }),
  schema: (yup, t) => yup.object({ label: yup.string().trim().required(t('flowbuilder.required')) }),
  toData: (v) => ({ label: v.label.trim() }),
  Fields: (p) => <TextWithKeys {...p} name="label" label={p.t('flowbuilder.text')} rows={5} />,
});

export const intervalForm = defineForm<'interval', { sec: number | '' }>({
  initial: (d) => ({ sec: d?.sec ?? '' }),
  schema: (yup, t) => yup.object({
    sec: yup.number().typeError(t('flowbuilder.intervalMissing')).required(t('flowbuilder.intervalMissing')).integer(t('flowbuilder.intervalMissing'))
      .moreThan(0, t('flowbuilder.intervalMissing')).max(MAX_INTERVAL, t('flowbuilder.intervalMax')),
  }),
  toData: (v, t) => ({ sec: Number(v.sec), label: t('flowbuilder.intervalLabel', { sec: v.sec }) }),
  Fields: ({ form, sdk, t }) => <sdk.ui.TextField form={form} name="sec" id="fb-sec" label={t('flowbuilder.seconds')} type="number" inputMode="numeric" autoFocus />,
});

export const randomizerForm = defineForm<'randomizer', { percent: number }>({
  initial: (d) => ({ percent: d?.percent ?? 50 }),
  schema: (yup, t) => yup.object({
    percent: yup.number().required(t('flowbuilder.required')).min(0).max(100)
      .test('step', t('flowbuilder.required'), (n) => n !== undefined && n % RANDOMIZER_STEP === 0),
  }),
  toData: (v) => ({ percent: Number(v.percent) }),
  Fields: ({ form, t }) => (
    <label className="field">
      <span>{t('flowbuilder.percent', { percent: form.values.percent, rest: 100 - form.values.percent })}</span>
      <input type="range" min={0} max={100} step={RANDOMIZER_STEP} value={form.values.percent} data-testid="fb-percent"
        onChange={(e) => form.setFieldValue('percent', Number(e.target.value))} />
    </label>
  ),
});

function QueueSelect({ form, sdk, t }: FieldsProps) {
  const [queues, setQueues] = useState<Queue[]>([]);
  useEffect(() => { sdk.api.get<Queue[]>('/queue').then(setQueues, sdk.toast.error); }, [sdk]);
  return (
    <label className="field">
      <span>{t('flowbuilder.queue')}</span>
      <select className="p-inputtext p-component" data-testid="fb-queue" value={form.values.queueId ?? ''} onChange={(e) => {
        const q = queues.find((x) => x.id === Number(e.target.value));
        void form.setFieldValue('queueId', q?.id ?? '');
        void form.setFieldValue('queueName', q?.name ?? '');
      }}>
        <option value="">—</option>
        {queues.map((q) => <option key={q.id} value={q.id}>{q.name}</option>)}
      </select>
      {form.submitCount > 0 && form.errors.queueId ? <small className="p-error">{String(form.errors.queueId)}</small> : null}
    </label>
  );
}

export const ticketForm = defineForm<'ticket', { queueId: number | ''; queueName: string }>({
  initial: (d) => ({ queueId: d?.queue?.id ?? '', queueName: d?.queue?.name ?? '' }),
  schema: (yup, t) => yup.object({ queueId: yup.number().typeError(t('flowbuilder.queueMissing')).required(t('flowbuilder.queueMissing')) }),
  toData: (v) => ({ queue: { id: Number(v.queueId), name: v.queueName } }),
  Fields: QueueSelect,
});

export const questionForm = defineForm<'question', { message: string; answerKey: string }>({
  initial: (d) => ({ message: d?.typebotIntegration.message ?? '', answerKey: d?.typebotIntegration.answerKey ?? '' }),
  schema: (yup, t) => yup.object({
    message: yup.string().trim().required(t('flowbuilder.required')),
    answerKey: yup.string().trim().required(t('flowbuilder.required')).matches(/^[\w.-]{1,50}$/, t('flowbuilder.answerKeyInvalid')),
  }),
  toData: (v): NodeDataByType['question'] => ({ typebotIntegration: { message: v.message.trim(), answerKey: v.answerKey.trim() } }),
  Fields: (p) => (
    <>
      <TextWithKeys {...p} name="message" label={p.t('flowbuilder.text')} rows={7} />
      <p.sdk.ui.TextField form={p.form} name="answerKey" id="fb-answerKey" label={p.t('flowbuilder.answerKey')} />
    </>
  ),
});
