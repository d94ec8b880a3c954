import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { formatTime, sameDay } from '../../util/format';
import { stateOf, type Schedule } from './types';

const MAX_PER_DAY = 3;

/** The six weeks (Sunday first) that cover a month. */
function weeksOf(month: Date): Date[] {
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const start = new Date(first);
  start.setDate(1 - first.getDay());
  return Array.from({ length: 42 }, (_, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i));
}

/** A month grid (CSS grid, seven columns): each day lists its schedules; clicking a day adds one, clicking an entry edits it. */
export function MonthCalendar({ month, onMonth, schedules, onDay, onPick }: {
  month: Date; onMonth: (d: Date) => void; schedules: Schedule[]; onDay: (d: Date) => void; onPick: (s: Schedule) => void;
}) {
  const { t, i18n } = useTranslation();
  const days = useMemo(() => weeksOf(month), [month]);
  const byDay = useMemo(() => {
    const map = new Map<string, Schedule[]>();
    for (const s of [...schedules].sort((a, b) => a.sendAt.localeCompare(b.sendAt))) {
      const d = new Date(s.sendAt);
      const key = `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
      map.set(key, [...(map.get(key) ?? []), s]);
    }
    return map;
  }, [schedules]);
  const today = new Date();
  const title = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(month);
  const weekday = (i: number) => new Intl.DateTimeFormat(i18n.language, { weekday: 'short' }).format(new Date(2024, 0, 7 + i)); // 2024-01-07: a Sunday
  const shift = (n: number) => onMonth(new Date(month.getFullYear(), month.getMonth() + n, 1));

  return (
    <div className="month-calendar" data-testid="month-calendar">
      <div className="month-nav">
        <Button text rounded icon="pi pi-chevron-left" aria-label={t('schedules.previous')} onClick={() => shift(-1)} />
        <Button outlined size="small" label={t('schedules.today')} onClick={() => onMonth(new Date(today.getFullYear(), today.getMonth(), 1))} />
        <Button text rounded icon="pi pi-chevron-right" aria-label={t('schedules.next')} onClick={() => shift(1)} />
        <h3>{title}</h3>
      </div>
      <div className="month-grid" role="grid">
        {Array.from({ length: 7 }, (_, i) => <div key={i} className="weekday" role="columnheader">{weekday(i)}</div>)}
        {days.map((d) => {
          const list = byDay.get(`${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`) ?? [];
          const cls = ['month-day', d.getMonth() !== month.getMonth() && 'outside', sameDay(d, today) && 'today'].filter(Boolean).join(' ');
          return (
            <div key={d.toISOString()} className={cls} role="gridcell" onClick={() => onDay(d)} data-testid="calendar-day">
              <span className="day-number">{d.getDate()}</span>
              {list.slice(0, MAX_PER_DAY).map((s) => (
                <button key={s.id} type="button" className={`calendar-event ${stateOf(s)}`} title={`${formatTime(s.sendAt)} ${s.contact?.name ?? ''} — ${t(`schedules.states.${stateOf(s)}`)}\n${s.body}`}
                  onClick={(e) => { e.stopPropagation(); onPick(s); }} data-testid="calendar-event">
                  {formatTime(s.sendAt)} {s.contact?.name ?? s.body}
                </button>
              ))}
              {list.length > MAX_PER_DAY && <span className="muted" style={{ fontSize: '0.75rem' }}>{t('schedules.more', { count: list.length - MAX_PER_DAY })}</span>}
            </div>
          );
        })}
      </div>
    </div>
  );
}
