import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { Calendar } from 'primereact/calendar';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Rating } from 'primereact/rating';
import { Tag } from 'primereact/tag';
import './i18n';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { PageLoader } from '../../components/PageLoader';
import { useSocketEvent, companyEvent } from '../../socket/useSocketEvent';
import { useSession } from '../../session/useSession';
import { ServiceDesk } from './ServiceDesk';

const Charts = lazy(() => import('./Charts'));
const ServicePeriod = lazy(() => import('./ServicePeriod'));
export const PERIODS = [0, 3, 7, 15, 30, 60, 90];
const iso = (d: Date) => d.toISOString().slice(0, 10);

interface Counters { supportHappening: number; supportPending: number; supportFinished: number; leads?: number; newContacts?: number; avgSupportTime: number; avgWaitTime: number }
interface Attendant { id: number; name: string; rating: number; avgSupportTime: number; online: boolean }

/** Counters, filter perDate / perPeriod, attendants table and the charts (lazy chunk). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<'perDate' | 'perPeriod'>('perDate');
  const [period, setPeriod] = useState(0);
  const [from, setFrom] = useState<Date>(new Date(Date.now() - 7 * 86_400_000));
  const [to, setTo] = useState<Date>(new Date());
  const [counters, setCounters] = useState<Counters | null>(null);
  const [attendants, setAttendants] = useState<Attendant[]>([]);
  const [range, setRange] = useState({ initialDate: iso(from), finalDate: iso(to) });
  // Presence as the server announces it (`presence`, to admins), over what the last load read: a reload's own
  // socket connects after the page asked for the dashboard, and the list must not keep the older "Offline".
  const { companyId } = useSession();
  const [presence, setPresence] = useState<Record<number, boolean>>({});
  // The same event name carries a contact's typing for the family's client (`ticketId`, no `userId`): not a user's presence.
  useSocketEvent(companyEvent(companyId, 'presence'), (data: { userId?: number; online?: boolean }) => { if (data.userId) setPresence((p) => ({ ...p, [data.userId!]: Boolean(data.online) })); });
  // A new array when either changes: the table re-renders its rows only for a new value.
  const shown = useMemo(() => attendants.map((a) => (a.id in presence ? { ...a, online: presence[a.id] } : a)), [attendants, presence]);

  const load = useCallback(async () => {
    const params = type === 'perPeriod' ? (period ? { days: period } : null) : { date_from: iso(from), date_to: iso(to) };
    if (!params) { toast.error(t('dashboard.selectFilterError')); return; }
    try {
      const r = await api.get<{ counters: Counters; attendants: Attendant[] }>('/dashboard', params);
      setCounters(r.counters); setAttendants(r.attendants ?? []);
    } catch (err) { toast.error(err); }
    setRange(type === 'perPeriod' ? { initialDate: iso(new Date(Date.now() - period * 86_400_000)), finalDate: iso(new Date()) } : { initialDate: iso(from), finalDate: iso(to) });
  }, [type, period, from, to, t]);
  useEffect(() => { void load(); }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const cards = useMemo(() => counters ? [
    ['supportHappening', counters.supportHappening], ['supportPending', counters.supportPending], ['supportFinished', counters.supportFinished],
    ['newContacts', counters.newContacts ?? counters.leads ?? 0], ['avgSupportTime', `${Math.round(counters.avgSupportTime ?? 0)} min`], ['avgWaitTime', `${Math.round(counters.avgWaitTime ?? 0)} min`],
  ] as const : [], [counters]);

  return (
    <div className="dashboard" data-testid="dashboard-page">
      <div className="page-header"><h2>{t('dashboard.title')}</h2></div>
      <div className="tickets-toolbar">
        <Dropdown value={type} options={[{ value: 'perDate', label: t('dashboard.perDate') }, { value: 'perPeriod', label: t('dashboard.perPeriod') }]} onChange={(e) => setType(e.value)} aria-label={t('dashboard.filterType')} />
        {type === 'perDate' ? (
          <>
            <Calendar value={from} onChange={(e) => e.value && setFrom(e.value as Date)} dateFormat="dd/mm/yy" placeholder={t('dashboard.from')} />
            <Calendar value={to} onChange={(e) => e.value && setTo(e.value as Date)} dateFormat="dd/mm/yy" placeholder={t('dashboard.to')} />
          </>
        ) : (
          <Dropdown value={period} options={PERIODS.map((p) => ({ value: p, label: p ? t('dashboard.days', { count: p }) : t('dashboard.none') }))} onChange={(e) => setPeriod(e.value)} aria-label={t('dashboard.period')} />
        )}
        <Button label={t('dashboard.filter')} icon="pi pi-filter" onClick={() => void load()} />
      </div>
      <ServiceDesk />
      <div className="cards-grid">
        {cards.map(([key, value]) => <Card key={key} title={String(value)} subTitle={t(`dashboard.cards.${key}`)} data-testid={`card-${key}`} />)}
      </div>
      <h3>{t('dashboard.attendants.title')}</h3>
      <DataTable value={shown} size="small" emptyMessage={t('common.noRecords')}>
        <Column field="name" header={t('dashboard.attendants.name')} />
        <Column header={t('dashboard.attendants.rating')} body={(a: Attendant) => <Rating value={a.rating} stars={3} readOnly cancel={false} />} />
        <Column header={t('dashboard.attendants.avgSupportTime')} body={(a: Attendant) => Math.round(a.avgSupportTime ?? 0)} />
        <Column header={t('dashboard.attendants.status')} body={(a: Attendant) => <Tag severity={a.online ? 'success' : 'danger'} value={t(a.online ? 'dashboard.attendants.online' : 'dashboard.attendants.offline')} data-testid={`presence-${a.id}`} />} />
      </DataTable>
      <Suspense fallback={<PageLoader />}><Charts range={range} /></Suspense>
      <Suspense fallback={<PageLoader />}><ServicePeriod range={range} /></Suspense>
    </div>
  );
}
