import { confirmDialog } from 'primereact/confirmdialog';
import i18n from '../i18n';
import { api } from '../api/client';
import { toast } from '../toast/toast';

export interface ConfirmOptions {
  message: string;
  /** Default: "Confirm". */
  header?: string;
  /** A red accept button and a warning icon (deleting, closing for good). */
  danger?: boolean;
  accept(): void | Promise<void>;
  reject?(): void;
}

/** Asks yes/no in the console's one confirm dialog (mounted once in App). */
export function confirm({ message, header, danger = true, accept, reject }: ConfirmOptions) {
  confirmDialog({
    message,
    header: header ?? i18n.t('common.confirm'),
    icon: danger ? 'pi pi-exclamation-triangle' : 'pi pi-question-circle',
    acceptLabel: i18n.t('common.yes'),
    rejectLabel: i18n.t('common.no'),
    acceptClassName: danger ? 'p-button-danger' : undefined,
    accept: () => { void accept(); },
    reject,
  });
}

export interface ConfirmDeleteOptions { message?: string; doneMessage: string; onDone?: () => void; onError?: (err: unknown) => void }

/**
 * Asks, then DELETEs `path`; on success shows `doneMessage` and calls `onDone`; a failure goes to `onError`, else the
 * catalogue toast.
 */
export function confirmDelete(path: string, { message, doneMessage, onDone, onError }: ConfirmDeleteOptions) {
  confirm({
    message: message ?? i18n.t('common.deleteConfirm'),
    accept: async () => {
      try { await api.delete(path); toast.success(doneMessage); onDone?.(); } catch (err) { (onError ?? toast.error)(err); }
    },
  });
}
