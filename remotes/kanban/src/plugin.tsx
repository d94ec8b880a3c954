import type { HostSdk, RemoteModule } from '@atrium/host-web/sdk';
import { SdkProvider } from './sdk-context';
import { KanbanPage } from './board/KanbanPage';
import { messages } from './i18n';
import { UnsortedBadge } from './slots/UnsortedBadge';
import { LanePicker } from './slots/LanePicker';

/**
 * The remote's './plugin': the host calls this once with its SDK and renders the routes inside
 * the console layout. React, the router, PrimeReact and i18next are the host's (shared singletons).
 */
export default function kanbanRemote(sdk: HostSdk): RemoteModule {
  const Kanban = () => (
    <SdkProvider sdk={sdk}>
      <KanbanPage />
    </SdkProvider>
  );
  return {
    routes: [{ path: '/kanban', Component: Kanban }],
    i18n: messages,
    // Also listed in plugin.json's remote.slots, so the console downloads this remote right after login.
    slots: {
      'sideMenu.badge': () => <SdkProvider sdk={sdk}><UnsortedBadge /></SdkProvider>,
      'ticketHeader.actions': (props) => <SdkProvider sdk={sdk}><LanePicker {...props} /></SdkProvider>,
    },
  };
}
