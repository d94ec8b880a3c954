import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { confirmDialog, ConfirmDialog } from 'primereact/confirmdialog';
import './i18n';
import { api } from '../../api/client';
import { useDebounce } from '../../hooks/useDebounce';
import { usePagedList } from '../../hooks/usePagedList';
import { useSession } from '../../session/useSession';
import { useSocketEvent, companyEvent } from '../../socket/useSocketEvent';
import { upsert } from '../../data/connections';
import { toast } from '../../toast/toast';
import { UserDialog, type UserRow } from './UserDialog';

/** Users: search (500 ms), infinite scroll, add / edit / delete, live from company-{id}-user. */
export default function UsersPage() {
  const { t } = useTranslation();
  const { companyId } = useSession();
  const [search, setSearch] = useState('');
  const searchParam = useDebounce(search, 500);
  const { items, setItems, onScroll } = usePagedList<UserRow>('/users', 'users', { searchParam });
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [dialog, setDialog] = useState(false);
  useSocketEvent(companyEvent(companyId, 'user'), (d: { action: string; user?: UserRow; userId?: number }) => {
    if ((d.action === 'create' || d.action === 'update') && d.user) setItems((l) => upsert(l, d.user!));
    if (d.action === 'delete') setItems((l) => l.filter((u) => u.id !== d.userId));
  });
  const remove = (u: UserRow) => confirmDialog({
    message: t('users.deleteConfirm'), acceptLabel: t('common.yes'), rejectLabel: t('common.no'),
    accept: async () => { try { await api.delete(`/users/${u.id}`); setItems((l) => l.filter((x) => x.id !== u.id)); toast.success(t('users.deleted')); } catch (err) { toast.error(err); } },
  });
  return (
    <div className="users-page" data-testid="users-page" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div className="page-header">
        <h2>{t('users.title')}</h2>
        <InputText value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('users.search')} />
        <Button icon="pi pi-plus" label={t('users.add')} onClick={() => { setEditing(null); setDialog(true); }} />
      </div>
      <div className="scroll-area" onScroll={onScroll} style={{ flex: 1, minHeight: 0 }}>
        <table className="simple-table">
          <thead><tr><th>{t('users.id')}</th><th>{t('users.name')}</th><th>{t('users.email')}</th><th>{t('users.profile')}</th><th>{t('users.actions')}</th></tr></thead>
          <tbody>
            {items.map((u) => (
              <tr key={u.id}>
                <td>{u.id}</td><td>{u.name}</td><td>{u.email}</td><td>{t(u.profile === 'admin' ? 'users.admin' : 'users.user')}</td>
                <td className="row-actions">
                  <Button text rounded icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => { setEditing(u); setDialog(true); }} />
                  <Button text rounded severity="danger" icon="pi pi-trash" aria-label={t('common.delete')} onClick={() => remove(u)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog />
      <UserDialog user={editing} visible={dialog} onHide={() => setDialog(false)} onSaved={(u) => setItems((l) => upsert(l, u))} />
    </div>
  );
}
