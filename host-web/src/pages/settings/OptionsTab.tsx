import { useTranslation } from 'react-i18next';
import { InputSwitch } from 'primereact/inputswitch';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { useSession } from '../../session/useSession';

/** Enabled/disabled toggles, scheduleType (disabled, queue, company); each change is PUT /settings/{key}. */
export const TOGGLES = ['userRating', 'call', 'CheckMsgIsGroup', 'sendGreetingAccepted', 'sendMsgTransfTicket', 'sendGreetingMessageOneQueues', 'campaignsEnabled', 'requireTwoFactor', 'allowMultipleSessions'];
/** The super user's toggles: kept with the operator's settings, they apply to every company. */
export const PLATFORM_TOGGLES = ['platformRequireTwoFactor'];

/** Whole minutes, 0 meaning off (issue 30): the SLA defaults for queues without their own, the offline grace. */
export const MINUTE_SETTINGS = [['slaFirstResponseMinutes', 525_600], ['slaResolutionMinutes', 525_600], ['assignmentHandBackMinutes', 1440]] as const;

export function OptionsTab({ values, onChange }: { values: Record<string, string>; onChange: (key: string, value: string) => void }) {
  const { t } = useTranslation();
  const isSuper = !!useSession().user?.super;
  const save = async (key: string, value: string) => {
    try { await api.put(`/settings/${key}`, { key, value }); onChange(key, value); toast.success(t('settings.updated')); }
    catch (err) { toast.error(err); }
  };
  return (
    <div className="settings-grid" data-testid="settings-options">
      <label>{t('settings.keys.scheduleType')}</label>
      <Dropdown value={values.scheduleType ?? 'disabled'} options={['disabled', 'queue', 'company'].map((v) => ({ value: v, label: t(`settings.scheduleTypes.${v}`) }))} onChange={(e) => void save('scheduleType', e.value)} />
      {[...TOGGLES, ...(isSuper ? PLATFORM_TOGGLES : [])].map((key) => (
        <div key={key} className="settings-toggle">
          <InputSwitch inputId={`s-${key}`} checked={values[key] === 'enabled' || values[key] === 'true'} onChange={(e) => void save(key, e.value ? 'enabled' : 'disabled')} data-testid={`setting-${key}`} />
          <label htmlFor={`s-${key}`}>{t(`settings.keys.${key}`)}</label>
        </div>
      ))}
      {MINUTE_SETTINGS.map(([key, max]) => (
        <div key={key} className="settings-minutes">
          <label htmlFor={`s-${key}`}>{t(`settings.keys.${key}`)}</label>
          <InputNumber inputId={`s-${key}`} value={Number(values[key] ?? 0)} min={0} max={max} useGrouping={false} data-testid={`setting-${key}`}
            onBlur={(e) => { const value = String(Number(e.target.value || 0)); if (value !== (values[key] ?? '0')) void save(key, value); }} />
        </div>
      ))}
    </div>
  );
}
