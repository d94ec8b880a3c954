import { useEffect, useState } from 'react';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { Campaign, Connection, ContactList } from '../types';
import { TemplateFields, templateKey, templateOfKey, useCloudTemplates, useCampaignChannelKinds } from './TemplateFields';
import { MediaField } from './MediaField';

const VARIANTS = [1, 2, 3, 4, 5] as const;

/** Add / edit a campaign: name, connection, audience (a list or a tag), schedule and five message variants. */
export function CampaignDialog({ sdk, item, visible, onHide, onSaved }: {
  sdk: HostSdk; item: Campaign | null; visible: boolean; onHide: () => void; onSaved: (saved: Campaign) => void;
}) {
  const { t } = sdk.useTranslation();
  const { FormDialog, TextField, IdSelect, DateTimeField, useFormDialog, fieldError, yup } = sdk.ui;
  const [connections, setConnections] = useState<Connection[]>([]);
  const [lists, setLists] = useState<ContactList[]>([]);
  const [tags, setTags] = useState<{ id: number; name: string }[]>([]);
  const [fileLists, setFileLists] = useState<{ id: number; name: string }[]>([]);
  // The media: the stored one (null once removed) and a file chosen to upload when the form is saved.
  const [stored, setStored] = useState<{ name: string; url: string | null } | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  useEffect(() => {
    if (!visible) return;
    setStored(item?.mediaName ? { name: item.mediaName, url: item.mediaUrl } : null);
    setChosen(null);
    sdk.api.get<{ id: number; name: string }[]>('/files/list').then(setFileLists, () => setFileLists([]));
    sdk.api.get<Connection[]>('/whatsapp').then(setConnections, sdk.toast.error);
    sdk.api.get<ContactList[]>('/contact-lists/list').then(setLists, sdk.toast.error);
    sdk.api.get<{ tags: { id: number; name: string }[] } | { id: number; name: string }[]>('/tags/list')
      .then((r) => setTags(Array.isArray(r) ? r : r.tags ?? []), () => setTags([]));
    // On opening only: a live update of the campaign while the form is open must not drop the file just chosen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible]);
  const readOnly = !!item && !item.editable; // the server's rule (ext §4), as of the read
  const { templates: templateKinds, cannotStart } = useCampaignChannelKinds(sdk);
  const form = useFormDialog({
    initialValues: {
      name: item?.name ?? '', whatsappId: (item?.whatsappId ?? null) as number | null, contactListId: (item?.contactListId ?? null) as number | null,
      tagListId: (item?.tagId ?? null) as number | null, fileListId: (item?.fileListId ?? null) as number | null, scheduledAt: (item?.scheduledAt ?? null) as string | null,
      message1: item?.message1 ?? '', message2: item?.message2 ?? '', message3: item?.message3 ?? '', message4: item?.message4 ?? '', message5: item?.message5 ?? '',
      templateKey: item?.template ? templateKey(item.template) : '', templateParameters: item?.template?.parameters ?? ([] as string[]),
    },
    validationSchema: yup.object({
      name: yup.string().trim().min(2, t('campaigns.nameShort')).max(50, t('campaigns.nameShort')).required(t('campaigns.required')),
      whatsappId: yup.number().nullable().required(t('campaigns.required')),
    }),
    save: async ({ templateKey: key, templateParameters, ...v }) => {
      // A template only on a connection whose channel has templates (switching to another kind drops it).
      const onCloud = templateKinds.includes(connections.find((c) => c.id === v.whatsappId)?.provider ?? '');
      const template = onCloud && key ? { ...templateOfKey(key), parameters: templateParameters } : null;
      const body = {
        ...v, template, name: v.name.trim(), contactListId: v.contactListId || null, tagListId: v.tagListId || null, fileListId: v.fileListId || null,
        scheduledAt: v.scheduledAt || null,
      };
      const upload = (id: number) => {
        const data = new FormData();
        data.append('file', chosen!);
        return sdk.api.upload<Campaign>(`/campaigns/${id}/media-upload`, data);
      };
      if (item) {
        if (chosen) await upload(item.id);
        return sdk.api.put<Campaign>(`/campaigns/${item.id}`, body);
      }
      if (!chosen) return sdk.api.post<Campaign>('/campaigns', body);
      // The media needs the campaign's id: create it unscheduled, attach the file, then schedule it (a campaign
      // whose only content is the media may be scheduled once the media is there).
      const created = await sdk.api.post<Campaign>('/campaigns', { ...body, scheduledAt: null });
      const withMedia = await upload(created.id);
      return body.scheduledAt ? sdk.api.put<Campaign>(`/campaigns/${created.id}`, body) : withMedia;
    },
    successMessage: t('campaigns.saved'), onSaved, onHide,
  });
  const connection = connections.find((c) => c.id === form.values.whatsappId);
  const cloud = templateKinds.includes(connection?.provider ?? '');
  const templates = useCloudTemplates(sdk, cloud ? connection!.id : null);
  const pick = (name: 'whatsappId' | 'contactListId' | 'tagListId' | 'fileListId', testId: string, label: string, options: { id: number; name: string }[]) => (
    <IdSelect values={form.values} setFieldValue={(n, v) => void form.setFieldValue(n, v)} name={name} testId={testId} label={label} none={t('campaigns.none')}
      options={options} error={fieldError(form, name)} />
  );
  return (
    <FormDialog header={t(item ? 'campaigns.titleEdit' : 'campaigns.titleAdd')} visible={visible} onHide={onHide} form={form} testId="campaign-form" saveTestId="campaign-save">
      {readOnly && <p className="p-error">{t('campaigns.readOnly')}</p>}
      <fieldset disabled={readOnly} className="form-grid">
        <TextField form={form} name="name" id="campaign-name" label={t('campaigns.name')} autoFocus />
        {pick('whatsappId', 'campaign-connection', t('campaigns.connection'), connections.filter((c) => !cannotStart.includes(c.provider ?? '')))}
        {pick('contactListId', 'campaign-list', t('campaigns.contactList'), lists)}
        {pick('tagListId', 'campaign-tag', t('campaigns.tag'), tags)}
        <DateTimeField values={form.values} setFieldValue={(n, v) => void form.setFieldValue(n, v)} name="scheduledAt" testId="campaign-scheduled" label={t('campaigns.scheduledAt')} />
        {pick('fileListId', 'campaign-file-list', t('campaigns.fileList'), fileLists)}
        <MediaField sdk={sdk} stored={stored} chosen={chosen} onChoose={setChosen} disabled={readOnly}
          onRemoveStored={() => {
            if (!item) return;
            sdk.api.delete<Campaign>(`/campaigns/${item.id}/media-upload`).then((saved) => {
              setStored(null);
              sdk.toast.success(t('campaigns.mediaDeleted'));
              onSaved(saved);
            }, sdk.toast.error);
          }} />
        {cloud && <TemplateFields sdk={sdk} form={form} templates={templates} />}
        {VARIANTS.map((n) => <TextField key={n} form={form} name={`message${n}`} id={`campaign-message${n}`} label={t('campaigns.message', { n })} rows={3} />)}
      </fieldset>
    </FormDialog>
  );
}
