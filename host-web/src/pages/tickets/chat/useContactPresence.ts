import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../../session/useSession';
import { useSocketEvent, companyEvent } from '../../../socket/useSocketEvent';

export type ContactPresence = 'composing' | 'recording';

/**
 * WhatsApp repeats "composing" every few seconds while the contact types and may never say "paused" (the phone
 * locked, the app closed): a state not heard again within this long is over.
 */
const FADES_AFTER_MS = 12_000;

/** Whether the ticket's contact is typing or recording now (contactPresence), cleared by their message or by silence. */
export function useContactPresence(ticketId: number): ContactPresence | null {
  const { companyId } = useSession();
  const [presence, setPresence] = useState<ContactPresence | null>(null);
  const fade = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = () => { clearTimeout(fade.current); setPresence(null); };
  useEffect(() => clear, [ticketId]);
  useSocketEvent(companyEvent(companyId, 'contactPresence'), (data: { ticketId: number; presence: string }) => {
    if (data.ticketId !== ticketId) return;
    if (data.presence !== 'composing' && data.presence !== 'recording') return clear();
    clearTimeout(fade.current);
    setPresence(data.presence);
    fade.current = setTimeout(() => setPresence(null), FADES_AFTER_MS);
  });
  useSocketEvent(companyEvent(companyId, 'appMessage'), (data: { action: string; message?: { ticketId: number; fromMe: boolean } }) => {
    if (data.action === 'create' && data.message?.ticketId === ticketId && !data.message.fromMe) clear();
  });
  return presence;
}
