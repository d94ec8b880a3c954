import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { kanbanApi } from '../api';
import { useSdk } from '../sdk-context';
import type { LaneTag, TicketCard } from '../types';
import { buildLanes, laneTagOf, movedTicket } from './lanes';

type TicketEvent = { action: 'create' | 'update' | 'delete' | string; ticket?: Partial<TicketCard> & { id: number }; ticketId?: number };

export interface BoardOptions {
  /** Toast load failures (the page does; the menu badge stays silent). */
  notify?: boolean;
  /** How long after an event about an unknown ticket (or a tag change) the board is read again, at most once per wait. */
  reloadAfterMs?: number;
}

/** The board's data: lanes and cards, kept live by company-{id}-ticket and company-{id}-tag events. */
export function useKanbanBoard({ notify = true, reloadAfterMs = 400 }: BoardOptions = {}) {
  const sdk = useSdk();
  const { companyId } = sdk.useSession();
  const { t } = sdk.useTranslation();
  const api = useMemo(() => kanbanApi(sdk.api), [sdk]);
  const [tags, setTags] = useState<LaneTag[]>([]);
  const [tickets, setTickets] = useState<TicketCard[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const load = useCallback(async () => {
    try {
      const [lanes, cards] = await Promise.all([api.lanes(), api.tickets()]);
      setTags(lanes);
      setTickets(cards);
      setFailed(false);
    } catch (err) {
      setFailed(true);
      if (notify) sdk.toast.error(err);
    } finally {
      setLoading(false);
    }
  }, [api, sdk, notify]);

  useEffect(() => { void load(); return () => clearTimeout(reloadTimer.current); }, [load]);

  /** A ticket the board does not show yet may belong on it: let the server decide (one read per wait, however many events). */
  const reloadSoon = useCallback(() => {
    if (reloadTimer.current !== undefined) return;
    reloadTimer.current = setTimeout(() => { reloadTimer.current = undefined; void load(); }, reloadAfterMs);
  }, [load, reloadAfterMs]);

  sdk.useSocketEvent(companyId ? `company-${companyId}-ticket` : null, (event: TicketEvent) => {
    const id = event.ticket?.id ?? event.ticketId;
    if (!id) return;
    setTickets((current) => {
      const known = current.find((c) => c.id === id);
      if (event.action === 'delete' || event.ticket?.status === 'closed') return current.filter((c) => c.id !== id);
      if (!known) { reloadSoon(); return current; }
      const merged: TicketCard = { ...known, ...event.ticket, contact: event.ticket?.contact ?? known.contact, tags: event.ticket?.tags ?? known.tags } as TicketCard;
      return current.map((c) => (c.id === id ? merged : c));
    });
  });
  sdk.useSocketEvent(companyId ? `company-${companyId}-tag` : null, () => reloadSoon());

  /** Moves a card (optimistically); on failure the board is reloaded from the server. */
  const move = useCallback(async (ticketId: number, targetTagId: number | null) => {
    const ticket = tickets.find((c) => c.id === ticketId);
    if (!ticket || laneTagOf(ticket, tags) === targetTagId) return;
    const target = targetTagId === null ? null : tags.find((tag) => tag.id === targetTagId) ?? null;
    setTickets((current) => current.map((c) => (c.id === ticketId ? movedTicket(c, target, tags) : c)));
    try {
      const saved = await api.move(ticketId, targetTagId);
      setTickets((current) => current.map((c) => (c.id === ticketId ? { ...c, tags: saved.tags } : c)));
      sdk.toast.success(t('kanban.moved', { lane: target ? target.name : t('kanban.openLane') }));
    } catch (err) {
      sdk.toast.error(err);
      void load();
    }
  }, [api, load, sdk, t, tags, tickets]);

  const lanes = useMemo(() => buildLanes(tags, tickets), [tags, tickets]);
  return { lanes, tags, loading, failed, reload: load, move, hasTagLanes: tags.length > 0 };
}
