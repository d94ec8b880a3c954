import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { FilePick } from '../../components/FilePick';
import type { ImportResult } from './types';

/** Sheet import: one .xlsx or .csv to POST /contacts/import, then the created contacts and the refused rows with their reason. */
export function ImportDialog({ visible, onHide, onImported }: { visible: boolean; onHide: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  useEffect(() => { if (visible) { setFile(null); setResult(null); } }, [visible]);
  const send = async () => {
    if (!file) return;
    const data = new FormData();
    data.append('file', file);
    setBusy(true);
    try {
      const reply = await api.upload<ImportResult>('/contacts/import', data);
      setResult(reply);
      if (reply.newContacts.length) onImported();
    } catch (err) { toast.error(err); } finally { setBusy(false); }
  };
  return (
    <Dialog header={t('contacts.importDialog.title')} visible={visible} onHide={onHide} style={{ width: 'min(560px, 96vw)' }}>
      <div className="form-grid" data-testid="contacts-import">
        <p className="muted" style={{ margin: 0 }}>{t('contacts.importDialog.hint')}</p>
        <FilePick accept=".xlsx,.csv" file={file} onPick={(f) => { setFile(f); setResult(null); }} onRemove={() => setFile(null)}
          onRejected={() => toast.error(t('contacts.importDialog.onlyXlsx'))} chooseLabel={t('contacts.importDialog.choose')} removeLabel={t('contacts.importDialog.remove')} testId="import-file" />
        {result && <ImportSummary result={result} />}
        <div className="dialog-actions">
          <Button type="button" text label={t('common.close')} onClick={onHide} />
          <Button type="button" icon="pi pi-upload" label={t('contacts.importDialog.send')} disabled={!file} loading={busy} onClick={() => void send()} />
        </div>
      </div>
    </Dialog>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  return (
    <div className="import-summary" data-testid="import-result">
      <Message severity={result.newContacts.length ? 'success' : 'info'} text={result.newContacts.length ? t('contacts.importDialog.created', { count: result.newContacts.length }) : t('contacts.importDialog.none')} />
      {result.newContacts.length > 0 && (
        <ul className="import-list" style={{ maxHeight: 160, overflowY: 'auto', margin: '0.25rem 0', paddingLeft: '1.2rem' }}>{result.newContacts.slice(0, 200).map((c) => <li key={c.contactId}>{c.contactName}</li>)}</ul>
      )}
      {result.errorBag.length > 0 && (
        <>
          <Message severity="warn" text={t('contacts.importDialog.failed', { count: result.errorBag.length })} />
          <ul className="import-list" style={{ maxHeight: 160, overflowY: 'auto', margin: '0.25rem 0', paddingLeft: '1.2rem' }}>{result.errorBag.slice(0, 200).map((e, i) => <li key={i}><strong>{e.contactName}</strong>: {e.error.message}</li>)}</ul>
        </>
      )}
    </div>
  );
}
