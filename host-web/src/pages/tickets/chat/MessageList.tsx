import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { confirm } from '../../../blocks';
import { useSession } from '../../../session/useSession';
import { useSocketEvent, companyEvent } from '../../../socket/useSocketEvent';
import { toast } from '../../../toast/toast';
import { formatDate, sameDay } from '../../../util/format';
import { MessageBubble } from './MessageBubble';
import { useCapabilities } from '../../../data/providers';
import { MessageDialogs, type MessageDialog } from './MessageDialogs';
import { ConversationClosedMarker, ConversationStartedMarker, LostCallEntry } from './MessageMarkers';
import type { Message, Ticket } from '../types';

/** Older messages are asked for within 50 px of the top (core.md §9). */
const TOP_THRESHOLD_PX = 50;
const byTime = (a: Message, b: Message) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;

export function mergeMessages(list: Message[], incoming: Message[]): Message[] {
  const map = new Map(list.map((m) => [m.id, m] as const));
  for (const m of incoming) map.set(m.id, { ...map.get(m.id), ...m });
  return [...map.values()].sort(byTime);
}

/**
 * The conversation, oldest first, with dd/MM/yyyy separators; missed calls (call_log) as a one-line entry; the
 * contact's earlier tickets above, each closed and the next started where the ticket changes (the API pages them in);
 * a "conversation closed" marker after a resolved ticket's last message; paged upwards; live from appMessage events.
 */
export function MessageList({ ticket, onReply }: { ticket: Ticket; onReply: (m: Message) => void }) {
  const { t } = useTranslation();
  const { companyId, user } = useSession();
  const [dialog, setDialog] = useState<MessageDialog>(null);
  const hideDialog = useCallback(() => setDialog(null), []);
  const [messages, setMessages] = useState<Message[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  useEffect(() => { setMessages([]); setPage(1); stick.current = true; }, [ticket.id]);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    api.get<{ messages: Message[]; hasMore: boolean }>(`/messages/${ticket.id}`, { pageNumber: page })
      .then((reply) => { if (!alive) return; setMessages((cur) => mergeMessages(cur, reply.messages ?? [])); setHasMore(!!reply.hasMore); })
      .catch((err) => toast.error(err))
      .finally(() => alive && setLoading(false));
    return () => { alive = false; };
  }, [ticket.id, page]);

  useLayoutEffect(() => {
    const el = box.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  useSocketEvent(companyEvent(companyId, 'appMessage'), (data: { action: string; message?: Message }) => {
    const m = data.message;
    if (!m || m.ticketId !== ticket.id) return;
    const el = box.current;
    stick.current = !el || el.scrollHeight - el.scrollTop - el.clientHeight < 120;
    setMessages((cur) => (data.action === 'create' || cur.some((x) => x.id === m.id) ? mergeMessages(cur, [m]) : cur));
  });

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 120;
    if (el.scrollTop < TOP_THRESHOLD_PX && hasMore && !loading) setPage((p) => p + 1);
  };

  // Deleting for everyone cannot be undone on the customer's phone: asked first.
  const remove = (m: Message) => confirm({
    message: t('tickets.chat.deleteConfirm'),
    accept: async () => { try { await api.delete(`/messages/${m.id}`); } catch (err) { toast.error(err); } },
  });
  const retry = async (m: Message) => { try { await api.post(`/messages/${m.id}/retry`); } catch (err) { toast.error(err); } };
  const react = async (m: Message, emoji: string) => { try { await api.post(`/messages/react/${m.id}`, { ticketId: ticket.id, emoji }); } catch (err) { toast.error(err); } };
  const contactName = ticket.contact?.name ?? '';
  // The ticket's channel decides which message actions exist (issue 44): no kind checks here.
  const caps = useCapabilities(ticket.whatsapp?.provider);
  const actionsFor = (m: Message) => ({
    onReply: () => onReply(m), onDelete: () => remove(m), onRetry: () => void retry(m), onReact: (emoji: string) => void react(m, emoji),
    onEdit: () => setDialog({ kind: 'edit', message: m }), onHistory: () => setDialog({ kind: 'history', message: m }), onForward: () => setDialog({ kind: 'forward', message: m }),
  });

  return (
    <div className="message-list" ref={box} onScroll={onScroll} data-testid="message-list">
      {loading && page > 1 && <div className="date-separator">{t('tickets.chat.loadMore')}</div>}
      {messages.map((m, i) => {
        const prev = messages[i - 1];
        const day = new Date(m.createdAt);
        const newDay = !prev || !sameDay(new Date(prev.createdAt), day);
        const newTicket = !!prev && prev.ticketId !== m.ticketId;
        return (
          <Fragment key={m.id}>
            {newTicket && <><ConversationClosedMarker /><ConversationStartedMarker /></>}
            {newDay && <div className="date-separator" data-testid="date-separator">{formatDate(day)}</div>}
            {m.mediaType === 'call_log'
              ? <LostCallEntry message={m} />
              : <MessageBubble message={m} userId={user?.id} contactName={contactName} actions={actionsFor(m)} caps={caps} />}
          </Fragment>
        );
      })}
      {ticket.status === 'closed' && messages.length > 0 && <ConversationClosedMarker />}
      <MessageDialogs dialog={dialog} contactName={contactName} onHide={hideDialog} />
    </div>
  );
}
