import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { HostSdk, SlotProps, TicketView } from '@atrium/host-web/sdk';

type Ticket = TicketView;

interface WindowState { cloud: boolean; open: boolean; closesAt: string | null }
interface Template { name: string; language: string; status: string; body: string; variables: number }

/** The ticket's 24-hour window on a Cloud API connection (GET /whatsapp-cloud/tickets/:id/window), read again as the ticket moves. */
function useServiceWindow(sdk: HostSdk, ticket: Ticket): WindowState | null {
  const [state, setState] = useState<WindowState | null>(null);
  useEffect(() => {
    sdk.api.get<WindowState>(`/whatsapp-cloud/tickets/${ticket.id}/window`).then(setState).catch(() => setState(null));
  }, [sdk, ticket.id, ticket.updatedAt]);
  return state;
}

/**
 * The composer.above slot of a Cloud API ticket: until when free text may be sent, or, once the window closed, that
 * only an approved template may go (the composer is locked), with the template picker.
 */
export function ServiceWindowBar({ sdk, ticket, lock }: SlotProps['composer.above'] & { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const [picking, setPicking] = useState(false);
  const state = useServiceWindow(sdk, ticket);
  const closed = Boolean(state?.cloud && !state.open);
  useEffect(() => { lock(closed); return () => lock(false); }, [closed]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!state?.cloud) return null;
  const closes = state.closesAt ? new Date(state.closesAt).toLocaleString() : '';
  return (
    <div className={`service-window ${state.open ? 'open' : 'closed'}`} data-testid="service-window">
      <i className={state.open ? 'pi pi-clock' : 'pi pi-lock'} />{' '}
      <span>{state.open ? t('whatsappCloud.window.windowOpen', { time: closes }) : t('whatsappCloud.window.windowClosed')}</span>
      <Button size="small" text icon="pi pi-file" label={t('whatsappCloud.window.template')} onClick={() => setPicking(true)} disabled={ticket.status === 'closed'} data-testid="btn-template" />
      {picking && <TemplateDialog sdk={sdk} ticket={ticket} onHide={() => setPicking(false)} />}
    </div>
  );
}

function TemplateDialog({ sdk, ticket, onHide }: { sdk: HostSdk; ticket: Ticket; onHide: () => void }) {
  const { t } = sdk.useTranslation();
  const [templates, setTemplates] = useState<Template[]>([]);
  const [chosen, setChosen] = useState<Template | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const load = (refresh = false) => {
    if (!ticket.whatsappId) return;
    sdk.api.get<{ templates: Template[] }>(`/whatsapp-cloud/${ticket.whatsappId}/templates`, refresh ? { refresh: true } : undefined)
      .then((r) => setTemplates(r.templates.filter((x) => x.status === 'APPROVED'))).catch((err) => sdk.toast.error(err));
  };
  useEffect(() => load(), [ticket.whatsappId]); // eslint-disable-line react-hooks/exhaustive-deps
  const choose = (tpl: Template | null) => { setChosen(tpl); setValues(Array.from({ length: tpl?.variables ?? 0 }, () => '')); };
  const preview = chosen ? chosen.body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1] || whole) : '';
  const send = async () => {
    if (!chosen) return;
    setSending(true);
    try {
      await sdk.api.post(`/whatsapp-cloud/tickets/${ticket.id}/template`, { name: chosen.name, language: chosen.language, parameters: values });
      onHide();
    } catch (err) { sdk.toast.error(err); } finally { setSending(false); }
  };
  return (
    <Dialog header={t('whatsappCloud.window.templateTitle')} visible onHide={onHide} style={{ width: 520 }} data-testid="template-dialog">
      <div className="form-row">
        <Dropdown value={chosen} options={templates} optionLabel="name" itemTemplate={(x: Template) => `${x.name} (${x.language})`}
          onChange={(e) => choose(e.value as Template | null)} placeholder={t('whatsappCloud.window.pick')} style={{ flex: 1 }} data-testid="template-pick" />
        <Button text icon="pi pi-refresh" aria-label={t('whatsappCloud.window.refresh')} onClick={() => load(true)} />
      </div>
      {values.map((v, i) => (
        <div key={i}>
          <label htmlFor={`tpl-var-${i}`}>{t('whatsappCloud.window.variable', { n: i + 1 })}</label>
          <InputText id={`tpl-var-${i}`} value={v} onChange={(e) => setValues(values.map((x, j) => (j === i ? e.target.value : x)))} style={{ width: '100%' }} />
        </div>
      ))}
      {chosen && <p className="template-preview">{preview}</p>}
      <Button label={t('common.send')} icon="pi pi-send" onClick={() => void send()} loading={sending} disabled={!chosen || values.some((v) => !v.trim())} data-testid="template-send" />
    </Dialog>
  );
}
