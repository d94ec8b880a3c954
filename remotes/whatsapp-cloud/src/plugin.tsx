import type { HostSdk, RemoteModule } from '@atrium/host-web/sdk';
import { CloudFields } from './CloudFields';
import { ServiceWindowBar } from './ServiceWindow';
import { messages } from './i18n';

/**
 * './plugin' of the whatsapp-cloud plugin: the Cloud API fields of the connection form (connectionDialog.fields) and
 * the 24-hour window with the template picker above the composer of a cloud ticket (composer.above). The host loads
 * it only for companies whose plan has useWhatsappCloud.
 */
export default function whatsappCloudRemote(sdk: HostSdk): RemoteModule {
  return {
    routes: [],
    i18n: messages,
    slots: {
      'connectionDialog.fields': (props) => <CloudFields sdk={sdk} {...props} />,
      'composer.above': (props) => <ServiceWindowBar sdk={sdk} {...props} />,
    },
  };
}
