import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { Campaign } from '../types';
import { CampaignDialog } from './CampaignDialog';

/** /campaigns: the list with search, add, edit, delete, stop, restart and a link to each report. */
export function CampaignsPage({ sdk }: { sdk: HostSdk }) {
  const { t, i18n } = sdk.useTranslation();
  const navigate = useNavigate();
  const { ListPage, useListPage } = sdk.ui;
  const { list, dialog, props } = useListPage<Campaign>({
    path: '/campaigns', key: 'records', live: { name: 'campaign', key: 'campaign' }, search: t('campaigns.search'),
    remove: { path: (row) => `/campaigns/${row.id}`, message: (row) => t('campaigns.deleteConfirm', { name: row.name }), doneMessage: t('campaigns.deleted') },
  });
  const done = { cancel: 'campaigns.cancelled', restart: 'campaigns.restarted', start: 'campaigns.started' } as const;
  const act = async (row: Campaign, action: 'cancel' | 'restart' | 'start') => {
    try {
      list.upsertItem(await sdk.api.post<Campaign>(`/campaigns/${row.id}/${action}`));
      sdk.toast.success(t(done[action]));
    } catch (err) {
      sdk.toast.error(err);
    }
  };
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : t('campaigns.none'));
  return (
    <ListPage<Campaign> testId="campaigns" title={t('campaigns.title')} addLabel={t('campaigns.add')} {...props}
      toolbar={<>
        <Button type="button" text onClick={() => navigate('/contact-lists')}>{t('campaigns.lists')}</Button>
        <Button type="button" text onClick={() => navigate('/campaigns-config')}>{t('campaigns.settings')}</Button>
      </>}
      rowTestId="campaign"
      columns={[
        { header: t('campaigns.name'), body: (row) => row.name },
        { header: t('campaigns.status'), body: (row) => t(`campaigns.statuses.${row.status}`) },
        { header: t('campaigns.contactList'), body: (row) => row.contactList?.name ?? t('campaigns.none') },
        { header: t('campaigns.connection'), body: (row) => row.whatsapp?.name ?? t('campaigns.none') },
        { header: t('campaigns.scheduledAt'), body: (row) => when(row.scheduledAt) },
        { header: t('campaigns.completedAt'), body: (row) => when(row.completedAt) },
      ]}
      onEdit={(row) => dialog.open(row)}
      rowActions={(row) => <>
        {(row.status === 'INATIVA' || row.status === 'PROGRAMADA') && (
          // It messages a whole list at once: asked first, as the spec's peers ask before a delete.
          <Button type="button" text data-testid="campaign-start"
            onClick={() => sdk.ui.confirm({ message: t('campaigns.startConfirm', { name: row.name }), danger: false, accept: () => act(row, 'start') })}>{t('campaigns.start')}</Button>
        )}
        {row.status === 'EM_ANDAMENTO' && <Button type="button" text data-testid="campaign-cancel" onClick={() => act(row, 'cancel')}>{t('campaigns.cancel')}</Button>}
        {row.status === 'CANCELADA' && <Button type="button" text data-testid="campaign-restart" onClick={() => act(row, 'restart')}>{t('campaigns.restart')}</Button>}
        <Button type="button" text data-testid="campaign-report" onClick={() => navigate(`/campaign/${row.id}/report`)}>{t('campaigns.report')}</Button>
      </>}>
      <CampaignDialog sdk={sdk} item={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}
