import type { HostSdk, RemoteModule } from '@atrium/host-web/sdk';
import { SdkProvider } from './sdk-context';
import { ChatsPage } from './chat/ChatsPage';
import { chatBell } from './slots/ChatBell';
import { unreadDot } from './slots/UnreadDot';
import { createUnreadStore } from './unreads';
import { messages } from './i18n';

/**
 * The remote's './plugin': the /chats screen, plus two console slots — the unread dot after the chats
 * menu entry (`sideMenu.badge`) and the chat bell in the top bar (`topBar.actions`). Both slots share
 * one unread store, so one request per chat event serves them.
 */
export default function internalChatRemote(sdk: HostSdk): RemoteModule {
  const unreads = createUnreadStore(sdk);
  const Chats = () => (
    <SdkProvider sdk={sdk}>
      <ChatsPage />
    </SdkProvider>
  );
  return {
    routes: [{ path: '/chats/:id?', Component: Chats }],
    i18n: messages,
    slots: { 'sideMenu.badge': unreadDot(sdk, unreads), 'topBar.actions': chatBell(sdk, unreads) },
  };
}
