import type { HostSdk } from '@atrium/host-web/sdk';
import { useUnreadTotal, type UnreadStore } from '../unreads';

/** `sideMenu.badge`: a dot after the chats menu label while the user has unread internal messages (core §2). */
export function unreadDot(sdk: HostSdk, store: UnreadStore) {
  return function UnreadDot(_props: { path: string }) {
    const { t } = sdk.useTranslation();
    const total = useUnreadTotal(sdk, store);
    if (total === 0) return null;
    return (
      <span data-testid="chat-unread-dot" title={t('internalChat.unread', { count: total })} aria-label={t('internalChat.unread', { count: total })}
        style={{ display: 'inline-block', width: 8, height: 8, borderRadius: '50%', background: 'var(--red-500, #ef4444)', marginLeft: 8, verticalAlign: 'middle' }} />
    );
  };
}
