import { useEffect, useState, type ChangeEvent } from 'react';
import { Button } from 'primereact/button';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { CopilotSettings, Usage } from '../../../plugins/copilot/src/types';

const NUMBERS = ['monthlyTokenBudget', 'perAgentPerMinute', 'pricePerMillionTokens', 'windowMessages', 'timeoutMs'] as const;
const SWITCHES = ['summaryOnTransfer', 'includeNotes', 'maskNumbers'] as const;
const LABELS: Record<string, string> = {
  monthlyTokenBudget: 'budget', perAgentPerMinute: 'perMinute', pricePerMillionTokens: 'price', windowMessages: 'windowMessages', timeoutMs: 'timeoutMs',
  summaryOnTransfer: 'summaryOnTransfer', includeNotes: 'includeNotes', maskNumbers: 'maskNumbers',
};

/** /copilot (admins): the model connection (base URL, model, key masked), budget, rate, switches; the month's usage per agent. */
export function SettingsPage({ sdk }: { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const [form, setForm] = useState<CopilotSettings | null>(null);
  const [usage, setUsage] = useState<Usage | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    sdk.api.get<CopilotSettings>('/copilot/settings').then(setForm).catch(sdk.toast.error);
    sdk.api.get<Usage>('/copilot/usage').then(setUsage).catch(sdk.toast.error);
  }, [sdk]);
  if (!form) return null;
  const set = (name: keyof CopilotSettings) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.type === 'checkbox' ? e.target.checked : e.target.type === 'number' ? Number(e.target.value) : e.target.value;
    setForm({ ...form, [name]: value });
  };
  const save = async () => {
    setSaving(true);
    try {
      setForm(await sdk.api.put<CopilotSettings>('/copilot/settings', { ...form, baseUrl: form.baseUrl?.trim() || null, apiKey: form.apiKey || null }));
      sdk.toast.success(t('copilot.saved'));
    } catch (err) { sdk.toast.error(err); } finally { setSaving(false); }
  };
  const row = { display: 'flex', flexDirection: 'column' as const, gap: '0.2rem', marginBottom: '0.6rem', maxWidth: 520 };
  return (
    <div className="p-3" data-testid="copilot-settings">
      <h2>{t('copilot.title')}</h2>
      <h3>{t('copilot.settings')}</h3>
      <label style={row}>{t('copilot.baseUrl')}<input className="p-inputtext" value={form.baseUrl ?? ''} onChange={set('baseUrl')} data-testid="copilot-baseUrl" /><small>{t('copilot.baseUrlHint')}</small></label>
      <label style={row}>{t('copilot.model')}<input className="p-inputtext" value={form.model} onChange={set('model')} data-testid="copilot-model" /></label>
      <label style={row}>{t('copilot.apiKey')}<input className="p-inputtext" type="password" autoComplete="off" value={form.apiKey ?? ''} onChange={set('apiKey')} data-testid="copilot-apiKey" />
        {form.apiKey?.includes('…') && <small>{t('copilot.apiKeyKept')}</small>}</label>
      {NUMBERS.map((name) => (
        <label key={name} style={row}>{t(`copilot.${LABELS[name]}`)}<input className="p-inputtext" type="number" min={0} value={form[name]} onChange={set(name)} data-testid={`copilot-${name}`} /></label>
      ))}
      {SWITCHES.map((name) => (
        <label key={name} style={{ display: 'flex', gap: '0.4rem', marginBottom: '0.4rem' }}>
          <input type="checkbox" checked={form[name]} onChange={set(name)} data-testid={`copilot-${name}`} />{t(`copilot.${LABELS[name]}`)}
        </label>
      ))}
      <Button label={t('copilot.save')} icon="pi pi-check" loading={saving} onClick={() => void save()} data-testid="copilot-save" />
      {usage && (
        <>
          <h3>{t('copilot.usage')} ({usage.month})</h3>
          {usage.budget > 0 && <p>{t('copilot.used', { used: usage.used, budget: usage.budget })}</p>}
          <table className="p-datatable-table" data-testid="copilot-usage">
            <thead><tr><th>{t('copilot.agent')}</th><th>{t('copilot.calls')}</th><th>{t('copilot.tokens')}</th><th>{t('copilot.cost')}</th></tr></thead>
            <tbody>
              {usage.rows.map((r) => (
                <tr key={r.userId}><td>{r.userId === 0 ? t('copilot.automatic') : r.userName}</td><td>{r.calls}</td><td>{r.promptTokens + r.completionTokens}{r.estimatedCalls ? ' *' : ''}</td><td>{r.cost.toFixed(4)}</td></tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
