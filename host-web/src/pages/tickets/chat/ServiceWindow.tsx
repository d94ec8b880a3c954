import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { api } from '../../../api/client';
import { toast } from '../../../toast/toast';
import type { Ticket } from '../types';

interface WindowState { cloud: boolean; open: boolean; closesAt: string | null }
interface Template { name: string; language: string; status: string; body: string; variables: number }

/** The ticket's 24-hour window on a Cloud API connection (GET /whatsapp-cloud/tickets/:id/window), read again as the ticket moves. */
export function useServiceWindow(ticket: Ticket): WindowState | null {
  const [state, setState] = useState<WindowState | null>(null);
  useEffect(() => {
    api.get<WindowState>(`/whatsapp-cloud/tickets/${ticket.id}/window`).then(setState).catch(() => setState(null));
  }, [ticket.id, ticket.updatedAt]);
  return state;
}

/**
 * Above the composer of a Cloud API ticket: until when free text may be sent, or, once the window closed, that only
 * an approved template may go, with the template picker.
 */
export function ServiceWindowBar({ ticket, state }: { ticket: Ticket; state: WindowState | null }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  if (!state?.cloud) return null;
  const closes = state.closesAt ? new Date(state.closesAt).toLocaleString() : '';
  return (
    <div className={`service-window ${state.open ? 'open' : 'closed'}`} data-testid="service-window">
      <i className={state.open ? 'pi pi-clock' : 'pi pi-lock'} />{' '}
      <span>{state.open ? t('tickets.cloud.windowOpen', { time: closes }) : t('tickets.cloud.windowClosed')}</span>
      <Button size="small" text icon="pi pi-file" label={t('tickets.cloud.template')} onClick={() => setPicking(true)} disabled={ticket.status === 'closed'} data-testid="btn-template" />
      {picking && <TemplateDialog ticket={ticket} onHide={() => setPicking(false)} />}
    </div>
  );
}

function TemplateDialog({ ticket, onHide }: { ticket: Ticket; onHide: () => void }) {
  const { t } = useTranslation();
  const [templates, setTemplates] = useState<Template[]>([]);
  const [chosen, setChosen] = useState<Template | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const load = (refresh = false) => {
    if (!ticket.whatsappId) return;
    api.get<{ templates: Template[] }>(`/whatsapp-cloud/${ticket.whatsappId}/templates`, refresh ? { refresh: true } : undefined)
      .then((r) => setTemplates(r.templates.filter((x) => x.status === 'APPROVED'))).catch((err) => toast.error(err));
  };
  useEffect(() => load(), [ticket.whatsappId]); // eslint-disable-line react-hooks/exhaustive-deps
  const choose = (tpl: Template | null) => { setChosen(tpl); setValues(Array.from({ length: tpl?.variables ?? 0 }, () => '')); };
  const preview = chosen ? chosen.body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1] || whole) : '';
  const send = async () => {
    if (!chosen) return;
    setSending(true);
    try {
      await api.post(`/whatsapp-cloud/tickets/${ticket.id}/template`, { name: chosen.name, language: chosen.language, parameters: values });
      onHide();
    } catch (err) { toast.error(err); } finally { setSending(false); }
  };
  return (
    <Dialog header={t('tickets.cloud.templateTitle')} visible onHide={onHide} style={{ width: 520 }} data-testid="template-dialog">
      <div className="form-row">
        <Dropdown value={chosen} options={templates} optionLabel="name" itemTemplate={(x: Template) => `${x.name} (${x.language})`}
          onChange={(e) => choose(e.value as Template | null)} placeholder={t('tickets.cloud.pick')} style={{ flex: 1 }} data-testid="template-pick" />
        <Button text icon="pi pi-refresh" aria-label={t('tickets.cloud.refresh')} onClick={() => load(true)} />
      </div>
      {values.map((v, i) => (
        <div key={i}>
          <label htmlFor={`tpl-var-${i}`}>{t('tickets.cloud.variable', { n: i + 1 })}</label>
          <InputText id={`tpl-var-${i}`} value={v} onChange={(e) => setValues(values.map((x, j) => (j === i ? e.target.value : x)))} style={{ width: '100%' }} />
        </div>
      ))}
      {chosen && <p className="template-preview">{preview}</p>}
      <Button label={t('common.send')} icon="pi pi-send" onClick={() => void send()} loading={sending} disabled={!chosen || values.some((v) => !v.trim())} data-testid="template-send" />
    </Dialog>
  );
}
