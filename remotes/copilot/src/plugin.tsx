import type { HostSdk, RemoteModule } from '@atrium/host-web/sdk';
import { SettingsPage } from './SettingsPage';
import { ArticlesPage } from './ArticlesPage';
import { CopilotActions } from './CopilotActions';
import { messages } from './i18n';

/**
 * './plugin' of the copilot: the settings and usage screen (/copilot, admins), the knowledge base
 * (/copilot/articles) and the composer's copilot buttons (slot ticketComposer.actions). Loaded only for
 * companies whose plan has useCopilot.
 */
export default function copilotRemote(sdk: HostSdk): RemoteModule {
  return {
    routes: [
      { path: '/copilot', Component: () => <SettingsPage sdk={sdk} /> },
      { path: '/copilot/articles', Component: () => <ArticlesPage sdk={sdk} /> },
    ],
    i18n: messages,
    slots: {
      'ticketComposer.actions': (props) => <CopilotActions sdk={sdk} {...props} />,
    },
  };
}
