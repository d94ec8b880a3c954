import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { Tag as Chip } from 'primereact/tag';
import { ConfirmDialog } from 'primereact/confirmdialog';
import './i18n';
import { useDebounce } from '../../hooks/useDebounce';
import { usePagedList } from '../../hooks/usePagedList';
import { useLiveRows } from '../../hooks/useLiveRows';
import { useEditDialog } from '../../hooks/useEditDialog';
import { upsert } from '../../data/connections';
import { confirmDelete } from '../../util/confirmDelete';
import { TagDialog } from './TagDialog';
import type { Tag } from './types';

/** Tags: search (500 ms), infinite scroll, ticket counts, add / edit / delete, live from company-{id}-tag. */
export default function TagsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebounce(search, 500);
  const { items, setItems, onScroll, loading } = usePagedList<Tag>('/tags', 'tags', { searchParam });
  const dialog = useEditDialog<Tag>();
  useLiveRows<Tag>('tag', setItems);
  const remove = (tag: Tag) => confirmDelete(`/tags/${tag.id}`, {
    message: t('tags.deleteConfirm'), doneMessage: t('tags.deleted'), onDone: () => setItems((l) => l.filter((x) => x.id !== tag.id)),
  });
  return (
    <div data-testid="tags-page" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div className="page-header">
        <h2>{t('tags.title')}</h2>
        <InputText value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('tags.search')} />
        <Button icon="pi pi-plus" label={t('tags.add')} onClick={() => dialog.open()} data-testid="tags-add" />
      </div>
      <div className="scroll-area" onScroll={onScroll} style={{ flex: 1, minHeight: 0 }}>
        <table className="simple-table" data-testid="tags-table">
          <thead><tr><th>{t('tags.name')}</th><th>{t('tags.tickets')}</th><th>{t('tags.kanban')}</th><th>{t('tags.actions')}</th></tr></thead>
          <tbody>
            {items.map((tag) => (
              <tr key={tag.id}>
                <td><Chip value={tag.name} style={{ background: tag.color, color: '#fff' }} /></td>
                <td>{tag.ticketsCount ?? 0}</td>
                <td>{tag.kanban ? <i className="pi pi-check" aria-label={t('tags.kanban')} /> : null}</td>
                <td className="row-actions">
                  <Button text rounded icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => dialog.open(tag)} />
                  <Button text rounded severity="danger" icon="pi pi-trash" aria-label={t('common.delete')} onClick={() => remove(tag)} />
                </td>
              </tr>
            ))}
            {!loading && items.length === 0 && <tr><td colSpan={4} className="muted">{t('common.noRecords')}</td></tr>}
          </tbody>
        </table>
      </div>
      <ConfirmDialog />
      <TagDialog tag={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={(tag) => setItems((l) => upsert(l, tag))} />
    </div>
  );
}
