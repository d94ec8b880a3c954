import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputMask } from 'primereact/inputmask';
import { Button } from 'primereact/button';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';

interface Day { weekday: string; weekdayEn: string; startTime: string; endTime: string }
const WEEK: Array<[string, string]> = [['Segunda-feira', 'monday'], ['Terça-feira', 'tuesday'], ['Quarta-feira', 'wednesday'], ['Quinta-feira', 'thursday'], ['Sexta-feira', 'friday'], ['Sábado', 'saturday'], ['Domingo', 'sunday']];

/** The company's seven weekday schedules (HH:MM), saved with PUT /companies/{id}/schedules. */
export function SchedulesTab({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<Day[]>(WEEK.map(([weekday, weekdayEn]) => ({ weekday, weekdayEn, startTime: '', endTime: '' })));
  useEffect(() => {
    api.get<{ schedules?: Day[] }>(`/companies/${companyId}`).then((c) => { if (c.schedules?.length) setDays(c.schedules); }).catch(() => {});
  }, [companyId]);
  const set = (i: number, k: 'startTime' | 'endTime', v: string) => setDays((d) => d.map((x, j) => (j === i ? { ...x, [k]: v } : x)));
  const save = async () => { try { await api.put(`/companies/${companyId}/schedules`, { schedules: days }); toast.success(t('settings.schedules.saved')); } catch (err) { toast.error(err); } };
  const dayName = (en: string) => new Intl.DateTimeFormat(i18n.language, { weekday: 'long' }).format(new Date(2024, 0, 1 + WEEK.findIndex((w) => w[1] === en)));
  return (
    <div className="form-grid">
      {days.map((d, i) => (
        <div key={d.weekdayEn} className="form-row">
          <strong style={{ alignSelf: 'center' }}>{dayName(d.weekdayEn)}</strong>
          <InputMask mask="99:99" value={d.startTime} onChange={(e) => set(i, 'startTime', e.target.value ?? '')} placeholder={t('settings.schedules.start')} />
          <InputMask mask="99:99" value={d.endTime} onChange={(e) => set(i, 'endTime', e.target.value ?? '')} placeholder={t('settings.schedules.end')} />
        </div>
      ))}
      <div className="dialog-actions"><Button label={t('common.save')} onClick={() => void save()} /></div>
    </div>
  );
}
