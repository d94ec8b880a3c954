import { useEffect, useState } from 'react';
import type { FormikProps } from 'formik';
import type { HostSdk } from '@atrium/host-web/sdk';

type Flow = { id: number; name: string };

/**
 * The flow a flowbuilder integration starts, picked by name from the flow builder's list (its HTTP API,
 * `GET /flowbuilder`: plugins talk over HTTP, never through each other's code; docs/decisions.md). Without the flow
 * builder in the plan the list answers 403: the picker says so. A saved flow missing from the list (deleted) stays
 * chosen, shown by its id, so an edit does not silently change it.
 */
export function FlowPicker({ sdk, form }: { sdk: HostSdk; form: FormikProps<any> }) {
  const { t } = sdk.useTranslation();
  const [flows, setFlows] = useState<Flow[] | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    sdk.ui.allPages<Flow>('/flowbuilder', 'flows').then(setFlows, (err) => { setFlows([]); setUnavailable(err?.status === 403); });
  }, [sdk]);
  const chosen = form.values.flowId as number | null;
  const options = chosen && flows && !flows.some((f) => f.id === chosen) ? [...flows, { id: chosen, name: t('integrations.flowMissing', { id: chosen }) }] : flows ?? [];
  const error = sdk.ui.fieldError(form, 'flowId');
  return (
    <>
      <sdk.ui.IdSelect values={form.values} setFieldValue={(name, value) => void form.setFieldValue(name, value)} name="flowId" label={t('integrations.flowId')}
        none={flows === null ? t('integrations.flowsLoading') : t('integrations.flowNone')} options={options} testId="integration-flow" error={error} />
      <small className="muted" data-testid="integration-flow-hint">
        {t(unavailable ? 'integrations.flowsUnavailable' : flows?.length === 0 ? 'integrations.flowsEmpty' : 'integrations.flowIdHint')}
      </small>
    </>
  );
}
