import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import './i18n';
import './schedules.css';
import { api } from '../../api/client';
import { useLiveRows } from '../../hooks/useLiveRows';
import { useEditDialog } from '../../hooks/useEditDialog';
import { upsert } from '../../data/connections';
import { toast } from '../../toast/toast';
import { MonthCalendar } from './MonthCalendar';
import { ScheduleDialog, inAnHour, type ScheduleDraft } from './ScheduleDialog';
import type { Schedule, ScheduleContact } from './types';

const MAX_PAGES = 50;

/** Every schedule of the company, page after page (GET /schedules → schedules, hasMore). */
async function loadAll(): Promise<Schedule[]> {
  const all: Schedule[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const reply = await api.get<{ schedules: Schedule[]; hasMore: boolean }>('/schedules', { pageNumber: page });
    all.push(...(reply.schedules ?? []));
    if (!reply.hasMore) break;
  }
  return all;
}

/** The clicked day at the default hour (now + 1 h), never in the past. */
function draftTime(day: Date): Date {
  const base = inAnHour();
  const at = new Date(day.getFullYear(), day.getMonth(), day.getDate(), base.getHours(), base.getMinutes());
  return at < base ? base : at;
}

/** Schedules: a month calendar titled with the count; add (?contactId= prefills the contact), edit, delete; live from company-{id}-schedule. */
export default function SchedulesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [schedules, setSchedules] = useState<Schedule[]>([]);
  const [month, setMonth] = useState(() => { const d = new Date(); return new Date(d.getFullYear(), d.getMonth(), 1); });
  const [draft, setDraft] = useState<ScheduleDraft>({});
  const dialog = useEditDialog<Schedule>();
  useEffect(() => { loadAll().then(setSchedules).catch((err) => toast.error(err)); }, []);
  useLiveRows<Schedule>('schedule', setSchedules);

  const add = (d: ScheduleDraft) => { setDraft(d); dialog.open(null); };
  const contactId = Number(params.get('contactId'));
  useEffect(() => {
    if (!contactId) return;
    api.get<ScheduleContact>(`/contacts/${contactId}`)
      .then((contact) => add({ contact, sendAt: inAnHour() }))
      .catch((err) => toast.error(err))
      .finally(() => setParams((p) => { p.delete('contactId'); return p; }, { replace: true }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contactId]);

  return (
    <div data-testid="schedules-page">
      <div className="page-header">
        <h2 data-testid="schedules-title">{t('schedules.title', { count: schedules.length })}</h2>
        <Button icon="pi pi-plus" label={t('schedules.add')} onClick={() => add({ sendAt: inAnHour() })} data-testid="schedules-add" />
      </div>
      <MonthCalendar month={month} onMonth={setMonth} schedules={schedules} onDay={(d) => add({ sendAt: draftTime(d) })} onPick={(s) => dialog.open(s)} />
      <ScheduleDialog schedule={dialog.editing} draft={draft} visible={dialog.visible} onHide={dialog.hide}
        onSaved={(s) => setSchedules((l) => upsert(l, s))} onDeleted={(id) => setSchedules((l) => l.filter((x) => x.id !== id))} />
    </div>
  );
}
