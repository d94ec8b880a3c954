import { useEffect, useState } from 'react';
import { useFormik } from 'formik';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Sidebar } from 'primereact/sidebar';
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { api } from '../../../api/client';
import { toast } from '../../../toast/toast';
import { formatDate, formatTime } from '../../../util/format';
import { FieldError } from '../../../components/FieldError';
import { Slot } from '../../../components/Slot';
import type { Ticket } from '../types';

interface Note { id: number; note: string; createdAt: string; user?: { name: string } }
/** The contact's address on a channel whose address is not a phone number (GET /contacts/:id `identities`). */
interface Identity { kind: string; address: string }

/** A contact first met on such a channel has `<kind>:<address>` as its number key: not a phone to show. */
const isPhone = (number: string | undefined) => !!number && !number.includes(':');

/** The 320 px contact drawer: contact info, extra info and the ticket's notes. */
export function ContactDrawer({ ticket, visible, onHide }: { ticket: Ticket; visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const [notes, setNotes] = useState<Note[]>([]);
  const [identities, setIdentities] = useState<Identity[]>([]);
  const c = ticket.contact;
  useEffect(() => {
    if (!visible) return;
    api.get<{ identities?: Identity[] }>(`/contacts/${ticket.contactId}`).then((r) => setIdentities(r.identities ?? [])).catch(() => setIdentities([]));
  }, [visible, ticket.contactId]);
  useEffect(() => {
    if (!visible) return;
    api.get<Note[]>('/ticket-notes/list', { ticketId: ticket.id, contactId: ticket.contactId }).then(setNotes).catch(() => setNotes([]));
  }, [visible, ticket.id, ticket.contactId]);
  const form = useFormik({
    initialValues: { note: '' },
    validationSchema: Yup.object({ note: Yup.string().trim().min(2, t('tickets.contact.noteShort')).required(t('tickets.contact.noteRequired')) }),
    onSubmit: async (values, helpers) => {
      try {
        const note = await api.post<Note>('/ticket-notes', { note: values.note.trim(), ticketId: ticket.id, contactId: ticket.contactId });
        setNotes((l) => [note, ...l]); helpers.resetForm();
      } catch (err) { toast.error(err); }
    },
  });
  return (
    <Sidebar visible={visible} position="right" onHide={onHide} className="contact-drawer" style={{ width: 320 }} header={t('tickets.contact.title')}>
      <h3>{c?.name}</h3>
      {isPhone(c?.number) && <p><strong>{t('tickets.contact.number')}:</strong> {c?.number}</p>}
      {!!identities.length && (
        <>
          <h4>{t('tickets.contact.identities')}</h4>
          <ul className="contact-identities">
            {identities.map((x) => <li key={`${x.kind}:${x.address}`}><i className="pi pi-comments" aria-hidden /> <strong>{x.kind}</strong> {x.address}</li>)}
          </ul>
        </>
      )}
      {c?.email && <p><strong>{t('tickets.contact.email')}:</strong> {c.email}</p>}
      {!!c?.extraInfo?.length && (
        <>
          <h4>{t('tickets.contact.extra')}</h4>
          {c.extraInfo.map((x, i) => <p key={x.id ?? i}><strong>{x.name}:</strong> {x.value}</p>)}
        </>
      )}
      {c && <Slot name="contactDrawer.sections" props={{ contact: c, ticket }} />}
      <h4>{t('tickets.contact.notes')}</h4>
      <form onSubmit={form.handleSubmit} className="form-grid">
        <InputTextarea rows={3} placeholder={t('tickets.contact.notePlaceholder')} {...form.getFieldProps('note')} />
        <FieldError form={form} name="note" />
        <Button type="submit" size="small" label={t('tickets.contact.addNote')} loading={form.isSubmitting} />
      </form>
      <ul className="notes">
        {notes.map((n) => <li key={n.id}><div>{n.note}</div><small className="muted">{n.user?.name} · {formatDate(n.createdAt)} {formatTime(n.createdAt)}</small></li>)}
      </ul>
    </Sidebar>
  );
}
