import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { QRCodeSVG } from 'qrcode.react';
import type { Connection } from '../../data/connections';

/** The QR, drawn 256 px wide from the live connection row; closes when the QR clears. */
export function QrDialog({ connection, onHide }: { connection: Connection | null; onHide: () => void }) {
  const { t } = useTranslation();
  const qr = connection?.qrcode;
  useEffect(() => { if (connection && !qr) onHide(); }, [connection, qr, onHide]);
  return (
    <Dialog header={t('connections.qr')} visible={!!connection && !!qr} onHide={onHide} style={{ width: 'min(340px, 95vw)' }}>
      <p className="muted">{t('connections.scanHint')}</p>
      {qr && <div data-testid="qr-code" style={{ background: '#fff', padding: 12, display: 'inline-block' }}><QRCodeSVG value={qr} size={256} /></div>}
    </Dialog>
  );
}
