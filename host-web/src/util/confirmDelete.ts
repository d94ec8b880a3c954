import { confirmDialog } from 'primereact/confirmdialog';
import i18n from '../i18n';
import { api } from '../api/client';
import { toast } from '../toast/toast';

/**
 * Asks, then DELETEs `path`; on success shows `doneMessage` and calls `onDone`; a failure goes to `onError`, else the
 * catalogue toast (the screen renders <ConfirmDialog />).
 */
export function confirmDelete(path: string, { message, doneMessage, onDone, onError }: { message?: string; doneMessage: string; onDone?: () => void; onError?: (err: unknown) => void }) {
  confirmDialog({
    message: message ?? i18n.t('common.deleteConfirm'),
    header: i18n.t('common.confirm'),
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: i18n.t('common.yes'),
    rejectLabel: i18n.t('common.no'),
    acceptClassName: 'p-button-danger',
    accept: async () => {
      try { await api.delete(path); toast.success(doneMessage); onDone?.(); } catch (err) { (onError ?? toast.error)(err); }
    },
  });
}
