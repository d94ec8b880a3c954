export interface ScheduleContact { id: number; name: string; number: string }

export interface Schedule {
  id: number;
  body: string;
  sendAt: string;
  sentAt?: string | null;
  status?: string;
  error?: string | null;
  contactId: number;
  contact?: ScheduleContact | null;
  mediaPath?: string | null;
  mediaName?: string | null;
}

export type ScheduleState = 'pending' | 'sent' | 'failed';

/** Sent when it has a sending time; failed when the server gave an error (or an error status); pending otherwise. */
export function stateOf(s: Schedule): ScheduleState {
  if (s.sentAt || /^(ENVIADA|SENT)$/i.test(s.status ?? '')) return 'sent';
  if (s.error || /^(ERRO|ERROR|FAILED|FALHA)$/i.test(s.status ?? '')) return 'failed';
  return 'pending';
}
