import type { HostSdk } from '@atrium/host-web/sdk';
import type { Order } from '../../src/types';
import { WebhookDialog } from './WebhookDialog';

/**
 * /order-status: the orders the shop reported (searched by number, newest first), built from the console's blocks
 * (sdk.ui). The header's button opens the shop's webhook: its address and a new signing secret.
 */
export function OrdersPage({ sdk }: { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const { ListPage, useListPage } = sdk.ui;
  const { dialog, props } = useListPage<Order>({ path: '/order-status/orders', key: 'orders', search: t('orderStatus.search') });
  return (
    <ListPage<Order> testId="order-status" title={t('orderStatus.title')} empty={t('orderStatus.empty')} {...props} onEdit={undefined}
      addLabel={t('orderStatus.webhook')}
      columns={[
        { header: t('orderStatus.number'), body: (row) => row.number },
        { header: t('orderStatus.status'), body: (row) => t(`orderStatus.statuses.${row.status}`) },
        { header: t('orderStatus.phone'), body: (row) => row.phone },
      ]}>
      <WebhookDialog sdk={sdk} visible={dialog.visible} onHide={dialog.hide} />
    </ListPage>
  );
}
