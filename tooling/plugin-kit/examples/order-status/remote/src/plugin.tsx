import type { HostSdk, RemoteModule } from '@atrium/host-web/sdk';
import { OrdersPage } from './OrdersPage';
import { LatestOrderChip } from './LatestOrderChip';
import { messages } from './i18n';

/** './plugin': the console calls this once with its SDK (import only TYPES from '@atrium/host-web/sdk'). */
export default function orderStatusRemote(sdk: HostSdk): RemoteModule {
  return {
    routes: [{ path: '/order-status', Component: () => <OrdersPage sdk={sdk} /> }],
    slots: { 'ticketHeader.actions': (props) => <LatestOrderChip sdk={sdk} {...props} /> },
    i18n: messages,
  };
}
