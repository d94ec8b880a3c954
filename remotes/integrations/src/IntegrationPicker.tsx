import { useEffect, useState } from 'react';
import type { HostSdk, SlotProps } from '@atrium/host-web/sdk';
import type { QueueIntegration } from './types';

/** Pages read for the picker (the list is paged); a company with more integrations than this is not expected. */
const MAX_PAGES = 10;

async function allIntegrations(sdk: HostSdk): Promise<QueueIntegration[]> {
  const rows: QueueIntegration[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
    const page = await sdk.api.get<{ queueIntegrations: QueueIntegration[]; hasMore: boolean }>('/queueIntegration', { pageNumber });
    rows.push(...page.queueIntegrations);
    if (!page.hasMore) break;
  }
  return rows;
}

/**
 * The integration of a queue or connection, in the console's queueDialog.fields / connectionDialog.fields slots; the
 * dialog saves `integrationId` with the rest (core §3). A list that cannot be read (plan turned off meanwhile) is empty.
 */
export function IntegrationPicker({ sdk, values, setFieldValue, testId }: SlotProps['queueDialog.fields'] & { sdk: HostSdk; testId: string }) {
  const { t } = sdk.useTranslation();
  const [integrations, setIntegrations] = useState<QueueIntegration[]>([]);
  useEffect(() => { allIntegrations(sdk).then(setIntegrations, () => setIntegrations([])); }, [sdk]);
  return <sdk.ui.IdSelect values={values} setFieldValue={setFieldValue} name="integrationId" label={t('integrations.picker')} none={t('integrations.none')} options={integrations} testId={testId} />;
}
