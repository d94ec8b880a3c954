import { useNavigate } from 'react-router-dom';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { Flow } from '../types';
import { FlowNameDialog } from './FlowNameDialog';

/** /flowbuilders: search, add, rename, open the editor (row click), duplicate, delete. */
export function FlowsPage({ sdk }: { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const navigate = useNavigate();
  const { ListPage, useListPage } = sdk.ui;
  const { list, dialog, props } = useListPage<Flow>({
    path: '/flowbuilder', key: 'flows', live: { name: 'flowbuilder', key: 'flow' }, search: t('flowbuilder.search'),
    remove: { path: (row) => `/flowbuilder/${row.id}`, message: (row) => t('flowbuilder.deleteConfirm', { name: row.name }), doneMessage: t('flowbuilder.deleted') },
  });
  const duplicate = async (row: Flow) => {
    try {
      list.upsertItem(await sdk.api.post<Flow>('/flowbuilder/duplicate', { flowId: row.id }));
      sdk.toast.success(t('flowbuilder.duplicated'));
    } catch (err) {
      sdk.toast.error(err);
    }
  };
  const open = (row: Flow) => navigate(`/flowbuilder/${row.id}`);
  return (
    <ListPage<Flow> testId="flows" title={t('flowbuilder.title')} addLabel={t('flowbuilder.add')} {...props} rowTestId="flow"
      toolbar={<button type="button" className="p-button p-button-text" onClick={() => navigate('/phrase-lists')}>{t('flowbuilder.phraseMenu')}</button>}
      columns={[
        { header: t('flowbuilder.name'), body: (row) => <a href={`/flowbuilder/${row.id}`} data-testid="flow-open" onClick={(e) => { e.preventDefault(); open(row); }}>{row.name}</a> },
        { header: t('botFailure.lastError'), body: (row) => <sdk.ui.BotLastError error={row.lastError} /> },
      ]}
      onEdit={(row) => dialog.open(row)}
      rowActions={(row) => <>
        <button type="button" className="p-button p-button-text" title={t('flowbuilder.editFlow')} aria-label={t('flowbuilder.editFlow')} data-testid="flow-edit-flow" onClick={() => open(row)}><i className="pi pi-sitemap" /></button>
        <button type="button" className="p-button p-button-text" title={t('flowbuilder.duplicate')} aria-label={t('flowbuilder.duplicate')} data-testid="flow-duplicate" onClick={() => void duplicate(row)}><i className="pi pi-copy" /></button>
      </>}>
      <FlowNameDialog sdk={sdk} item={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}
