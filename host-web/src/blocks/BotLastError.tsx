import { useTranslation } from 'react-i18next';
import { formatShortDateTime } from '../util/format';

/** A bot's last failure as the API gives it (a prompt's or an integration's `lastError`). */
export interface BotError { kind: string; detail: string; ticketId: number | null; at: string }

/**
 * Why a bot (an AI prompt, an integration) last failed to answer, for its list screen: the reason in the
 * shown language, when, and the service's own code on hover; a dash when it has not failed since it was saved.
 */
export function BotLastError({ error }: { error: BotError | null | undefined }) {
  const { t } = useTranslation();
  if (!error) return <span className="muted">—</span>;
  const reason = t(`botFailure.kinds.${error.kind}`, { defaultValue: t('botFailure.kinds.refused') });
  return (
    <span className="bot-last-error" title={error.detail} data-testid="bot-last-error">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {reason}
      <small> · {formatShortDateTime(error.at)}{error.ticketId ? ` · ${t('botFailure.ticket', { id: error.ticketId })}` : ''}</small>
    </span>
  );
}
