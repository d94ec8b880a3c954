import type { HostSdk, RemoteModule } from '@atrium/host-web/sdk';
import { IntegrationsPage } from './IntegrationsPage';
import { IntegrationPicker } from './IntegrationPicker';
import { messages } from './i18n';

/**
 * './plugin' of the integrations plugin: the /queue-integration screen and the integration picker in the queue and
 * connection dialogs (also listed in plugin.json's remote.slots). Loaded only for plans with useIntegrations.
 */
export default function integrationsRemote(sdk: HostSdk): RemoteModule {
  return {
    routes: [{ path: '/queue-integration', Component: () => <IntegrationsPage sdk={sdk} /> }],
    i18n: messages,
    slots: {
      'queueDialog.fields': (props) => <IntegrationPicker sdk={sdk} testId="queue-integration" {...props} />,
      'connectionDialog.fields': (props) => <IntegrationPicker sdk={sdk} testId="connection-integration" {...props} />,
    },
  };
}
