import { useEffect, useState } from 'react';
import type { HostSdk } from '@atrium/host-web/sdk';
import { PROMPT_MODELS, type Prompt, type QueueOption } from './types';

/** The backend's defaults (plugins/prompts/src/routes.ts PROMPT_DEFAULTS, ext §5). */
const DEFAULTS = { model: PROMPT_MODELS[0], maxTokens: 100, temperature: 1, maxMessages: 10 };

/**
 * Add / edit a prompt with the spec's rules (ext §5): name 5-100, prompt ≥ 50, a queue, a model (the spec's two
 * offered, any other typed), the API key (a password field; on edit the server's mask comes back and is kept),
 * max tokens, temperature 0-1 in steps of 0.1 and the history window.
 */
export function PromptDialog({ sdk, item, visible, onHide, onSaved }: {
  sdk: HostSdk; item: Prompt | null; visible: boolean; onHide: () => void; onSaved: (saved: Prompt) => void;
}) {
  const { t } = sdk.useTranslation();
  const { FormDialog, TextField, useFormDialog, yup } = sdk.ui;
  const [queues, setQueues] = useState<QueueOption[]>([]);
  useEffect(() => { if (visible) sdk.api.get<QueueOption[]>('/queue').then(setQueues, sdk.toast.error); }, [visible, sdk]);
  const required = t('prompts.required');
  const form = useFormDialog({
    initialValues: {
      name: item?.name ?? '', prompt: item?.prompt ?? '', model: item?.model ?? DEFAULTS.model, apiKey: item?.apiKey ?? '',
      queueId: (item?.queueId ?? null) as number | null, maxTokens: item?.maxTokens ?? DEFAULTS.maxTokens,
      temperature: item?.temperature ?? DEFAULTS.temperature, maxMessages: item?.maxMessages ?? DEFAULTS.maxMessages,
    },
    validationSchema: yup.object({
      name: yup.string().trim().min(5, t('prompts.tooShort')).max(100, t('prompts.tooLong')).required(required),
      prompt: yup.string().min(50, t('prompts.promptShort')).max(20_000, t('prompts.tooLong')).required(required),
      model: yup.string().trim().matches(/^[A-Za-z0-9._:/-]+$/, t('prompts.modelInvalid')).max(100, t('prompts.tooLong')).required(required),
      apiKey: yup.string().max(500, t('prompts.tooLong')).required(required),
      queueId: yup.number().nullable().required(t('prompts.queueRequired')),
      maxTokens: yup.number().typeError(required).integer().min(10, t('prompts.range', { min: 10, max: 4096 })).max(4096, t('prompts.range', { min: 10, max: 4096 })).required(required),
      temperature: yup.number().typeError(required).min(0, t('prompts.range', { min: 0, max: 1 })).max(1, t('prompts.range', { min: 0, max: 1 }))
        .test('step', t('prompts.temperatureStep'), (v) => v === undefined || Math.abs(v * 10 - Math.round(v * 10)) < 1e-9).required(required),
      maxMessages: yup.number().typeError(required).integer().min(1, t('prompts.range', { min: 1, max: 50 })).max(50, t('prompts.range', { min: 1, max: 50 })).required(required),
    }),
    save: (v) => {
      const body = { ...v, name: v.name.trim(), model: v.model.trim() };
      return item ? sdk.api.put<Prompt>(`/prompt/${item.id}`, body) : sdk.api.post<Prompt>('/prompt', body);
    },
    successMessage: t('prompts.saved'), onSaved, onHide,
  });
  return (
    <FormDialog header={t(item ? 'prompts.titleEdit' : 'prompts.titleAdd')} visible={visible} onHide={onHide} form={form} testId="prompt-form" width={640}>
      <TextField form={form} name="name" id="prompt-name" label={t('prompts.name')} autoFocus />
      <sdk.ui.IdSelect values={form.values} setFieldValue={(n, v) => void form.setFieldValue(n, v)} name="queueId" label={t('prompts.queue')} none={t('prompts.none')}
        options={queues} testId="prompt-queue" error={form.submitCount > 0 && form.errors.queueId} />
      <label htmlFor="prompt-model">{t('prompts.model')}</label>
      {/* The spec's names are offered; a newer one may be typed (an unknown one fails visibly when the model is called). */}
      <input id="prompt-model" className="p-inputtext p-component" data-testid="prompt-model" list="prompt-models" {...form.getFieldProps('model')} />
      <datalist id="prompt-models">{PROMPT_MODELS.map((m) => <option key={m} value={m} />)}</datalist>
      <small className="muted" data-testid="prompt-model-hint">{t('prompts.modelHint')}</small>
      {sdk.ui.fieldError(form, 'model') ? <small className="p-error">{sdk.ui.fieldError(form, 'model')}</small> : null}
      <TextField form={form} name="apiKey" id="prompt-apikey" type="password" label={t('prompts.apiKey')} hint={t(item ? 'prompts.apiKeyKept' : 'prompts.apiKeyHint')} />
      <TextField form={form} name="prompt" id="prompt-text" label={t('prompts.prompt')} rows={10} />
      <div className="form-row">
        <div className="form-grid"><TextField form={form} name="maxTokens" id="prompt-maxtokens" type="number" inputMode="numeric" label={t('prompts.maxTokens')} /></div>
        <div className="form-grid"><TextField form={form} name="temperature" id="prompt-temperature" type="number" label={t('prompts.temperature')} hint={t('prompts.temperatureHint')} /></div>
        <div className="form-grid"><TextField form={form} name="maxMessages" id="prompt-maxmessages" type="number" inputMode="numeric" label={t('prompts.maxMessages')} hint={t('prompts.maxMessagesHint')} /></div>
      </div>
    </FormDialog>
  );
}
