import type { Toast, ToastMessage } from 'primereact/toast';
import i18n, { loadErrorTexts } from '../i18n';
import { ApiError } from '../api/errors';

/** Toasts close after 3 s; error toasts after 2 s (core.md §2, §8). */
export const TOAST_LIFE = 3000;
export const ERROR_TOAST_LIFE = 2000;

let target: Toast | null = null;
/** Toasts asked for before the Toast component was loaded (ToastHost loads it on the first one). */
const waiting: ToastMessage[] = [];
let wanted: (() => void) | null = null;

export function setToastTarget(toast: Toast | null) {
  target = toast;
  if (target && waiting.length) target.show(waiting.splice(0));
}

/** ToastHost's hook: called when a toast waits for the Toast component. Returns the unsubscribe. */
export function onToastWanted(listener: () => void): () => void {
  wanted = listener;
  if (waiting.length) listener();
  return () => { if (wanted === listener) wanted = null; };
}

function show(message: ToastMessage) {
  if (target) { target.show(message); return; }
  waiting.push(message);
  wanted?.();
}

/**
 * The translated message for an error: a catalogue code's text, else the raw server text. A code may come with a
 * `reason` that has its own text (`errors.ERR_URL_NOT_ALLOWED_private`), else the code's text is shown.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const reason = typeof error.details?.reason === 'string' ? `errors.${error.code}_${error.details.reason}` : undefined;
    const key = reason && i18n.exists(reason) ? reason : `errors.${error.code}`;
    if (error.code && i18n.exists(key)) {
      return i18n.t(key, { ...(error.details ?? {}), field: error.field ?? '' });
    }
    return error.message || i18n.t('errors.generic');
  }
  if (error instanceof TypeError) return i18n.t('errors.network');
  if (typeof error === 'string') return i18n.exists(error) ? i18n.t(error) : error;
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('errors.generic');
}

export const toast = {
  success(message: string) { show({ severity: 'success', detail: message, life: TOAST_LIFE }); },
  info(message: string) { show({ severity: 'info', detail: message, life: TOAST_LIFE }); },
  warn(message: string) { show({ severity: 'warn', detail: message, life: TOAST_LIFE }); },
  /** A warning code of the catalogue (an answer's Atrium-Warning header), in the shown language, with the values the header gave. */
  warnCode(code: string, values: Record<string, string> = {}) {
    const showWarning = () => show({ severity: 'warn', detail: i18n.exists(`errors.${code}`) ? i18n.t(`errors.${code}`, { ...values }) : code, life: TOAST_LIFE });
    loadErrorTexts().then(showWarning, showWarning);
  },
  /**
   * Accepts an error (ApiError → catalogue message), a message text or an i18n key. The catalogue's texts are a
   * chunk of their own: the toast waits for it (once; already there after sign-in), and shows the server's text if it fails.
   */
  error(error: unknown) {
    const showError = () => show({ severity: 'error', detail: errorMessage(error), life: ERROR_TOAST_LIFE });
    loadErrorTexts().then(showError, showError);
  },
};
