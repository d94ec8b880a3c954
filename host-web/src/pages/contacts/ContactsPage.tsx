import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { Avatar } from 'primereact/avatar';
import './i18n';
import { ListPage, useListPage } from '../../blocks';
import { useSession } from '../../session/useSession';
import { hasPermission, hasPlanFlag } from '../../session/permissions';
import { toast } from '../../toast/toast';
import { downloadFile } from '../../util/download';
import { ContactDialog } from './ContactDialog';
import { ImportDialog } from './ImportDialog';
import { OpenTicketDialog } from './OpenTicketDialog';
import { ContactDataDialog, type ContactDataAction } from './ContactDataDialog';
import type { Contact } from './types';

/** Contacts: search (500 ms), infinite scroll, add / edit / delete (admin), import .xlsx, export, sample sheet, open ticket, schedule, a contact's data export and erasure (admin). */
export default function ContactsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const canDelete = hasPermission(user, 'contacts-page:deleteContact');
  const canSchedule = hasPlanFlag(user, 'useSchedules');
  const { list, dialog, props } = useListPage<Contact>({
    path: '/contacts', key: 'contacts', live: 'contact', search: t('contacts.search'),
    remove: canDelete ? { path: (c) => `/contacts/${c.id}`, message: t('contacts.deleteConfirm'), doneMessage: t('contacts.deleted') } : undefined,
  });
  const [importing, setImporting] = useState(false);
  const [ticketFor, setTicketFor] = useState<Contact | null>(null);
  const [dataFor, setDataFor] = useState<{ contact: Contact; action: ContactDataAction } | null>(null);
  const exportMenu = useRef<Menu>(null);
  const download = (path: string, name: string, query?: Record<string, string>) => downloadFile(path, name, query).catch((err) => toast.error(err));
  const exportItems = [
    { label: t('contacts.exportCsv'), icon: 'pi pi-file', command: () => void download('/contacts/export', 'contacts.csv', { format: 'csv' }) },
    { label: t('contacts.exportXlsx'), icon: 'pi pi-file-excel', command: () => void download('/contacts/export', 'contacts.xlsx', { format: 'xlsx' }) },
    { label: t('contacts.sample'), icon: 'pi pi-download', command: () => void download('/contacts/sample', 'contacts-sample.xlsx') },
  ];

  return (
    <ListPage<Contact> testId="contacts" title={t('contacts.title')} addLabel={t('contacts.add')} {...props}
      toolbar={<>
        <Button icon="pi pi-upload" outlined label={t('contacts.import')} onClick={() => setImporting(true)} data-testid="contacts-import-button" />
        <Menu model={exportItems} popup ref={exportMenu} />
        <Button icon="pi pi-download" outlined label={t('contacts.export')} onClick={(e) => exportMenu.current?.toggle(e)} data-testid="contacts-export-button" />
      </>}
      rowTestId="contact"
      rowActions={(c) => <>
        <Button text rounded icon="pi pi-whatsapp" aria-label={t('contacts.openTicket')} tooltip={t('contacts.openTicket')} onClick={() => setTicketFor(c)} data-testid="contact-open-ticket" />
        {canSchedule && <Button text rounded icon="pi pi-calendar-plus" aria-label={t('contacts.schedule')} tooltip={t('contacts.schedule')} onClick={() => navigate(`/schedules?contactId=${c.id}`)} />}
        {canDelete && <Button text rounded icon="pi pi-file-export" aria-label={t('contacts.data.exportTitle')} tooltip={t('contacts.data.exportTitle')} onClick={() => setDataFor({ contact: c, action: 'export' })} data-testid="contact-export-data" />}
        {canDelete && <Button text rounded severity="danger" icon="pi pi-eraser" aria-label={t('contacts.data.eraseTitle')} tooltip={t('contacts.data.eraseTitle')} onClick={() => setDataFor({ contact: c, action: 'erase' })} data-testid="contact-erase-data" />}
      </>}
      columns={[
        { header: '', style: { width: '3rem' }, body: (c) => (c.profilePicUrl ? <Avatar image={c.profilePicUrl} shape="circle" /> : <Avatar label={c.name.slice(0, 1).toUpperCase()} shape="circle" />) },
        { header: t('contacts.name'), body: (c) => c.name },
        { header: t('contacts.number'), body: (c) => c.number },
        { header: t('contacts.email'), body: (c) => c.email },
      ]}
    >
      <ContactDialog contact={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
      <ImportDialog visible={importing} onHide={() => setImporting(false)} onImported={list.reload} />
      <OpenTicketDialog contact={ticketFor} onHide={() => setTicketFor(null)} />
      <ContactDataDialog contact={dataFor?.contact ?? null} action={dataFor?.action ?? 'export'} onHide={() => setDataFor(null)} onErased={(c) => list.removeItem(c.id)} />
    </ListPage>
  );
}
