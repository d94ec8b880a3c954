import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Badge } from 'primereact/badge';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { ChatEvent } from '../types';
import { useUnreadTotal, type UnreadStore } from '../unreads';
import { playChatChime } from './chime';

/**
 * `topBar.actions`: the internal chat bell (core §2) with the unread total; it rings for a new message
 * in one of the user's chats written by someone else. The server sends chat events to members only,
 * so a chat the user is not in never rings here; the sender's own message never rings for them.
 */
export function chatBell(sdk: HostSdk, store: UnreadStore) {
  return function ChatBell() {
    const { t } = sdk.useTranslation();
    const navigate = useNavigate();
    const { user, companyId } = sdk.useSession();
    const total = useUnreadTotal(sdk, store);
    const [rings, setRings] = useState(0);
    sdk.useSocketEvent(companyId ? `company-${companyId}-chat` : null, (event: ChatEvent) => {
      if (event.action !== 'new-message' || event.newMessage.senderId === user?.id) return;
      playChatChime();
      setRings((n) => n + 1);
    });
    return (
      <Button text rounded icon="pi pi-comments" className="p-overlay-badge" aria-label={t('internalChat.bell')} title={t('internalChat.bell')}
        data-testid="chat-bell" data-rings={rings} onClick={() => navigate('/chats')}>
        {total > 0 && <Badge value={total > 99 ? '99+' : total} severity="danger" data-testid="chat-bell-count"
          style={{ position: 'absolute', top: 2, right: 0, transform: 'none', minWidth: '1.1rem', height: '1.1rem', lineHeight: '1.1rem', fontSize: '0.65rem' }} />}
      </Button>
    );
  };
}
