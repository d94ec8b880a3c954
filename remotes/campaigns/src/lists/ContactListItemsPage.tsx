import { Button } from 'primereact/button';
import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { ContactListItem } from '../types';
import { downloadSample } from './sample';

/** /contact-lists/:contactListId/contacts: search, add, edit, delete, .xlsx or .csv import, and each number's validity marker. */
export function ContactListItemsPage({ sdk }: { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const navigate = useNavigate();
  const contactListId = Number(useParams().contactListId);
  const file = useRef<HTMLInputElement>(null);
  const { ListPage, useListPage } = sdk.ui;
  const { list, dialog, props } = useListPage<ContactListItem>({
    path: '/contact-list-items', key: 'contacts', query: { contactListId }, search: t('campaigns.search'),
    live: { name: 'contactListItem', key: 'record', accept: (row) => row.contactListId === contactListId },
    remove: { path: (row) => `/contact-list-items/${row.id}`, message: (row) => t('campaigns.itemDeleteConfirm', { name: row.name }), doneMessage: t('campaigns.itemDeleted') },
  });
  const upload = async (chosen: File | undefined) => {
    if (!chosen) return;
    if (!/\.(xlsx|csv)$/i.test(chosen.name)) { sdk.toast.error(new Error(t('campaigns.onlyXlsx'))); return; }
    const data = new FormData();
    data.append('file', chosen);
    try {
      const summary = await sdk.api.upload<{ created: number; duplicated: number; invalid: number }>(`/contact-lists/${contactListId}/upload`, data);
      sdk.toast.success(t('campaigns.imported', summary));
      list.reload();
    } catch (err) {
      sdk.toast.error(err);
    } finally {
      if (file.current) file.current.value = '';
    }
  };
  const validity = (row: ContactListItem) => (row.isWhatsappValid === null ? t('campaigns.unchecked') : row.isWhatsappValid ? t('campaigns.valid') : t('campaigns.invalid'));
  return (
    <ListPage<ContactListItem> testId="contact-list-items" title={t('campaigns.itemsTitle')} addLabel={t('campaigns.itemAdd')} {...props} rowTestId="contact-list-item"
      toolbar={<>
        <Button type="button" text onClick={() => navigate('/contact-lists')}>{t('campaigns.lists')}</Button>
        <Button type="button" text data-testid="contact-list-import" onClick={() => file.current?.click()}>{t('campaigns.import')}</Button>
        <Button type="button" text data-testid="contact-list-items-sample" onClick={() => void downloadSample(sdk)}>{t('campaigns.sample')}</Button>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button key={format} type="button" text data-testid={`contact-list-export-${format}`}
            onClick={() => void sdk.api.download(`/contact-lists/${contactListId}/export`, `contact-list-${contactListId}.${format}`, { format }).catch(sdk.toast.error)}>
            {t(format === 'csv' ? 'campaigns.exportCsv' : 'campaigns.exportXlsx')}
          </Button>
        ))}
        <input ref={file} type="file" accept=".xlsx,.csv" hidden data-testid="contact-list-file" onChange={(e) => upload(e.target.files?.[0])} />
      </>}
      columns={[
        { header: '', body: (row) => <i className={`pi ${row.isWhatsappValid === false ? 'pi-times-circle' : row.isWhatsappValid ? 'pi-check-circle' : 'pi-question-circle'}`} title={validity(row)} aria-label={validity(row)} /> },
        { header: t('campaigns.name'), body: (row) => row.name },
        { header: t('campaigns.number'), body: (row) => row.number },
        { header: t('campaigns.email'), body: (row) => row.email ?? '' },
      ]}>
      <ItemDialog sdk={sdk} contactListId={contactListId} item={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}

function ItemDialog({ sdk, contactListId, item, visible, onHide, onSaved }: {
  sdk: HostSdk; contactListId: number; item: ContactListItem | null; visible: boolean; onHide(): void; onSaved(i: ContactListItem): void;
}) {
  const { t } = sdk.useTranslation();
  const { FormDialog, TextField, useFormDialog, yup } = sdk.ui;
  const form = useFormDialog({
    initialValues: { name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' },
    validationSchema: yup.object({
      name: yup.string().trim().min(2, t('campaigns.nameShort')).max(50, t('campaigns.nameShort')).required(t('campaigns.required')),
      number: yup.string().trim().min(8, t('campaigns.numberShort')).max(50, t('campaigns.numberShort')).required(t('campaigns.required')),
      email: yup.string().email(t('campaigns.emailInvalid')),
    }),
    save: (v) => {
      const body = { name: v.name.trim(), number: v.number.trim(), email: v.email.trim() || null, contactListId };
      return item ? sdk.api.put<ContactListItem>(`/contact-list-items/${item.id}`, body) : sdk.api.post<ContactListItem>('/contact-list-items', body);
    },
    successMessage: t('campaigns.itemSaved'), onSaved, onHide,
  });
  return (
    <FormDialog header={t('campaigns.itemAdd')} visible={visible} onHide={onHide} form={form} testId="contact-list-item-form">
      <TextField form={form} name="name" id="item-name" label={t('campaigns.name')} autoFocus />
      <TextField form={form} name="number" id="item-number" label={t('campaigns.number')} />
      <TextField form={form} name="email" id="item-email" label={t('campaigns.email')} />
    </FormDialog>
  );
}
