import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { confirmDialog, ConfirmDialog } from 'primereact/confirmdialog';
import './i18n';
import { api } from '../../api/client';
import { useConnections, type Connection } from '../../data/connections';
import { useSession } from '../../session/useSession';
import { hasPermission } from '../../session/permissions';
import { toast } from '../../toast/toast';
import { formatShortDateTime } from '../../util/format';
import { sessionButtons } from './statusButtons';
import { ConnectionDialog } from './ConnectionDialog';
import { QrDialog } from './QrDialog';

const SEVERITY: Record<string, 'success' | 'danger' | 'warning' | 'info'> = { CONNECTED: 'success', DISCONNECTED: 'danger', TIMEOUT: 'danger', qrcode: 'warning', PAIRING: 'info', OPENING: 'info' };

export default function ConnectionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { connections } = useConnections();
  const [editing, setEditing] = useState<Connection | null>(null);
  const [dialog, setDialog] = useState(false);
  const [qrId, setQrId] = useState<number | null>(null);
  const closeQr = useCallback(() => setQrId(null), []);
  const session = (method: 'post' | 'put' | 'delete', id: number) =>
    (method === 'delete' ? api.delete(`/whatsappsession/${id}`) : api[method](`/whatsappsession/${id}`)).catch((err) => toast.error(err));
  const canAct = hasPermission(user, 'connections-page:actionButtons');
  const canEdit = hasPermission(user, 'connections-page:editOrDeleteConnection');

  const sessionCell = (c: Connection) => (
    <div className="row-actions">
      {canAct && sessionButtons(c.status).map((b) => {
        if (b === 'qr') return <Button key={b} size="small" label={t('connections.qr')} onClick={() => setQrId(c.id)} data-testid="btn-qr" />;
        if (b === 'tryAgain') return <Button key={b} size="small" outlined label={t('connections.tryAgain')} onClick={() => void session('post', c.id)} data-testid="btn-start" />;
        if (b === 'newQr') return <Button key={b} size="small" label={t('connections.newQr')} onClick={() => void session('put', c.id)} />;
        if (b === 'disconnect') return <Button key={b} size="small" severity="danger" outlined label={t('connections.disconnect')} onClick={() => void session('delete', c.id)} />;
        return <Button key={b} size="small" disabled label={t('connections.connecting')} loading />;
      })}
      {c.provider === 'sandbox' && <Button size="small" text icon="pi pi-mobile" label={t('connections.sandbox')} onClick={() => navigate(`/sandbox/${c.id}`)} data-testid="btn-sandbox" />}
    </div>
  );
  const remove = (c: Connection) => confirmDialog({
    message: t('connections.deleteConfirm'), acceptLabel: t('common.yes'), rejectLabel: t('common.no'),
    accept: async () => { try { await api.delete(`/whatsapp/${c.id}`); toast.success(t('connections.deleted')); } catch (err) { toast.error(err); } },
  });

  return (
    <div data-testid="connections-page">
      <div className="page-header">
        <h2>{t('connections.title')}</h2>
        {hasPermission(user, 'connections-page:addConnection') && <Button icon="pi pi-plus" label={t('connections.add')} onClick={() => { setEditing(null); setDialog(true); }} />}
      </div>
      <DataTable value={connections} dataKey="id" size="small" emptyMessage={t('common.noRecords')} data-testid="connections-table">
        <Column field="name" header={t('connections.name')} />
        <Column header={t('connections.status')} body={(c: Connection) => <Tag severity={SEVERITY[c.status] ?? 'info'} value={t(`connections.statuses.${c.status}`, { defaultValue: c.status })} data-testid="connection-status" />} />
        <Column header={t('connections.session')} body={sessionCell} />
        <Column header={t('connections.lastUpdate')} body={(c: Connection) => formatShortDateTime(c.updatedAt)} />
        <Column header={t('connections.default')} body={(c: Connection) => (c.isDefault ? <i className="pi pi-check-circle" style={{ color: 'var(--green-500)' }} /> : null)} />
        {canEdit && <Column header={t('connections.actions')} body={(c: Connection) => (
          <div className="row-actions">
            <Button text rounded icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => { setEditing(c); setDialog(true); }} />
            <Button text rounded severity="danger" icon="pi pi-trash" aria-label={t('common.delete')} onClick={() => remove(c)} />
          </div>
        )} />}
      </DataTable>
      <ConfirmDialog />
      <ConnectionDialog connection={editing} visible={dialog} onHide={() => setDialog(false)} />
      <QrDialog connection={connections.find((c) => c.id === qrId) ?? null} onHide={closeQr} />
    </div>
  );
}
