import { useTranslation } from 'react-i18next';
import { InputMask } from 'primereact/inputmask';
import { TIME_PATTERN, type WeekdayHours } from './types';

/** Seven weekday rows, each with a start and an end time (HH:MM); the day name is shown in the current language. */
export function WeekHoursFields({ value, onChange, showErrors }: { value: WeekdayHours[]; onChange: (v: WeekdayHours[]) => void; showErrors?: boolean }) {
  const { t, i18n } = useTranslation();
  // 2024-01-01 was a Monday.
  const dayName = (i: number) => new Intl.DateTimeFormat(i18n.language, { weekday: 'long' }).format(new Date(2024, 0, 1 + i));
  const set = (i: number, key: 'startTime' | 'endTime', v: string) => onChange(value.map((d, j) => (j === i ? { ...d, [key]: v } : d)));
  return (
    <div className="form-grid" data-testid="queue-hours">
      {value.map((d, i) => {
        const bad = showErrors && (!TIME_PATTERN.test(d.startTime) || !TIME_PATTERN.test(d.endTime));
        return (
          <div key={d.weekdayEn} className="form-row" style={{ alignItems: 'center' }}>
            <strong style={{ textTransform: 'capitalize' }}>{dayName(i)}</strong>
            <InputMask mask="99:99" value={d.startTime} aria-label={`${dayName(i)} ${t('queues.form.start')}`} placeholder={t('queues.form.start')} onChange={(e) => set(i, 'startTime', e.target.value ?? '')} invalid={!!bad} />
            <InputMask mask="99:99" value={d.endTime} aria-label={`${dayName(i)} ${t('queues.form.end')}`} placeholder={t('queues.form.end')} onChange={(e) => set(i, 'endTime', e.target.value ?? '')} invalid={!!bad} />
            {bad && <small className="p-error" style={{ flexBasis: '100%' }}>{t('queues.form.invalidTime')}</small>}
          </div>
        );
      })}
    </div>
  );
}
