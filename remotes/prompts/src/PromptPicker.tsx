import { useEffect, useState } from 'react';
import type { HostSdk, SlotProps } from '@atrium/host-web/sdk';
import type { Prompt } from './types';

/**
 * The AI prompt of a queue or connection, in the console's queueDialog.fields / connectionDialog.fields slots; the
 * dialog saves `promptId` with the rest (core §3). A list that cannot be read (plan turned off meanwhile) is empty.
 */
export function PromptPicker({ sdk, values, setFieldValue, testId }: SlotProps['queueDialog.fields'] & { sdk: HostSdk; testId: string }) {
  const { t } = sdk.useTranslation();
  const [prompts, setPrompts] = useState<Prompt[]>([]);
  useEffect(() => { sdk.api.get<{ prompts: Prompt[] }>('/prompt').then((r) => setPrompts(r.prompts), () => setPrompts([])); }, [sdk]);
  return <sdk.ui.IdSelect values={values} setFieldValue={setFieldValue} name="promptId" label={t('prompts.picker')} none={t('prompts.none')} options={prompts} testId={testId} />;
}
