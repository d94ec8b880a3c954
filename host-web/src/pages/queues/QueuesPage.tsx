import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n';
import { api } from '../../api/client';
import { ListPage, confirmDelete, useEditDialog, useLiveRows } from '../../blocks';
import { upsert } from '../../data/connections';
import { toast } from '../../toast/toast';
import { QueueDialog } from './QueueDialog';
import type { Queue } from './types';

const byOrder = (a: Queue, b: Queue) => (a.orderQueue ?? Infinity) - (b.orderQueue ?? Infinity) || a.name.localeCompare(b.name);
const ellipsis = { maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

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
    <ListPage<Queue>
      testId="queues" title={t('queues.title')} addLabel={t('queues.add')} onAdd={() => dialog.open()} layout="tab"
      items={[...queues].sort(byOrder)} loading={loading} onEdit={dialog.open} onDelete={remove} rowTestId="queue"
      columns={[
        { header: t('queues.id'), body: (q) => q.id },
        { header: t('queues.name'), body: (q) => q.name },
        { header: t('queues.color'), body: (q) => <><span className="color-dot" style={{ background: q.color }} />{q.color}</> },
        { header: t('queues.order'), body: (q) => q.orderQueue ?? '' },
        { header: t('queues.greeting'), body: (q) => <div style={ellipsis}>{q.greetingMessage}</div> },
      ]}
    >
      <QueueDialog queue={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={(q, created, buildMenu) => { setQueues((l) => upsert(l, q)); if (created && buildMenu) dialog.open(q); }} />
    </ListPage>
  );
}
