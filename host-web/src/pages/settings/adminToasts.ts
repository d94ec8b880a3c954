import i18n from '../../i18n';
import { ApiError } from '../../api/client';
import { toast } from '../../toast/toast';

/**
 * The failure toast of the super user's tabs: a catalogue code the console knows (no permission, session expired…)
 * keeps its own text; anything else shows the tab's message (`settings.company.toasts.errorOperation` and the like).
 * `special` maps server codes the catalogue lacks to a translation key (a plan still in use).
 */
export function failToast(err: unknown, fallbackKey: string, special: Record<string, string> = {}) {
  const code = err instanceof ApiError ? err.code : undefined;
  if (code && special[code]) { toast.error(i18n.t(special[code], (err as ApiError).details ?? {})); return; }
  if (code && code !== 'ERR_INTERNAL_SERVER_ERROR' && code !== 'ERR_VALIDATION' && i18n.exists(`errors.${code}`)) { toast.error(err); return; }
  toast.error(i18n.t(fallbackKey));
}
