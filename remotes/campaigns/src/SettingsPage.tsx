import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { CampaignSetting } from './types';

const MESSAGE_INTERVALS = [0, 5, 10, 15, 20];
const LONGER_INTERVALS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120];
interface Values { messageInterval: number; longerIntervalAfter: number; greaterInterval: number; variables: { key: string; value: string }[] }

/** /campaigns-config: the three intervals from the spec's option lists and the custom variables (unique keys). */
export function SettingsPage({ sdk }: { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const [values, setValues] = useState<Values | null>(null);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  useEffect(() => {
    sdk.api.get<CampaignSetting[]>('/campaign-settings').then((list) => {
      setValues(Object.fromEntries(list.map((s) => [s.key, JSON.parse(s.value)])) as unknown as Values);
    }, sdk.toast.error);
  }, [sdk]);
  if (!values) return null;
  const keyInUse = values.variables.some((v) => v.key === key.trim());
  const addVariable = () => {
    if (!key.trim() || keyInUse) return;
    setValues({ ...values, variables: [...values.variables, { key: key.trim(), value }] });
    setKey('');
    setValue('');
  };
  const save = async () => {
    try {
      await sdk.api.post('/campaign-settings', { settings: values });
      sdk.toast.success(t('campaigns.settingsSaved'));
    } catch (err) {
      sdk.toast.error(err);
    }
  };
  const interval = (name: 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval', options: number[]) => (
    <sdk.ui.ValueSelect values={values as unknown as Record<string, unknown>} setFieldValue={(n, v) => setValues({ ...values, [n]: v })} name={name}
      label={t(`campaigns.${name}`)} testId={`settings-${name}`} options={options.map((o) => ({ value: o, label: o === 0 ? t('campaigns.disabled') : String(o) }))} />
  );
  return (
    <div className="page" data-testid="campaign-settings-page">
      <h2>{t('campaigns.settingsTitle')}</h2>
      <div className="form-grid form-narrow">
        {interval('messageInterval', MESSAGE_INTERVALS)}
        {interval('longerIntervalAfter', LONGER_INTERVALS)}
        {interval('greaterInterval', LONGER_INTERVALS)}
        <h3>{t('campaigns.variables')}</h3>
        <div className="form-row">
          <InputText placeholder={t('campaigns.variableKey')} aria-label={t('campaigns.variableKey')} value={key} onChange={(e) => setKey(e.target.value)} data-testid="settings-variable-key" />
          <InputText placeholder={t('campaigns.variableValue')} aria-label={t('campaigns.variableValue')} value={value} onChange={(e) => setValue(e.target.value)} data-testid="settings-variable-value" />
          <Button type="button" text icon="pi pi-plus" label={t('campaigns.addVariable')} disabled={!key.trim() || keyInUse} onClick={addVariable} />
        </div>
        {keyInUse && <small className="p-error">{t('campaigns.keyInUse')}</small>}
        <ul className="plain-list">
          {values.variables.map((v) => (
            <li key={v.key}>
              <code>{`{{${v.key}}}`}</code> = {v.value}{' '}
              <Button type="button" text rounded severity="danger" icon="pi pi-times" aria-label={t('campaigns.removeVariable', { key: v.key })}
                onClick={() => setValues({ ...values, variables: values.variables.filter((x) => x.key !== v.key) })} />
            </li>
          ))}
        </ul>
        <div><Button type="button" icon="pi pi-check" label={t('campaigns.save')} data-testid="settings-save" onClick={save} /></div>
      </div>
    </div>
  );
}
