import type { HostSdk, RemoteModule } from '@atrium/host-web/sdk';
import { CampaignsPage } from './campaigns/CampaignsPage';
import { ReportPage } from './campaigns/ReportPage';
import { ContactListsPage } from './lists/ContactListsPage';
import { ContactListItemsPage } from './lists/ContactListItemsPage';
import { SettingsPage } from './SettingsPage';
import { messages } from './i18n';

/**
 * './plugin': the console calls this once with its SDK (import only TYPES from '@atrium/host-web/sdk'). The paths are
 * the spec's; the host shows them only with the `cshow` browser flag (and the plan's useCampaigns).
 */
export default function campaignsRemote(sdk: HostSdk): RemoteModule {
  return {
    routes: [
      { path: '/campaigns', Component: () => <CampaignsPage sdk={sdk} /> },
      { path: '/campaign/:campaignId/report', Component: () => <ReportPage sdk={sdk} /> },
      { path: '/campaigns-config', Component: () => <SettingsPage sdk={sdk} /> },
      { path: '/contact-lists', Component: () => <ContactListsPage sdk={sdk} /> },
      { path: '/contact-lists/:contactListId/contacts', Component: () => <ContactListItemsPage sdk={sdk} /> },
    ],
    i18n: messages,
  };
}
