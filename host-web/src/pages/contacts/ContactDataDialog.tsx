import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { downloadFile } from '../../util/download';
import type { Contact } from './types';

export type ContactDataAction = 'export' | 'erase';

const digits = (text: string) => text.replace(/\D/g, '');

/**
 * A contact's data (LGPD): "export" downloads the zip of everything held about it (GET /contacts/:id/export);
 * "erase" deletes all of it for good (DELETE /contacts/:id?erase=true), only once the contact's number is typed.
 */
export function ContactDataDialog({ contact, action, onHide, onErased }: {
  contact: Contact | null; action: ContactDataAction; onHide: () => void; onErased: (contact: Contact) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => { setTyped(''); }, [contact, action]);
  const confirmed = !!contact && digits(typed) !== '' && digits(typed) === digits(contact.number);

  const run = async () => {
    if (!contact) return;
    setBusy(true);
    try {
      if (action === 'export') {
        await downloadFile(`/contacts/${contact.id}/export`, `contact-${contact.id}.zip`);
        toast.success(t('contacts.data.exported'));
      } else {
        await api.delete(`/contacts/${contact.id}?erase=true`);
        toast.success(t('contacts.data.erased'));
        onErased(contact);
      }
      onHide();
    } catch (err) { toast.error(err); } finally { setBusy(false); }
  };

  const erase = action === 'erase';
  return (
    <Dialog header={t(erase ? 'contacts.data.eraseTitle' : 'contacts.data.exportTitle')} visible={!!contact} onHide={onHide}
      style={{ width: 'min(480px, 95vw)' }} data-testid={`contact-${action}-dialog`}>
      <div className="form-grid">
        <strong>{contact?.name} · {contact?.number}</strong>
        <p>{t(erase ? 'contacts.data.eraseWhat' : 'contacts.data.exportWhat')}</p>
        <p className="text-secondary">{t(erase ? 'contacts.data.eraseRecord' : 'contacts.data.exportRecord')}</p>
        {erase && <>
          <label htmlFor="erase-confirm">{t('contacts.data.typeNumber', { number: contact?.number })}</label>
          <InputText id="erase-confirm" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" data-testid="contact-erase-confirm" />
        </>}
        <div className="dialog-actions">
          <Button text label={t('common.cancel')} onClick={onHide} />
          <Button label={t(erase ? 'contacts.data.erase' : 'contacts.data.download')} icon={erase ? 'pi pi-trash' : 'pi pi-download'}
            severity={erase ? 'danger' : undefined} disabled={erase && !confirmed} loading={busy} onClick={() => void run()} data-testid={`contact-${action}-submit`} />
        </div>
      </div>
    </Dialog>
  );
}
