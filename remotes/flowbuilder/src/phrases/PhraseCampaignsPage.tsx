import { useEffect, useState } from 'react';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { Flow, FlowCampaign } from '../types';
import { PhraseCampaignDialog } from './PhraseCampaignDialog';

/** /phrase-lists: name, flow, status (Ativo / Desativado); edit, and delete for roles allowed to delete contacts (ext §6). */
export function PhraseCampaignsPage({ sdk }: { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const { ListPage, useListPage } = sdk.ui;
  const [flows, setFlows] = useState<Flow[]>([]);
  useEffect(() => { sdk.ui.allPages<Flow>('/flowbuilder', 'flows').then(setFlows, sdk.toast.error); }, [sdk]);
  const { list, dialog, props } = useListPage<FlowCampaign>({
    path: '/flowcampaign', key: 'flow', search: false, live: { name: 'flowCampaign', key: 'flowCampaign' },
    remove: { path: (row) => `/flowcampaign/${row.id}`, message: (row) => t('flowbuilder.phraseDeleteConfirm', { name: row.name }), doneMessage: t('flowbuilder.phraseDeleted') },
  });
  const canDelete = sdk.hasPermission('contacts-page:deleteContact');
  return (
    <ListPage<FlowCampaign> testId="phrases" title={t('flowbuilder.phraseTitle')} addLabel={t('flowbuilder.phraseAdd')} {...props} rowTestId="phrase"
      onDelete={canDelete ? props.onDelete : undefined}
      columns={[
        { header: t('flowbuilder.name'), body: (row) => row.name },
        { header: t('flowbuilder.phrase'), body: (row) => row.phrase },
        { header: t('flowbuilder.flow'), body: (row) => flows.find((f) => f.id === row.flowId)?.name ?? row.flowId },
        { header: t('flowbuilder.status'), body: (row) => <span data-testid="phrase-status-cell">{t(row.status ? 'flowbuilder.active' : 'flowbuilder.inactive')}</span> },
      ]}
      onEdit={(row) => dialog.open(row)}>
      <PhraseCampaignDialog sdk={sdk} item={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}
