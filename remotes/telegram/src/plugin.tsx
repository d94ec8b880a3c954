import type { HostSdk, RemoteModule } from '@atrium/host-web/sdk';
import { TelegramFields } from './TelegramFields';
import { messages } from './i18n';

/**
 * './plugin' of the telegram plugin: the bot token in the connection form (connectionDialog.fields). The host loads
 * it only for companies whose plan has useTelegram.
 */
export default function telegramRemote(sdk: HostSdk): RemoteModule {
  return {
    routes: [],
    i18n: messages,
    slots: {
      'connectionDialog.fields': (props) => <TelegramFields sdk={sdk} {...props} />,
    },
  };
}
