import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import type { Ticket } from './types';

/** Minutes left under which a target shows as at risk (the dashboard's window). */
const AT_RISK_MINUTES = 15;

/** The target the ticket still owes first: its first response, else its resolution; none once closed or met. */
export function owedTarget(ticket: Ticket): { target: 'firstResponse' | 'resolution'; dueAt: string; breached: boolean } | null {
  if (ticket.status === 'closed') return null;
  if (ticket.firstResponseDueAt && !ticket.firstRespondedAt) return { target: 'firstResponse', dueAt: ticket.firstResponseDueAt, breached: !!ticket.firstResponseBreached };
  if (ticket.resolutionDueAt) return { target: 'resolution', dueAt: ticket.resolutionDueAt, breached: !!ticket.resolutionBreached };
  return null;
}

/**
 * Time left on the ticket's SLA (issue 30): green while comfortable, amber within the last 15 minutes, red once
 * overdue (or flagged breached by the server's due-time job, which arrives as a ticket update).
 */
export function SlaChip({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const owed = owedTarget(ticket);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!owed) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [owed?.dueAt]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!owed) return null;
  const left = Math.round((Date.parse(owed.dueAt) - now) / 60_000);
  const overdue = owed.breached || left < 0;
  const severity = overdue ? 'danger' : left <= AT_RISK_MINUTES ? 'warning' : 'success';
  const label = overdue ? t('tickets.sla.overdue', { count: Math.max(0, -left) }) : t('tickets.sla.left', { count: left });
  return <Tag value={label} severity={severity} title={t(`tickets.sla.${owed.target}`)} data-testid="sla-chip" data-sla={severity} />;
}
