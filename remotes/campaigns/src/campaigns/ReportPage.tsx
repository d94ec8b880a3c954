import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { Campaign, Shipping } from '../types';

/**
 * /campaign/:campaignId/report: the counts (valid, delivered, failed, pending) and the recipients, paged. Live from
 * company-{id}-campaign; after FINALIZADA it reads everything again 5 s later (ext §4).
 */
export function ReportPage({ sdk }: { sdk: HostSdk }) {
  const { t, i18n } = sdk.useTranslation();
  const { campaignId } = useParams();
  const { companyId } = sdk.useSession();
  const { ListPage, usePagedList } = sdk.ui;
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const recipients = usePagedList<Shipping>(`/campaigns/${campaignId}/shipping`, 'records', {});
  const load = useCallback(() => { sdk.api.get<Campaign>(`/campaigns/${campaignId}`).then(setCampaign, sdk.toast.error); }, [campaignId, sdk]);
  useEffect(load, [load]);
  sdk.useSocketEvent(`company-${companyId}-campaign`, (data: { action?: string; campaign?: Campaign }) => {
    if (data?.campaign?.id !== Number(campaignId)) return;
    setCampaign(data.campaign);
    if (data.campaign.status === 'FINALIZADA') setTimeout(() => { load(); recipients.reload(); }, 5000);
  });
  const counts = campaign?.counts;
  const percent = counts && counts.valids ? Math.round((counts.delivered / counts.valids) * 100) : 0;
  return (
    <ListPage<Shipping> testId="campaign-report" title={t('campaigns.reportTitle', { name: campaign?.name ?? '' })}
      items={recipients.items} loading={recipients.loading} onScroll={recipients.onScroll}
      toolbar={counts && (
        <span data-testid="campaign-counts">
          {t(`campaigns.statuses.${campaign!.status}`)} · {t('campaigns.valids')}: {counts.valids} · {t('campaigns.delivered')}: {counts.delivered} ({percent}%)
          {' '}· {t('campaigns.failed')}: {counts.failed} · {t('campaigns.pending')}: {counts.pending}
        </span>
      )}
      columns={[
        { header: t('campaigns.name'), body: (row) => row.name ?? '' },
        { header: t('campaigns.number'), body: (row) => row.number },
        { header: t('campaigns.outcome'), body: (row) => t(`campaigns.outcomes.${row.status}`) },
        { header: t('campaigns.deliveredAt'), body: (row) => (row.deliveredAt ? new Date(row.deliveredAt).toLocaleString(i18n.language) : t('campaigns.none')) },
      ]} />
  );
}
