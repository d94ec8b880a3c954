import type { HostSdk } from '@atrium/host-web/sdk';
import type { Prompt } from './types';
import { PromptDialog } from './PromptDialog';

/** /prompts (ext §4): name, queue, max tokens; add, edit, delete; live from company-{id}-prompt. */
export function PromptsPage({ sdk }: { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const { ListPage, useListPage } = sdk.ui;
  const { list, dialog, props } = useListPage<Prompt>({
    path: '/prompt', key: 'prompts', live: { name: 'prompt', key: 'prompt' }, search: t('prompts.search'),
    remove: { path: (row) => `/prompt/${row.id}`, message: (row) => t('prompts.deleteConfirm', { name: row.name }), doneMessage: t('prompts.deleted') },
  });
  // A prompt's failure (the admins hear it) shows in its "Last error" at once.
  const { companyId } = sdk.useSession();
  sdk.useSocketEvent(companyId ? `company-${companyId}-responderFailure` : null, (e: { source: { kind: string } | null }) => { if (e.source?.kind === 'prompt') list.reload(); });
  return (
    <ListPage<Prompt> testId="prompts" title={t('prompts.title')} addLabel={t('prompts.add')} {...props} rowTestId="prompt"
      columns={[
        { header: t('prompts.name'), body: (row) => row.name },
        { header: t('prompts.queue'), body: (row) => row.queue?.name ?? t('prompts.none') },
        { header: t('prompts.maxTokens'), body: (row) => row.maxTokens },
        { header: t('botFailure.lastError'), body: (row) => <sdk.ui.BotLastError error={row.lastError} /> },
      ]}>
      <PromptDialog sdk={sdk} item={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}
