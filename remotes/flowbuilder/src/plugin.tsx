import type { HostSdk, RemoteModule } from '@atrium/host-web/sdk';
import { FlowsPage } from './list/FlowsPage';
import { FlowEditorPage } from './canvas/FlowEditorPage';
import { PhraseCampaignsPage } from './phrases/PhraseCampaignsPage';
import { messages } from './i18n';

/**
 * './plugin': the flows list, the editor and the phrase campaigns, at the spec's paths. The host shows them only with
 * the plan's useFlowbuilder (and the `cshow` browser flag). Import only TYPES from '@atrium/host-web/sdk'.
 */
export default function flowbuilderRemote(sdk: HostSdk): RemoteModule {
  return {
    routes: [
      { path: '/flowbuilders', Component: () => <FlowsPage sdk={sdk} /> },
      { path: '/flowbuilder/:id', Component: () => <FlowEditorPage sdk={sdk} /> },
      { path: '/phrase-lists', Component: () => <PhraseCampaignsPage sdk={sdk} /> },
    ],
    i18n: messages,
  };
}
