import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { ContactList } from '../types';
import { downloadSample } from './sample';

/** /contact-lists: search, infinite scroll, add, rename, delete, open a list's contacts. */
export function ContactListsPage({ sdk }: { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const navigate = useNavigate();
  const { ListPage, useListPage } = sdk.ui;
  const { list, dialog, props } = useListPage<ContactList>({
    path: '/contact-lists', key: 'records', live: { name: 'contactList', key: 'record' }, search: t('campaigns.search'),
    remove: { path: (row) => `/contact-lists/${row.id}`, message: (row) => t('campaigns.listDeleteConfirm', { name: row.name }), doneMessage: t('campaigns.listDeleted') },
  });
  return (
    <ListPage<ContactList> testId="contact-lists" title={t('campaigns.listsTitle')} addLabel={t('campaigns.listAdd')} {...props} rowTestId="contact-list"
      toolbar={<Button type="button" text data-testid="contact-list-sample" icon="pi pi-download" label={t('campaigns.sample')} onClick={() => void downloadSample(sdk)} />}
      columns={[
        { header: t('campaigns.name'), body: (row) => row.name },
        { header: t('campaigns.contactsCount'), body: (row) => row.contactsCount },
      ]}
      rowActions={(row) => <Button type="button" text data-testid="contact-list-open" onClick={() => navigate(`/contact-lists/${row.id}/contacts`)}>{t('campaigns.openItems')}</Button>}>
      <ListDialog sdk={sdk} item={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}

function ListDialog({ sdk, item, visible, onHide, onSaved }: { sdk: HostSdk; item: ContactList | null; visible: boolean; onHide(): void; onSaved(l: ContactList): void }) {
  const { t } = sdk.useTranslation();
  const { FormDialog, TextField, useFormDialog, yup } = sdk.ui;
  const form = useFormDialog({
    initialValues: { name: item?.name ?? '' },
    validationSchema: yup.object({ name: yup.string().trim().min(2, t('campaigns.nameShort')).max(50, t('campaigns.nameShort')).required(t('campaigns.required')) }),
    save: ({ name }) => (item ? sdk.api.put<ContactList>(`/contact-lists/${item.id}`, { name: name.trim() }) : sdk.api.post<ContactList>('/contact-lists', { name: name.trim() })),
    successMessage: t('campaigns.listSaved'), onSaved, onHide,
  });
  return (
    <FormDialog header={t('campaigns.listAdd')} visible={visible} onHide={onHide} form={form} testId="contact-list-form">
      <TextField form={form} name="name" id="contact-list-name" label={t('campaigns.name')} autoFocus />
    </FormDialog>
  );
}
