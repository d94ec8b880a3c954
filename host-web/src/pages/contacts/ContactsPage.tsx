import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { Avatar } from 'primereact/avatar';
import { ConfirmDialog } from 'primereact/confirmdialog';
import './i18n';
import { useDebounce } from '../../hooks/useDebounce';
import { usePagedList } from '../../hooks/usePagedList';
import { useLiveRows } from '../../hooks/useLiveRows';
import { useEditDialog } from '../../hooks/useEditDialog';
import { useSession } from '../../session/useSession';
import { hasPermission, hasPlanFlag } from '../../session/permissions';
import { upsert } from '../../data/connections';
import { toast } from '../../toast/toast';
import { confirmDelete } from '../../util/confirmDelete';
import { downloadFile } from '../../util/download';
import { ContactDialog } from './ContactDialog';
import { ImportDialog } from './ImportDialog';
import { OpenTicketDialog } from './OpenTicketDialog';
import type { Contact } from './types';

/** Contacts: search (500 ms), infinite scroll, add / edit / delete (admin), import .xlsx, export, sample sheet, open ticket, schedule. */
export default function ContactsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const searchParam = useDebounce(search, 500);
  const { items, setItems, onScroll, reload, loading } = usePagedList<Contact>('/contacts', 'contacts', { searchParam });
  const dialog = useEditDialog<Contact>();
  const [importing, setImporting] = useState(false);
  const [ticketFor, setTicketFor] = useState<Contact | null>(null);
  const exportMenu = useRef<Menu>(null);
  useLiveRows<Contact>('contact', setItems, { onReload: reload });

  const canDelete = hasPermission(user, 'contacts-page:deleteContact');
  const canSchedule = hasPlanFlag(user, 'useSchedules');
  const download = (path: string, name: string, query?: Record<string, string>) => downloadFile(path, name, query).catch((err) => toast.error(err));
  const exportItems = [
    { label: t('contacts.exportCsv'), icon: 'pi pi-file', command: () => void download('/contacts/export', 'contacts.csv', { format: 'csv' }) },
    { label: t('contacts.exportXlsx'), icon: 'pi pi-file-excel', command: () => void download('/contacts/export', 'contacts.xlsx', { format: 'xlsx' }) },
    { label: t('contacts.sample'), icon: 'pi pi-download', command: () => void download('/contacts/sample', 'contacts-sample.xlsx') },
  ];
  const remove = (c: Contact) => confirmDelete(`/contacts/${c.id}`, {
    message: t('contacts.deleteConfirm'), doneMessage: t('contacts.deleted'), onDone: () => setItems((l) => l.filter((x) => x.id !== c.id)),
  });

  return (
    <div data-testid="contacts-page" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div className="page-header">
        <h2>{t('contacts.title')}</h2>
        <InputText value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('contacts.search')} data-testid="contacts-search" />
        <Button icon="pi pi-upload" outlined label={t('contacts.import')} onClick={() => setImporting(true)} data-testid="contacts-import-button" />
        <Menu model={exportItems} popup ref={exportMenu} />
        <Button icon="pi pi-download" outlined label={t('contacts.export')} onClick={(e) => exportMenu.current?.toggle(e)} data-testid="contacts-export-button" />
        <Button icon="pi pi-plus" label={t('contacts.add')} onClick={() => dialog.open()} data-testid="contacts-add" />
      </div>
      <div className="scroll-area" onScroll={onScroll} style={{ flex: 1, minHeight: 0 }}>
        <table className="simple-table" data-testid="contacts-table">
          <thead><tr><th style={{ width: '3rem' }} /><th>{t('contacts.name')}</th><th>{t('contacts.number')}</th><th>{t('contacts.email')}</th><th>{t('contacts.actions')}</th></tr></thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.id}>
                <td>{c.profilePicUrl ? <Avatar image={c.profilePicUrl} shape="circle" /> : <Avatar label={c.name.slice(0, 1).toUpperCase()} shape="circle" />}</td>
                <td>{c.name}</td><td>{c.number}</td><td>{c.email}</td>
                <td className="row-actions">
                  <Button text rounded icon="pi pi-whatsapp" aria-label={t('contacts.openTicket')} tooltip={t('contacts.openTicket')} onClick={() => setTicketFor(c)} data-testid="contact-open-ticket" />
                  {canSchedule && <Button text rounded icon="pi pi-calendar-plus" aria-label={t('contacts.schedule')} tooltip={t('contacts.schedule')} onClick={() => navigate(`/schedules?contactId=${c.id}`)} />}
                  <Button text rounded icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => dialog.open(c)} data-testid="contact-edit" />
                  {canDelete && <Button text rounded severity="danger" icon="pi pi-trash" aria-label={t('common.delete')} onClick={() => remove(c)} data-testid="contact-delete" />}
                </td>
              </tr>
            ))}
            {!loading && items.length === 0 && <tr><td colSpan={5} className="muted">{t('common.noRecords')}</td></tr>}
          </tbody>
        </table>
      </div>
      <ConfirmDialog />
      <ContactDialog contact={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={(c) => setItems((l) => upsert(l, c))} />
      <ImportDialog visible={importing} onHide={() => setImporting(false)} onImported={reload} />
      <OpenTicketDialog contact={ticketFor} onHide={() => setTicketFor(null)} />
    </div>
  );
}
