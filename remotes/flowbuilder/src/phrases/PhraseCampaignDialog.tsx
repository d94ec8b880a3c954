import { useEffect, useState } from 'react';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { Connection, Flow, FlowCampaign } from '../types';

/** Add / edit a phrase campaign: name, flow, connection (or all), phrase and, when editing, the active switch. */
export function PhraseCampaignDialog({ sdk, item, visible, onHide, onSaved }: {
  sdk: HostSdk; item: FlowCampaign | null; visible: boolean; onHide(): void; onSaved(c: FlowCampaign): void;
}) {
  const { t } = sdk.useTranslation();
  const { FormDialog, TextField, IdSelect, useFormDialog, yup } = sdk.ui;
  const [flows, setFlows] = useState<Flow[]>([]);
  const [connections, setConnections] = useState<Connection[]>([]);
  useEffect(() => {
    if (!visible) return;
    sdk.ui.allPages<Flow>('/flowbuilder', 'flows').then(setFlows, sdk.toast.error);
    sdk.api.get<Connection[]>('/whatsapp').then(setConnections, sdk.toast.error);
  }, [visible, sdk]);
  const required = t('flowbuilder.required');
  const form = useFormDialog({
    initialValues: { name: item?.name ?? '', flowId: (item?.flowId ?? null) as number | null, whatsappId: (item?.whatsappId ?? null) as number | null, phrase: item?.phrase ?? '', status: item?.status ?? true },
    validationSchema: yup.object({
      name: yup.string().trim().required(required), phrase: yup.string().trim().required(required),
      flowId: yup.number().typeError(required).required(required),
    }),
    save: (v) => {
      const body = { name: v.name.trim(), flowId: Number(v.flowId), whatsappId: v.whatsappId ?? null, phrase: v.phrase.trim() };
      return item ? sdk.api.put<FlowCampaign>('/flowcampaign', { ...body, id: item.id, status: v.status }) : sdk.api.post<FlowCampaign>('/flowcampaign', body);
    },
    successMessage: t('flowbuilder.phraseSaved'), onSaved, onHide,
  });
  const select = (name: 'flowId' | 'whatsappId', label: string, none: string, options: { id: number; name: string }[]) => (
    <IdSelect values={form.values} setFieldValue={(n, v) => void form.setFieldValue(n, v)} name={name} label={label} none={none} options={options}
      testId={`phrase-${name}`} error={sdk.ui.fieldError(form, name)} />
  );
  return (
    <FormDialog header={t(item ? 'flowbuilder.phraseTitleEdit' : 'flowbuilder.phraseTitleAdd')} visible={visible} onHide={onHide} form={form} testId="phrase-form" saveTestId="phrase-save">
      <TextField form={form} name="name" id="phrase-name" label={t('flowbuilder.name')} autoFocus />
      {select('flowId', t('flowbuilder.flow'), '—', flows)}
      {select('whatsappId', t('flowbuilder.connection'), t('flowbuilder.allConnections'), connections)}
      <TextField form={form} name="phrase" id="phrase-phrase" label={t('flowbuilder.phrase')} hint={t('flowbuilder.phraseHint')} />
      {item && (
        <label className="field" style={{ flexDirection: 'row', alignItems: 'center', gap: 8 }}>
          <input type="checkbox" role="switch" data-testid="phrase-status" checked={form.values.status} onChange={(e) => form.setFieldValue('status', e.target.checked)} />
          <span>{t('flowbuilder.active')}</span>
        </label>
      )}
    </FormDialog>
  );
}
