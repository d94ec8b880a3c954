import type { HostSdk } from '@atrium/host-web/sdk';
import type { QueueIntegration } from './types';
import { IntegrationDialog } from './IntegrationDialog';

const ICONS: Record<QueueIntegration['type'], string> = {
  dialogflow: 'pi pi-comments', n8n: 'pi pi-sitemap', webhook: 'pi pi-link', typebot: 'pi pi-android', flowbuilder: 'pi pi-share-alt',
};

/** /queue-integration (ext §4): searchable, infinite scroll; type icon, id, name; add, edit, delete; live. */
export function IntegrationsPage({ sdk }: { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const { ListPage, useListPage } = sdk.ui;
  const { list, dialog, props } = useListPage<QueueIntegration>({
    path: '/queueIntegration', key: 'queueIntegrations', search: t('integrations.search'),
    live: { name: 'queueIntegration', key: ['queueIntegration', 'integration'] },
    remove: { path: (row) => `/queueIntegration/${row.id}`, message: (row) => t('integrations.deleteConfirm', { name: row.name }), doneMessage: t('integrations.deleted') },
  });
  // An integration's failure (the admins hear it) shows in its "Last error" at once.
  const { companyId } = sdk.useSession();
  sdk.useSocketEvent(companyId ? `company-${companyId}-responderFailure` : null, (e: { source: { kind: string } | null }) => { if (e.source?.kind === 'integration') list.reload(); });
  return (
    <ListPage<QueueIntegration> testId="integrations" title={t('integrations.title')} addLabel={t('integrations.add')} {...props} rowTestId="integration"
      columns={[
        { header: t('integrations.type'), body: (row) => <i className={ICONS[row.type]} title={t(`integrations.types.${row.type}`)} aria-label={t(`integrations.types.${row.type}`)} /> },
        { header: 'ID', body: (row) => row.id },
        { header: t('integrations.name'), body: (row) => row.name },
        { header: t('botFailure.lastError'), body: (row) => <sdk.ui.BotLastError error={row.lastError} /> },
      ]}>
      <IntegrationDialog sdk={sdk} item={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}
