import { useEffect, useState } from 'react';
import type { HostSdk, SlotProps } from '@atrium/host-web/sdk';
import type { LatestOrder } from '../../src/types';

/** `ticketHeader.actions`: the customer's latest order and its status, beside the open ticket's name. */
export function LatestOrderChip({ sdk, contact }: SlotProps['ticketHeader.actions'] & { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const [latest, setLatest] = useState<LatestOrder['order']>(null);
  const phone = contact?.number;
  useEffect(() => {
    setLatest(null);
    if (!phone) return;
    let current = true;
    // A failure shows nothing: the header stays as the core draws it.
    sdk.api.get<LatestOrder>('/order-status/orders/latest', { phone }).then((r) => { if (current) setLatest(r.order); }, () => undefined);
    return () => { current = false; };
  }, [sdk, phone]);
  if (!latest) return null;
  return (
    <span className="muted" data-testid="order-status-latest">
      {t('orderStatus.latest', { number: latest.number, status: t(`orderStatus.statuses.${latest.status}`) })}
    </span>
  );
}
