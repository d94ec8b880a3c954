import { useEffect, useState } from 'react';
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
  const select = (name: 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval', options: number[]) => (
    <label className="field">
      <span>{t(`campaigns.${name}`)}</span>
      <select data-testid={`settings-${name}`} value={values[name]} onChange={(e) => setValues({ ...values, [name]: Number(e.target.value) })}>
        {options.map((o) => <option key={o} value={o}>{o === 0 ? t('campaigns.disabled') : o}</option>)}
      </select>
    </label>
  );
  return (
    <div className="page" data-testid="campaign-settings-page">
      <h2>{t('campaigns.settingsTitle')}</h2>
      {select('messageInterval', MESSAGE_INTERVALS)}
      {select('longerIntervalAfter', LONGER_INTERVALS)}
      {select('greaterInterval', LONGER_INTERVALS)}
      <h3>{t('campaigns.variables')}</h3>
      <div>
        <input placeholder={t('campaigns.variableKey')} value={key} onChange={(e) => setKey(e.target.value)} data-testid="settings-variable-key" />
        <input placeholder={t('campaigns.variableValue')} value={value} onChange={(e) => setValue(e.target.value)} data-testid="settings-variable-value" />
        <button type="button" className="p-button p-button-text" disabled={!key.trim() || keyInUse} onClick={addVariable}>{t('campaigns.addVariable')}</button>
        {keyInUse && <small className="p-error">{t('campaigns.keyInUse')}</small>}
      </div>
      <ul>
        {values.variables.map((v) => (
          <li key={v.key}>
            <code>{`{{${v.key}}}`}</code> = {v.value}{' '}
            <button type="button" className="p-button p-button-text" aria-label="x" onClick={() => setValues({ ...values, variables: values.variables.filter((x) => x.key !== v.key) })}>×</button>
          </li>
        ))}
      </ul>
      <button type="button" className="p-button" data-testid="settings-save" onClick={save}>{t('campaigns.save')}</button>
    </div>
  );
}
