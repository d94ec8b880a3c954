import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import type { HostSdk, SlotProps } from '@atrium/host-web/sdk';
import type { CitedArticle, ImproveMode } from '../../../plugins/copilot/src/types';

const MODES: ImproveMode[] = ['fix', 'friendlier', 'formal', 'shorten'];
/** The model's citation markers ([#12]) become the links below the composer; the text keeps none. */
const stripCitations = (text: string) => text.replace(/\s?\[#\d+\]/g, '');

/**
 * The copilot's buttons above the composer (slot ticketComposer.actions): a suggestion streams into the draft (never
 * sent: the agent edits and sends), with its sources as links; a summary in a panel; the draft improved in place.
 * Alt+S suggest, Alt+R summarise, Alt+M improve (fix), Esc stops a suggestion. Errors are toasts; the composer stays.
 */
export function CopilotActions({ sdk, ticket, draft, setDraft, disabled }: { sdk: HostSdk } & SlotProps['ticketComposer.actions']) {
  const { t } = sdk.useTranslation();
  const [busy, setBusy] = useState<null | 'suggest' | 'summarise' | 'improve'>(null);
  const [cited, setCited] = useState<CitedArticle[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const [language, setLanguage] = useState('en');
  const abort = useRef<AbortController | null>(null);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const suggest = async () => {
    if (busy) return;
    const controller = new AbortController();
    abort.current = controller;
    setBusy('suggest');
    setCited([]);
    let text = '';
    const before = draftRef.current.trim();
    try {
      await sdk.api.stream('/copilot/suggest', { ticketId: ticket.id, draft: before || undefined }, {
        signal: controller.signal,
        onEvent: (event, data) => {
          const d = data as { text?: string; cited?: CitedArticle[]; error?: string };
          if (event === 'message' && d.text) { text += d.text; setDraft(stripCitations(text)); }
          else if (event === 'done') setCited(d.cited?.length ? d.cited : []);
          else if (event === 'error') sdk.toast.error(sdk.i18n.exists(`errors.${d.error}`) ? sdk.i18n.t(`errors.${d.error}`) : String(d.error));
        },
      });
    } catch (err) {
      if (!controller.signal.aborted) sdk.toast.error(err);
    } finally {
      abort.current = null;
      setBusy(null);
    }
  };
  const stop = () => abort.current?.abort();
  const summarise = async () => {
    if (busy) return;
    setBusy('summarise');
    try { setSummary((await sdk.api.post<{ text: string }>('/copilot/summarise', { ticketId: ticket.id })).text); } catch (err) { sdk.toast.error(err); } finally { setBusy(null); }
  };
  const improve = async (mode: ImproveMode) => {
    const text = draftRef.current.trim();
    if (busy || !text) return;
    setBusy('improve');
    try {
      const body = mode === 'translate' ? { ticketId: ticket.id, text, mode, language } : { ticketId: ticket.id, text, mode };
      setDraft((await sdk.api.post<{ text: string }>('/copilot/improve', body)).text);
    } catch (err) { sdk.toast.error(err); } finally { setBusy(null); }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && abort.current) { abort.current.abort(); return; }
      if (!e.altKey || disabled) return;
      const key = e.key.toLowerCase();
      if (key === 's') { e.preventDefault(); void suggest(); }
      if (key === 'r') { e.preventDefault(); void summarise(); }
      if (key === 'm') { e.preventDefault(); void improve('fix'); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => { setCited([]); setSummary(null); }, [ticket.id]);

  return (
    <div data-testid="copilot-actions" title={t('copilot.shortcuts')} style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem', alignItems: 'center', width: '100%' }}>
      {busy === 'suggest'
        ? <Button size="small" severity="secondary" icon="pi pi-stop" label={t('copilot.stop')} onClick={stop} data-testid="copilot-stop" />
        : <Button size="small" text icon="pi pi-sparkles" label={cited.length || draft ? t('copilot.again') : t('copilot.suggest')} disabled={disabled || !!busy} onClick={() => void suggest()} data-testid="copilot-suggest" />}
      <Button size="small" text icon="pi pi-list" label={t('copilot.summarise')} disabled={!!busy} loading={busy === 'summarise'} onClick={() => void summarise()} data-testid="copilot-summarise" />
      <select className="p-inputtext p-inputtext-sm" aria-label={t('copilot.improve')} value="" disabled={disabled || !!busy || !draft.trim()} data-testid="copilot-improve"
        onChange={(e) => { const mode = e.target.value as ImproveMode; if (mode) void improve(mode); }}>
        <option value="">{t('copilot.improve')}…</option>
        {MODES.map((m) => <option key={m} value={m}>{t(`copilot.${m}`)}</option>)}
        <option value="translate">{t('copilot.translate')} {language}</option>
      </select>
      <select className="p-inputtext p-inputtext-sm" aria-label={t('copilot.language')} value={language} onChange={(e) => setLanguage(e.target.value)}>
        {['en', 'pt', 'es', 'fr', 'de', 'it'].map((l) => <option key={l} value={l}>{l}</option>)}
      </select>
      {cited.length > 0 && (
        <span data-testid="copilot-cited">{t('copilot.sources')}{' '}
          {cited.map((a) => <a key={a.id} href={`/copilot/articles#article-${a.id}`} target="_blank" rel="noreferrer" style={{ marginRight: '0.4rem' }}>{a.title}</a>)}
        </span>
      )}
      {summary !== null && (
        <div data-testid="copilot-summary" style={{ width: '100%', whiteSpace: 'pre-wrap', background: 'var(--surface-hover)', padding: '0.4rem', borderRadius: 6 }}>
          <strong>{t('copilot.summary')}</strong> <Button text size="small" icon="pi pi-times" aria-label={t('copilot.close')} onClick={() => setSummary(null)} />
          <div>{summary}</div>
        </div>
      )}
    </div>
  );
}
