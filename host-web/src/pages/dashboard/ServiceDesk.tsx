import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Dropdown } from 'primereact/dropdown';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { useSocketEvent, companyEvent } from '../../socket/useSocketEvent';
import { useSession } from '../../session/useSession';

interface QueueNow { id: number; name: string; color: string; assignment: string; waiting: number; assignedPending: number; open: number; oldestWaitingSince: string | null; breachedCount: number }
interface AgentNow { id: number; name: string; online: boolean; away: boolean; load: number; cap: number | null; queueIds: number[]; breachedCount: number }
interface DueTicket { ticketId: number; uuid: string; contactName: string | null; queueId: number | null; userId: number | null; status: string; target: string; dueAt: string; breached: boolean }
interface Desk { queues: QueueNow[]; agents: AgentNow[]; atRisk: DueTicket[]; breached: DueTicket[]; atRiskMinutes: number }

/** Minutes from now to `iso` (negative: past). */
const minutesTo = (iso: string) => Math.round((Date.parse(iso) - Date.now()) / 60_000);

/**
 * The supervisor's "now" (issue 30): queues with waiting / assigned / open tickets and the oldest wait, agents with
 * their availability and load, tickets at risk of breaching their SLA and those that did. Reloaded when presence or a
 * breach is announced, and every half minute (waits grow by themselves).
 */
export function ServiceDesk() {
  const { t } = useTranslation();
  const { companyId } = useSession();
  const [queueId, setQueueId] = useState<number | null>(null);
  const [desk, setDesk] = useState<Desk | null>(null);
  const [allQueues, setAllQueues] = useState<QueueNow[]>([]);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const load = useCallback(async () => {
    try {
      const data = await api.get<Desk>('/dashboard/service', queueId ? { queueId } : undefined);
      setDesk(data);
      if (!queueId) setAllQueues(data.queues);
    } catch (err) { toast.error(err); }
  }, [queueId]);
  useEffect(() => { void load(); const timer = setInterval(() => void load(), 30_000); return () => clearInterval(timer); }, [load]);
  // Bursts of events (a wave of tickets) make one reload.
  const soon = useCallback(() => { clearTimeout(pending.current); pending.current = setTimeout(() => void load(), 500); }, [load]);
  // A contact's typing shares the name (the family's client): only a user's presence changes the desk.
  useSocketEvent(companyEvent(companyId, 'presence'), (data: { userId?: number }) => { if (data.userId) soon(); });
  useSocketEvent(companyEvent(companyId, 'slaBreach'), soon);
  useEffect(() => () => clearTimeout(pending.current), []);

  const availability = (a: AgentNow) => {
    const state = !a.online ? 'offline' : a.away ? 'away' : 'available';
    return <Tag severity={state === 'available' ? 'success' : state === 'away' ? 'warning' : 'danger'} value={t(`dashboard.desk.${state}`)} data-testid={`availability-${a.id}`} />;
  };
  const breachCount = (n: number, testId: string) => (n ? <Tag severity="danger" value={String(n)} data-testid={testId} /> : <span data-testid={testId}>0</span>);
  const queueName = (id: number | null) => allQueues.find((q) => q.id === id)?.name ?? '—';
  const agentName = (id: number | null) => desk?.agents.find((a) => a.id === id)?.name ?? '—';
  const due = (r: DueTicket) => {
    const m = minutesTo(r.dueAt);
    return <Tag severity={r.breached ? 'danger' : 'warning'} value={r.breached ? t('dashboard.desk.overdue', { count: -m }) : t('dashboard.desk.left', { count: m })} />;
  };
  const dueTable = (rows: DueTicket[], testId: string) => (
    <DataTable value={rows} size="small" emptyMessage={t('common.noRecords')} data-testid={testId}>
      <Column header={t('dashboard.desk.ticket')} body={(r: DueTicket) => <Link to={`/tickets/${r.uuid}`}>#{r.ticketId} {r.contactName ?? ''}</Link>} />
      <Column header={t('dashboard.desk.target')} body={(r: DueTicket) => t(`dashboard.desk.targets.${r.target}`)} />
      <Column header={t('dashboard.desk.queue')} body={(r: DueTicket) => queueName(r.queueId)} />
      <Column header={t('dashboard.desk.agent')} body={(r: DueTicket) => agentName(r.userId)} />
      <Column header={t('dashboard.desk.due')} body={due} />
    </DataTable>
  );

  return (
    <section className="service-desk" data-testid="service-desk">
      <div className="tickets-toolbar">
        <h3>{t('dashboard.desk.title')}</h3>
        <Dropdown value={queueId} showClear placeholder={t('dashboard.desk.allQueues')} aria-label={t('dashboard.desk.queue')}
          options={allQueues.map((q) => ({ value: q.id, label: q.name }))} onChange={(e) => setQueueId(e.value ?? null)} data-testid="desk-queue-filter" />
      </div>
      <DataTable value={desk?.queues ?? []} size="small" emptyMessage={t('common.noRecords')} data-testid="desk-queues">
        <Column header={t('dashboard.desk.queue')} body={(q: QueueNow) => <Tag style={{ background: q.color }} value={q.name} />} />
        <Column header={t('dashboard.desk.assignment')} body={(q: QueueNow) => t(`dashboard.desk.policies.${q.assignment}`)} />
        <Column field="waiting" header={t('dashboard.desk.waiting')} />
        <Column field="assignedPending" header={t('dashboard.desk.assignedPending')} />
        <Column field="open" header={t('dashboard.desk.open')} />
        <Column header={t('dashboard.desk.breachedCount')} body={(q: QueueNow) => breachCount(q.breachedCount, `queue-breaches-${q.id}`)} />
        <Column header={t('dashboard.desk.oldestWait')} body={(q: QueueNow) => (q.oldestWaitingSince ? t('dashboard.desk.minutes', { count: -minutesTo(q.oldestWaitingSince) }) : '—')} />
      </DataTable>
      <h4>{t('dashboard.desk.agents')}</h4>
      <DataTable value={desk?.agents ?? []} size="small" emptyMessage={t('common.noRecords')} data-testid="desk-agents">
        <Column field="name" header={t('dashboard.attendants.name')} />
        <Column header={t('dashboard.desk.availability')} body={availability} />
        <Column header={t('dashboard.desk.load')} body={(a: AgentNow) => (a.cap ? `${a.load} / ${a.cap}` : String(a.load))} />
        <Column header={t('dashboard.desk.breachedCount')} body={(a: AgentNow) => breachCount(a.breachedCount, `agent-breaches-${a.id}`)} />
      </DataTable>
      <h4>{t('dashboard.desk.breached', { count: desk?.breached.length ?? 0 })}</h4>
      {dueTable(desk?.breached ?? [], 'desk-breached')}
      <h4>{t('dashboard.desk.atRisk', { minutes: desk?.atRiskMinutes ?? 15 })}</h4>
      {dueTable(desk?.atRisk ?? [], 'desk-at-risk')}
    </section>
  );
}
