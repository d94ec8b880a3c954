import { useEffect, useState } from 'react';
import type { HostSdk, SlotProps } from '@atrium/host-web/sdk';
import type { QueueIntegration } from './types';

/**
 * The integration of a queue or connection, in the console's queueDialog.fields / connectionDialog.fields slots; the
 * dialog saves `integrationId` with the rest (core §3). A list that cannot be read (plan turned off meanwhile) is empty.
 */
export function IntegrationPicker({ sdk, values, setFieldValue, testId }: SlotProps['queueDialog.fields'] & { sdk: HostSdk; testId: string }) {
  const { t } = sdk.useTranslation();
  const [integrations, setIntegrations] = useState<QueueIntegration[]>([]);
  useEffect(() => { sdk.ui.allPages<QueueIntegration>('/queueIntegration', 'queueIntegrations').then(setIntegrations, () => setIntegrations([])); }, [sdk]);
  return <sdk.ui.IdSelect values={values} setFieldValue={setFieldValue} name="integrationId" label={t('integrations.picker')} none={t('integrations.none')} options={integrations} testId={testId} />;
}
