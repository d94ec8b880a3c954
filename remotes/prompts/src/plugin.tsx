import type { HostSdk, RemoteModule } from '@atrium/host-web/sdk';
import { PromptsPage } from './PromptsPage';
import { PromptPicker } from './PromptPicker';
import { messages } from './i18n';

/**
 * './plugin' of the prompts plugin: the /prompts screen and the AI prompt picker in the queue and connection dialogs
 * (also listed in plugin.json's remote.slots). The host loads it only for companies whose plan has useOpenAi.
 */
export default function promptsRemote(sdk: HostSdk): RemoteModule {
  return {
    routes: [{ path: '/prompts', Component: () => <PromptsPage sdk={sdk} /> }],
    i18n: messages,
    slots: {
      'queueDialog.fields': (props) => <PromptPicker sdk={sdk} testId="queue-prompt" {...props} />,
      'connectionDialog.fields': (props) => <PromptPicker sdk={sdk} testId="connection-prompt" {...props} />,
    },
  };
}
