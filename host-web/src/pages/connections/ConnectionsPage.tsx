import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import './i18n';
import { api } from '../../api/client';
import { loadErrorTexts } from '../../i18n';
import { ListPage, confirmDelete, useEditDialog } from '../../blocks';
import { useConnections, type Connection } from '../../data/connections';
import { useSession } from '../../session/useSession';
import { hasPermission } from '../../session/permissions';
import { toast } from '../../toast/toast';
import { formatShortDateTime } from '../../util/format';
import { sessionButtons } from './statusButtons';
import { useProviders } from '../../data/providers';
import { ConnectionDialog } from './ConnectionDialog';
import { QrDialog } from './QrDialog';

const SEVERITY: Record<string, 'success' | 'danger' | 'warning' | 'info'> = { CONNECTED: 'success', DISCONNECTED: 'danger', TIMEOUT: 'danger', qrcode: 'warning', PAIRING: 'info', OPENING: 'info' };

export default function ConnectionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { connections, loading } = useConnections();
  const kinds = useProviders();
  const dialog = useEditDialog<Connection>();
  const [qrId, setQrId] = useState<number | null>(null);
  const closeQr = useCallback(() => setQrId(null), []);
  const session = (method: 'post' | 'put' | 'delete', id: number) =>
    (method === 'delete' ? api.delete(`/whatsappsession/${id}`) : api[method](`/whatsappsession/${id}`)).catch((err) => toast.error(err));
  const canAct = hasPermission(user, 'connections-page:actionButtons');
  const canEdit = hasPermission(user, 'connections-page:editOrDeleteConnection');
  // A connection down for a known reason (an expired Cloud API token) shows the catalogue's text for it.
  const [reasonTexts, setReasonTexts] = useState(false);
  const anyReason = connections.some((c) => c.statusReason);
  useEffect(() => { if (anyReason) void loadErrorTexts().then(() => setReasonTexts(true)); }, [anyReason]);

  const sessionCell = (c: Connection) => (
    <div className="row-actions">
      {canAct && sessionButtons(c.status, kinds.find((k) => k.kind === c.provider)?.qr ?? true).map((b) => {
        if (b === 'qr') return <Button key={b} size="small" label={t('connections.qr')} onClick={() => setQrId(c.id)} data-testid="btn-qr" />;
        if (b === 'tryAgain') return <Button key={b} size="small" outlined label={t('connections.tryAgain')} onClick={() => void session('post', c.id)} data-testid="btn-start" />;
        if (b === 'newQr') return <Button key={b} size="small" label={t('connections.newQr')} onClick={() => void session('put', c.id)} />;
        if (b === 'disconnect') return <Button key={b} size="small" severity="danger" outlined label={t('connections.disconnect')} onClick={() => void session('delete', c.id)} />;
        return <Button key={b} size="small" disabled label={t('connections.connecting')} loading />;
      })}
      {c.provider === 'sandbox' && <Button size="small" text icon="pi pi-mobile" label={t('connections.sandbox')} onClick={() => navigate(`/sandbox/${c.id}`)} data-testid="btn-sandbox" />}
    </div>
  );
  const remove = (c: Connection) => confirmDelete(`/whatsapp/${c.id}`, { message: t('connections.deleteConfirm'), doneMessage: t('connections.deleted') });

  return (
    <ListPage<Connection>
      testId="connections" title={t('connections.title')} layout="tab"
      addLabel={t('connections.add')} onAdd={hasPermission(user, 'connections-page:addConnection') ? () => dialog.open() : undefined}
      items={connections} loading={loading} onEdit={canEdit ? dialog.open : undefined} onDelete={canEdit ? remove : undefined}
      columns={[
        { header: t('connections.name'), body: (c) => c.name },
        { header: t('connections.status'), body: (c) => (
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 }}>
            <Tag severity={SEVERITY[c.status] ?? 'info'} value={t(`connections.statuses.${c.status}`, { defaultValue: c.status })} data-testid="connection-status" />
            {c.statusReason && reasonTexts && <small style={{ color: 'var(--red-600)', maxWidth: 260 }} data-testid="connection-status-reason">{t(`errors.${c.statusReason}`, { ...c.statusReasonParams, defaultValue: c.statusReason })}</small>}
          </div>
        ) },
        { header: t('connections.session'), body: sessionCell },
        { header: t('connections.lastUpdate'), body: (c) => formatShortDateTime(c.updatedAt) },
        { header: t('connections.default'), body: (c) => (c.isDefault ? <i className="pi pi-check-circle" style={{ color: 'var(--green-500)' }} /> : null) },
      ]}
    >
      <ConnectionDialog connection={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onCreated={dialog.open} />
      <QrDialog connection={connections.find((c) => c.id === qrId) ?? null} onHide={closeQr} />
    </ListPage>
  );
}
