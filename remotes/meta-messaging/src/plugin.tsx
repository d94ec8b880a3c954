import type { HostSdk, RemoteModule } from '@atrium/host-web/sdk';
import { MetaFields } from './MetaFields';
import { messages } from './i18n';

/**
 * './plugin' of the meta-messaging plugin: the Page settings in the connection form (connectionDialog.fields) for the
 * Messenger and Instagram kinds, and the texts of the plugin's error codes. Loaded only for plans with useMetaMessaging.
 */
export default function metaMessagingRemote(sdk: HostSdk): RemoteModule {
  return {
    routes: [],
    i18n: messages,
    slots: {
      'connectionDialog.fields': (props) => <MetaFields sdk={sdk} {...props} />,
    },
  };
}
