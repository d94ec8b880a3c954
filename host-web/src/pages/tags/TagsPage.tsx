import { useTranslation } from 'react-i18next';
import { Tag as Chip } from 'primereact/tag';
import './i18n';
import { ListPage, useListPage } from '../../blocks';
import { TagDialog } from './TagDialog';
import type { Tag } from './types';

/** Tags: search (500 ms), infinite scroll, ticket counts, add / edit / delete, live from company-{id}-tag. */
export default function TagsPage() {
  const { t } = useTranslation();
  const { list, dialog, props } = useListPage<Tag>({
    path: '/tags', key: 'tags', live: 'tag', search: t('tags.search'),
    remove: { path: (tag) => `/tags/${tag.id}`, message: t('tags.deleteConfirm'), doneMessage: t('tags.deleted') },
  });
  return (
    <ListPage<Tag> testId="tags" title={t('tags.title')} addLabel={t('tags.add')} {...props}
      columns={[
        { header: t('tags.name'), body: (tag) => <Chip value={tag.name} style={{ background: tag.color, color: '#fff' }} /> },
        { header: t('tags.tickets'), body: (tag) => tag.ticketsCount ?? 0 },
        { header: t('tags.kanban'), body: (tag) => (tag.kanban ? <i className="pi pi-check" aria-label={t('tags.kanban')} /> : null) },
      ]}>
      <TagDialog tag={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}
