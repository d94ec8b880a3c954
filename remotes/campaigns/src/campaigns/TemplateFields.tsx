import { useEffect, useState } from 'react';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { CloudTemplate } from '../types';

/** A template in the form's select: name and language in one value. */
export const templateKey = (t: { name: string; language: string }) => `${t.name}|${t.language}`;
export const templateOfKey = (key: string) => {
  const at = key.lastIndexOf('|');
  return { name: key.slice(0, at), language: key.slice(at + 1) };
};

/** The approved templates of a connection whose channel has templates (GET /whatsapp/:id/templates; none for another). */
export function useCloudTemplates(sdk: HostSdk, connectionId: number | null) {
  const [templates, setTemplates] = useState<CloudTemplate[]>([]);
  useEffect(() => {
    if (!connectionId) { setTemplates([]); return; }
    sdk.api.get<{ templates: CloudTemplate[] }>(`/whatsapp/${connectionId}/templates`)
      .then((r) => setTemplates(r.templates.filter((t) => t.status === 'APPROVED')), (err) => { setTemplates([]); sdk.toast.error(err); });
  }, [sdk, connectionId]);
  return templates;
}

/** The connection kinds whose channel has templates, and those that cannot write first (GET /providers: capabilities). */
export function useCampaignChannelKinds(sdk: HostSdk): { templates: string[]; cannotStart: string[] } {
  const [kinds, setKinds] = useState<{ templates: string[]; cannotStart: string[] }>({ templates: [], cannotStart: [] });
  useEffect(() => {
    sdk.api.get<Array<{ kind: string; capabilities: { templates?: boolean; startConversation?: boolean } }>>('/providers')
      .then((list) => setKinds({
        templates: list.filter((k) => k.capabilities.templates).map((k) => k.kind),
        // A campaign writes first: a channel that only answers (a bot, a Page) is not offered (the API refuses it too).
        cannotStart: list.filter((k) => k.capabilities.startConversation === false).map((k) => k.kind),
      }), () => setKinds({ templates: [], cannotStart: [] }));
  }, [sdk]);
  return kinds;
}

type TemplateValues = { templateKey: string; templateParameters: string[] };
/** The part of the campaign form these fields use. */
interface TemplateForm { values: TemplateValues; setFieldValue(name: string, value: unknown): unknown }

/**
 * On a WhatsApp Cloud API connection: the note that contacts outside the 24-hour window get only an approved template,
 * the template to send them and a field per variable (the campaign's placeholders, such as {nome}, are filled per contact).
 */
export function TemplateFields({ sdk, form, templates }: { sdk: HostSdk; form: TemplateForm; templates: CloudTemplate[] }) {
  const { t } = sdk.useTranslation();
  const { ValueSelect } = sdk.ui;
  const chosen = templates.find((x) => templateKey(x) === form.values.templateKey);
  const choose = (key: string | null) => {
    const next = templates.find((x) => templateKey(x) === key);
    void form.setFieldValue('templateKey', key ?? '');
    void form.setFieldValue('templateParameters', Array.from({ length: next?.variables ?? 0 }, (_, i) => form.values.templateParameters[i] ?? ''));
  };
  return (
    <fieldset className="form-grid" data-testid="campaign-template">
      <p className="muted" data-testid="campaign-cloud-note">{t('campaigns.cloudNote')}</p>
      <ValueSelect values={form.values} setFieldValue={(_n, v) => choose(v === null || v === undefined ? null : String(v))} name="templateKey" testId="campaign-template-pick"
        label={t('campaigns.template')} none={t('campaigns.none')} options={templates.map((x) => ({ value: templateKey(x), label: `${x.name} (${x.language})` }))} />
      {chosen && <p className="muted" data-testid="campaign-template-body">{chosen.body}</p>}
      {form.values.templateParameters.map((value, i) => (
        <div key={i}>
          <label htmlFor={`campaign-template-var-${i}`}>{t('campaigns.templateVariable', { n: i + 1 })}</label>
          <input id={`campaign-template-var-${i}`} className="p-inputtext p-component" value={value}
            onChange={(e) => void form.setFieldValue('templateParameters', form.values.templateParameters.map((x, j) => (j === i ? e.target.value : x)))} />
        </div>
      ))}
      {chosen && chosen.variables > 0 && <small className="muted">{t('campaigns.templateVariableHint')}</small>}
    </fieldset>
  );
}
