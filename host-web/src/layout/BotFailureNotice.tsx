import { useTranslation } from 'react-i18next';
import { useSocketEvent, companyEvent } from '../socket/useSocketEvent';
import { useSession } from '../session/useSession';
import { toast } from '../toast/toast';

interface FailureNotice { source: { kind: string; id: number; name: string } | null; responder: string; kind: string; ticketId: number }

/**
 * Tells a signed-in admin, wherever they are in the console, that a bot could not answer (issue 32: a prompt with a
 * wrong key failed silently). The server sends `responderFailure` to the company's admins only.
 */
export function BotFailureNotice() {
  const { t } = useTranslation();
  const { companyId } = useSession();
  useSocketEvent(companyEvent(companyId, 'responderFailure'), (data: FailureNotice) => {
    const reason = t(`botFailure.kinds.${data.kind}`, { defaultValue: t('botFailure.kinds.refused') });
    toast.warn(t('botFailure.toast', { name: data.source?.name ?? data.responder, reason, id: data.ticketId }));
  });
  return null;
}
