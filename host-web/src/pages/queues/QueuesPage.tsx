import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import './i18n';
import { api } from '../../api/client';
import { useLiveRows } from '../../hooks/useLiveRows';
import { useEditDialog } from '../../hooks/useEditDialog';
import { upsert } from '../../data/connections';
import { toast } from '../../toast/toast';
import { confirmDelete } from '../../util/confirmDelete';
import { QueueDialog } from './QueueDialog';
import type { Queue } from './types';

const byOrder = (a: Queue, b: Queue) => (a.orderQueue ?? Infinity) - (b.orderQueue ?? Infinity) || a.name.localeCompare(b.name);

/** Queues (admin): the list in chatbot order, add / edit (data, hours, option tree) / delete, live from company-{id}-queue. */
export default function QueuesPage() {
  const { t } = useTranslation();
  const [queues, setQueues] = useState<Queue[]>([]);
  const [loading, setLoading] = useState(true);
  const dialog = useEditDialog<Queue>();
  useEffect(() => { api.get<Queue[]>('/queue').then(setQueues).catch((err) => toast.error(err)).finally(() => setLoading(false)); }, []);
  useLiveRows<Queue>('queue', setQueues);
  const remove = (q: Queue) => confirmDelete(`/queue/${q.id}`, {
    message: t('queues.deleteConfirm'), doneMessage: t('queues.deleted'), onDone: () => setQueues((l) => l.filter((x) => x.id !== q.id)),
  });
  return (
    <div data-testid="queues-page">
      <div className="page-header">
        <h2>{t('queues.title')}</h2>
        <Button icon="pi pi-plus" label={t('queues.add')} onClick={() => dialog.open()} data-testid="queues-add" />
      </div>
      <table className="simple-table" data-testid="queues-table">
        <thead><tr><th>{t('queues.id')}</th><th>{t('queues.name')}</th><th>{t('queues.color')}</th><th>{t('queues.order')}</th><th>{t('queues.greeting')}</th><th>{t('queues.actions')}</th></tr></thead>
        <tbody>
          {[...queues].sort(byOrder).map((q) => (
            <tr key={q.id}>
              <td>{q.id}</td><td>{q.name}</td>
              <td><span className="color-dot" style={{ background: q.color }} />{q.color}</td>
              <td>{q.orderQueue ?? ''}</td>
              <td style={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{q.greetingMessage}</td>
              <td className="row-actions">
                <Button text rounded icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => dialog.open(q)} data-testid="queue-edit" />
                <Button text rounded severity="danger" icon="pi pi-trash" aria-label={t('common.delete')} onClick={() => remove(q)} />
              </td>
            </tr>
          ))}
          {!loading && queues.length === 0 && <tr><td colSpan={6} className="muted">{t('common.noRecords')}</td></tr>}
        </tbody>
      </table>
      <ConfirmDialog />
      <QueueDialog queue={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={(q, created) => { setQueues((l) => upsert(l, q)); if (created) dialog.open(q); }} />
    </div>
  );
}
