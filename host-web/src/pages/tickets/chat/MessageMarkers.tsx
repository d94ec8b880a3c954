import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../util/format';
import type { Message } from '../types';

/** A call the contact made that nobody answered (mediaType call_log): icon, text and time, not a bubble. */
export function LostCallEntry({ message }: { message: Message }) {
  const { t } = useTranslation();
  const time = formatTime(message.createdAt);
  return (
    <div className="lost-call" data-testid="lost-call" title={t('tickets.chat.lostCallAt', { time })}>
      <i className="pi pi-phone" aria-hidden="true" />
      <span>{t('tickets.chat.lostCall')}</span>
      <time dateTime={message.createdAt}>{time}</time>
    </div>
  );
}

/** Closes the messages of a resolved ticket. */
export function ConversationClosedMarker() {
  const { t } = useTranslation();
  return <div className="conversation-marker" data-testid="conversation-closed" role="separator">{t('tickets.chat.closed')}</div>;
}

/** Where the contact's next ticket began: the messages above it are an earlier conversation (core §2). */
export function ConversationStartedMarker() {
  const { t } = useTranslation();
  return <div className="conversation-marker" data-testid="conversation-started" role="separator">{t('tickets.chat.started')}</div>;
}
