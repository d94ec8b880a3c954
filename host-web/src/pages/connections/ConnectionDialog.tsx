import { useEffect, useState } from 'react';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { MultiSelect } from 'primereact/multiselect';
import { Dropdown } from 'primereact/dropdown';
import { api } from '../../api/client';
import { FieldError } from '../../components/FieldError';
import { Slot } from '../../components/Slot';
import { FormDialog, TextField, useFormDialog } from '../../blocks';
import type { Connection } from '../../data/connections';
import { channelLabel, useProviders } from '../../data/providers';

const TEXTS = ['greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage', 'expiresInactiveMessage'] as const;
const NUMBERS = ['timeToTransfer', 'expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues'] as const;

/** Add or edit a connection (core.md §3 fields, queue multi-select); name required, 2 to 50. */
export function ConnectionDialog({ connection, visible, onHide, onCreated }: {
  connection: Connection | null; visible: boolean; onHide: () => void;
  /** A new connection of a kind with its own settings stays open as saved, for what it shows once it has an id (a webhook URL). */
  onCreated?: (saved: Connection) => void;
}) {
  const { t } = useTranslation();
  const [queues, setQueues] = useState<Array<{ id: number; name: string }>>([]);
  useEffect(() => { if (visible) api.get<Array<{ id: number; name: string }>>('/queue').then(setQueues).catch(() => {}); }, [visible]);
  const c = connection;
  const { i18n } = useTranslation();
  const kinds = useProviders();
  const withSettings = (kind: string) => Boolean(kinds.find((k) => k.kind === kind)?.settings);
  const form = useFormDialog({
    initialValues: {
      name: c?.name ?? '', isDefault: c?.isDefault ?? false, provider: c?.provider ?? 'beta', token: c?.token ?? '',
      greetingMessage: c?.greetingMessage ?? '', complationMessage: c?.complationMessage ?? '', outOfHoursMessage: c?.outOfHoursMessage ?? '',
      ratingMessage: c?.ratingMessage ?? '', expiresInactiveMessage: c?.expiresInactiveMessage ?? '',
      timeToTransfer: c?.timeToTransfer ?? null, expiresTicket: c?.expiresTicket ?? 0, timeUseBotQueues: c?.timeUseBotQueues ?? 0, maxUseBotQueues: c?.maxUseBotQueues ?? 3,
      queueIds: (c?.queues ?? []).map((q) => q.id), transferQueueId: c?.transferQueueId ?? null,
      // Written by plugins' pickers in the connectionDialog.fields slot (AI prompt, integration).
      promptId: c?.promptId ?? null, integrationId: c?.integrationId ?? null,
      // The connection's id (a plugin's fields read its settings by it) and its channel's own settings, written by the
      // plugin's fields in the connectionDialog.fields slot and sent with the rest (POST/PUT /whatsapp `settings`).
      id: c?.id ?? null, settings: undefined as Record<string, unknown> | undefined,
    },
    validationSchema: Yup.object({
      name: Yup.string().min(2, t('validation.tooShort')).max(50, t('validation.tooLong')).required(t('validation.required')),
    }),
    save: async (values) => {
      const { id: _id, ...body }: Record<string, unknown> = { ...values };
      void _id;
      if (!body.token) delete body.token;
      if (body.settings === undefined) delete body.settings;
      // A connection is created with its channel's settings in one request (none is left half-made); an edit sends
      // them with the rest. The list follows the company-{id}-whatsapp event.
      if (!c) return api.post<Connection>('/whatsapp', body);
      return api.put<Connection>(`/whatsapp/${c.id}`, body);
    },
    keepOpen: (saved) => !c && withSettings(saved.provider ?? '') && Boolean(onCreated),
    onSaved: (saved) => { if (!c && withSettings(saved.provider ?? '')) onCreated?.(saved); },
    successMessage: t('connections.saved'), onHide,
  });
  // The core's two kinds, then those plugins registered that the company's plan includes (their fields come through the slot).
  const providerOptions = [
    { value: 'beta', label: 'WhatsApp' },
    ...kinds.filter((k) => !k.qr && (k.available || k.kind === c?.provider)).map((k) => ({ value: k.kind, label: channelLabel(kinds, k.kind, i18n.language) })),
    { value: 'sandbox', label: t('connections.sandbox') },
  ];
  return (
    <FormDialog header={t(c ? 'connections.form.titleEdit' : 'connections.form.titleAdd')} visible={visible} onHide={onHide} form={form} width={640} testId="connection-form">
      <div className="form-row">
        <div><label htmlFor="cn-name">{t('connections.form.name')}</label><InputText id="cn-name" {...form.getFieldProps('name')} style={{ width: '100%' }} /><FieldError form={form} name="name" /></div>
        <div><label>{t('connections.form.provider')}</label>
          <Dropdown value={form.values.provider} options={providerOptions} onChange={(e) => form.setFieldValue('provider', e.value)} disabled={!!c} style={{ width: '100%' }} /></div>
        <div><label>{t('connections.form.isDefault')}</label><div><InputSwitch checked={form.values.isDefault} onChange={(e) => form.setFieldValue('isDefault', !!e.value)} /></div></div>
      </div>
      {TEXTS.map((k) => (
        <div key={k}><label htmlFor={`cn-${k}`}>{t(`connections.form.${k}`)}</label><InputTextarea id={`cn-${k}`} rows={2} autoResize {...form.getFieldProps(k)} style={{ width: '100%' }} /></div>
      ))}
      <div className="form-row">
        {NUMBERS.map((k) => (
          <div key={k}><label>{t(`connections.form.${k}`)}</label><InputNumber value={form.values[k]} onValueChange={(e) => form.setFieldValue(k, e.value ?? null)} min={0} style={{ width: '100%' }} /></div>
        ))}
      </div>
      <label>{t('connections.form.queues')}</label>
      <MultiSelect value={form.values.queueIds} options={queues} optionLabel="name" optionValue="id" onChange={(e) => form.setFieldValue('queueIds', e.value)} display="chip" />
      <label>{t('connections.form.transferQueue')}</label>
      <Dropdown value={form.values.transferQueueId} options={queues} optionLabel="name" optionValue="id" onChange={(e) => form.setFieldValue('transferQueueId', e.value ?? null)} showClear />
      <TextField form={form} name="token" id="cn-token" label={t('connections.form.token')} />
      <Slot name="connectionDialog.fields" props={{ values: form.values, setFieldValue: (name, value) => void form.setFieldValue(name, value), submitCount: form.submitCount }} />
    </FormDialog>
  );
}
