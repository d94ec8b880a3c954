import { useState } from 'react';
import type { HostSdk } from '@atrium/host-web/sdk';
import { INTEGRATION_TYPES, LANGUAGES, type IntegrationType, type QueueIntegration } from './types';
import { FlowPicker } from './FlowPicker';

/** The fields each type sends (the backend requires the starred ones: plugins/integrations/src/routes.ts). */
const FIELDS: Record<IntegrationType, string[]> = {
  dialogflow: ['projectName', 'jsonContent', 'language'],
  n8n: ['urlN8N', 'webhookSecret'],
  webhook: ['urlN8N', 'webhookSecret'],
  typebot: ['urlN8N', 'typebotSlug', 'typebotExpires', 'typebotDelayMessage', 'typebotKeywordFinish', 'typebotKeywordRestart', 'typebotRestartMessage', 'typebotUnknownMessage'],
  flowbuilder: ['flowId'],
};
const NUMBER_FIELDS = new Set(['typebotExpires', 'typebotDelayMessage', 'flowId']);
const asNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/**
 * Add / edit an integration: the type, the name (2-50, ext §5) and the fields of that type. Secrets (the service
 * account JSON, the signing key) are password fields; on edit the server's mask comes back and keeps them. A
 * Dialogflow integration can be tried with "Test session" before saving.
 */
export function IntegrationDialog({ sdk, item, visible, onHide, onSaved }: {
  sdk: HostSdk; item: QueueIntegration | null; visible: boolean; onHide: () => void; onSaved: (saved: QueueIntegration) => void;
}) {
  const { t } = sdk.useTranslation();
  const { FormDialog, TextField, ValueSelect, useFormDialog, yup } = sdk.ui;
  const [testReply, setTestReply] = useState<string[] | null>(null);
  const required = t('integrations.required');
  const needed = (types: IntegrationType[], schema: any) => schema.when('type', { is: (v: IntegrationType) => types.includes(v), then: (s: any) => s.required(required) });
  const form = useFormDialog({
    initialValues: {
      type: (item?.type ?? 'typebot') as IntegrationType, name: item?.name ?? '', projectName: item?.projectName ?? '', jsonContent: item?.jsonContent ?? '',
      language: item?.language ?? 'pt-BR', urlN8N: item?.urlN8N ?? '', webhookSecret: item?.webhookSecret ?? '',
      typebotSlug: item?.typebotSlug ?? '', typebotExpires: item?.typebotExpires ?? 1, typebotDelayMessage: item?.typebotDelayMessage ?? 1000,
      typebotKeywordFinish: item?.typebotKeywordFinish ?? '', typebotKeywordRestart: item?.typebotKeywordRestart ?? '',
      typebotRestartMessage: item?.typebotRestartMessage ?? '', typebotUnknownMessage: item?.typebotUnknownMessage ?? '',
      flowId: (item?.flowId ?? null) as number | null,
    },
    validationSchema: yup.object({
      name: yup.string().trim().min(2, t('integrations.tooShort')).max(50, t('integrations.tooLong')).required(required),
      projectName: needed(['dialogflow'], yup.string().trim().max(100, t('integrations.tooLong'))),
      jsonContent: needed(['dialogflow'], yup.string()),
      urlN8N: needed(['n8n', 'webhook', 'typebot'], yup.string().trim().matches(/^https?:\/\//, t('integrations.urlInvalid'))),
      webhookSecret: needed(['n8n', 'webhook'], yup.string().test('long', t('integrations.secretShort'), (v?: string) => !v || v === item?.webhookSecret || v.length >= 16)),
      typebotSlug: needed(['typebot'], yup.string().trim().matches(/^[A-Za-z0-9_-]+$/, t('integrations.slugInvalid'))),
      typebotExpires: yup.number().typeError(required).integer().min(0).max(10_080, t('integrations.range', { min: 0, max: 10080 })),
      typebotDelayMessage: yup.number().typeError(required).integer().min(0).max(10_000, t('integrations.range', { min: 0, max: 10000 })),
      flowId: needed(['flowbuilder'], yup.number().nullable().integer().min(1)),
    }),
    save: (v) => {
      const body: Record<string, unknown> = { type: v.type, name: v.name.trim() };
      for (const field of FIELDS[v.type]) {
        const value = v[field as keyof typeof v];
        body[field] = NUMBER_FIELDS.has(field) ? asNumber(value) : (typeof value === 'string' ? value.trim() || null : value);
      }
      return item ? sdk.api.put<QueueIntegration>(`/queueIntegration/${item.id}`, body) : sdk.api.post<QueueIntegration>('/queueIntegration', body);
    },
    successMessage: t('integrations.saved'), onSaved, onHide,
  });
  const show = (field: string) => FIELDS[form.values.type].includes(field);
  const testSession = async () => {
    setTestReply(null);
    try {
      const { projectName, jsonContent, language } = form.values;
      const reply = await sdk.api.post<{ messages: string[] }>('/queueIntegration/testSession', { projectName, jsonContent, language, ...(item ? { id: item.id } : {}) });
      setTestReply(reply.messages);
    } catch (err) { sdk.toast.error(err); }
  };
  return (
    <FormDialog header={t(item ? 'integrations.titleEdit' : 'integrations.titleAdd')} visible={visible} onHide={onHide} form={form} testId="integration-form" width={640}>
      <ValueSelect values={form.values} setFieldValue={(name, value) => { setTestReply(null); void form.setFieldValue(name, value); }} name="type" testId="integration-type"
        label={t('integrations.type')} options={INTEGRATION_TYPES.map((type) => ({ value: type, label: t(`integrations.types.${type}`) }))} />
      <TextField form={form} name="name" id="integration-name" label={t('integrations.name')} autoFocus />
      {show('projectName') && <TextField form={form} name="projectName" id="integration-project" label={t('integrations.projectName')} />}
      {show('jsonContent') && <TextField form={form} name="jsonContent" id="integration-json" type="password" label={t('integrations.jsonContent')} hint={item ? t('integrations.secretKept') : undefined} />}
      {show('language') && (
        <ValueSelect values={form.values} setFieldValue={(name, value) => void form.setFieldValue(name, value)} name="language" testId="integration-language"
          label={t('integrations.language')} options={LANGUAGES.map((l) => ({ value: l, label: t(`integrations.languages.${l}`) }))} />
      )}
      {show('urlN8N') && <TextField form={form} name="urlN8N" id="integration-url" inputMode="url" label={t(form.values.type === 'typebot' ? 'integrations.typebotUrl' : 'integrations.url')} />}
      {show('webhookSecret') && <TextField form={form} name="webhookSecret" id="integration-secret" type="password" label={t('integrations.webhookSecret')} hint={t(item ? 'integrations.secretKept' : 'integrations.secretHint')} />}
      {show('typebotSlug') && <TextField form={form} name="typebotSlug" id="integration-slug" label={t('integrations.typebotSlug')} />}
      {show('typebotExpires') && (
        <div className="form-row">
          <div className="form-grid"><TextField form={form} name="typebotExpires" id="integration-expires" type="number" inputMode="numeric" label={t('integrations.typebotExpires')} /></div>
          <div className="form-grid"><TextField form={form} name="typebotDelayMessage" id="integration-delay" type="number" inputMode="numeric" label={t('integrations.typebotDelayMessage')} /></div>
        </div>
      )}
      {show('typebotKeywordFinish') && (
        <div className="form-row">
          <div className="form-grid"><TextField form={form} name="typebotKeywordFinish" id="integration-finish" label={t('integrations.typebotKeywordFinish')} /></div>
          <div className="form-grid"><TextField form={form} name="typebotKeywordRestart" id="integration-restart" label={t('integrations.typebotKeywordRestart')} /></div>
        </div>
      )}
      {show('typebotRestartMessage') && <TextField form={form} name="typebotRestartMessage" id="integration-restart-message" rows={2} label={t('integrations.typebotRestartMessage')} />}
      {show('typebotUnknownMessage') && <TextField form={form} name="typebotUnknownMessage" id="integration-unknown" rows={2} label={t('integrations.typebotUnknownMessage')} />}
      {show('flowId') && <FlowPicker sdk={sdk} form={form} />}
      {form.values.type === 'dialogflow' && (
        <div>
          <button type="button" className="p-button p-button-outlined" data-testid="integration-test" disabled={!form.values.projectName || !form.values.jsonContent} onClick={() => void testSession()}>
            {t('integrations.testSession')}
          </button>
          {testReply && <p className="muted" data-testid="integration-test-reply">{t('integrations.testReply')}: {testReply.join(' / ')}</p>}
        </div>
      )}
    </FormDialog>
  );
}
