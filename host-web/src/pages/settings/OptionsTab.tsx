import { useTranslation } from 'react-i18next';
import { InputSwitch } from 'primereact/inputswitch';
import { Dropdown } from 'primereact/dropdown';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';

/** Enabled/disabled toggles, scheduleType (disabled, queue, company); each change is PUT /settings/{key}. */
export const TOGGLES = ['userRating', 'call', 'CheckMsgIsGroup', 'sendGreetingAccepted', 'sendMsgTransfTicket', 'sendGreetingMessageOneQueues', 'campaignsEnabled', 'requireTwoFactor'];

export function OptionsTab({ values, onChange }: { values: Record<string, string>; onChange: (key: string, value: string) => void }) {
  const { t } = useTranslation();
  const save = async (key: string, value: string) => {
    try { await api.put(`/settings/${key}`, { key, value }); onChange(key, value); toast.success(t('settings.updated')); }
    catch (err) { toast.error(err); }
  };
  return (
    <div className="settings-grid" data-testid="settings-options">
      <label>{t('settings.keys.scheduleType')}</label>
      <Dropdown value={values.scheduleType ?? 'disabled'} options={['disabled', 'queue', 'company'].map((v) => ({ value: v, label: t(`settings.scheduleTypes.${v}`) }))} onChange={(e) => void save('scheduleType', e.value)} />
      {TOGGLES.map((key) => (
        <div key={key} className="settings-toggle">
          <InputSwitch inputId={`s-${key}`} checked={values[key] === 'enabled' || values[key] === 'true'} onChange={(e) => void save(key, e.value ? 'enabled' : 'disabled')} data-testid={`setting-${key}`} />
          <label htmlFor={`s-${key}`}>{t(`settings.keys.${key}`)}</label>
        </div>
      ))}
    </div>
  );
}
