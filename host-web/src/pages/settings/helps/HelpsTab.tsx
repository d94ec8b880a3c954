import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import './i18n';
import { toast } from '../../../toast/toast';
import { usePagedList } from '../../../hooks/usePagedList';
import { useEditDialog } from '../../../hooks/useEditDialog';
import { upsert } from '../../../data/connections';
import { confirmDelete } from '../../../util/confirmDelete';
import { failToast } from '../adminToasts';
import type { AdminHelp } from '../types';
import { HelpDialog } from './HelpDialog';

/** Help entries (super user): title, video code, description; add, edit, delete. */
export function HelpsTab() {
  const { t } = useTranslation();
  const { items, setItems, onScroll, loading } = usePagedList<AdminHelp>('/helps', 'helps', {}, { onError: () => toast.error(t('settings.helps.toasts.errorList')) });
  const dialog = useEditDialog<AdminHelp>();
  const remove = (h: AdminHelp) => confirmDelete(`/helps/${h.id}`, {
    message: t('settings.helps.deleteConfirm', { title: h.title }), doneMessage: t('settings.helps.deleted'),
    onDone: () => setItems((l) => l.filter((x) => x.id !== h.id)), onError: (err) => failToast(err, 'settings.helps.toasts.errorOperation'),
  });
  return (
    <div data-testid="settings-helps">
      <div className="page-header"><span style={{ flex: 1 }} /><Button icon="pi pi-plus" label={t('settings.helps.add')} onClick={() => dialog.open()} data-testid="helps-add" /></div>
      <div className="scroll-area settings-admin-list" onScroll={onScroll}>
        <table className="simple-table" data-testid="helps-table">
          <thead><tr>{['title', 'video', 'description'].map((k) => <th key={k}>{t(`settings.helps.fields.${k}`)}</th>)}<th>{t('settings.helps.actions')}</th></tr></thead>
          <tbody>
            {items.map((h) => (
              <tr key={h.id}>
                <td>{h.title}</td><td>{h.video}</td><td className="help-description">{h.description}</td>
                <td className="row-actions">
                  <Button text rounded icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => dialog.open(h)} />
                  <Button text rounded severity="danger" icon="pi pi-trash" aria-label={t('common.delete')} onClick={() => remove(h)} />
                </td>
              </tr>
            ))}
            {!loading && items.length === 0 && <tr><td colSpan={4} className="muted">{t('common.noRecords')}</td></tr>}
          </tbody>
        </table>
      </div>
      <HelpDialog help={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={(h) => setItems((l) => upsert(l, h))} />
    </div>
  );
}
