import { useEffect, useState } from 'react';
import { InputText } from 'primereact/inputtext';
import type { HostSdk, SlotProps } from '@atrium/host-web/sdk';

/** The `cloud` connection kind (the plugin registers it; the connection form shows these fields for it). */
export const CLOUD_KIND = 'cloud';

/** A cloud connection's Graph API settings, as GET /whatsapp-cloud/:id/settings answers them (secrets masked). */
const FIELDS = ['phoneNumberId', 'wabaId', 'accessToken', 'appSecret', 'verifyToken', 'graphVersion', 'baseUrl'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const SECRET = new Set<Field>(['accessToken', 'appSecret', 'verifyToken']);
const EMPTY: Values = { phoneNumberId: '', wabaId: '', accessToken: '', appSecret: '', verifyToken: '', graphVersion: 'v23.0', baseUrl: 'https://graph.facebook.com' };

/** The fields' rules, as the server's schema in words (the server checks them again: ERR_VALIDATION on body/settings/...). */
function problems(values: Values): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const k of FIELDS) if (!values[k].trim()) out[k] = 'required';
  for (const k of ['phoneNumberId', 'wabaId'] as const) if (values[k].trim() && !/^[0-9]{1,40}$/.test(values[k].trim())) out[k] = 'digitsOnly';
  if (values.graphVersion.trim() && !/^[A-Za-z0-9.]{2,16}$/.test(values.graphVersion.trim())) out.graphVersion = 'graphVersionFormat';
  if (values.baseUrl.trim() && !/^https?:\/\/[^\s/]+/.test(values.baseUrl.trim())) out.baseUrl = 'urlFormat';
  return out;
}

/**
 * The connectionDialog.fields slot: for a `cloud` connection, the Graph API settings and the webhook URL to give Meta's
 * app. They go in the form's `settings` (POST/PUT /whatsapp, the provider's settings door), trimmed, all at once.
 */
export function CloudFields({ sdk, values, setFieldValue, submitCount }: SlotProps['connectionDialog.fields'] & { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const connectionId = typeof values.id === 'number' ? values.id : undefined;
  const isCloud = values.provider === CLOUD_KIND;
  const [state, setState] = useState<{ values: Values; webhookPath?: string }>({ values: EMPTY });
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!isCloud || !connectionId) { setState({ values: EMPTY }); return; }
    sdk.api.get<Record<string, unknown>>(`/whatsapp-cloud/${connectionId}/settings`).then((s) => {
      const loaded = Object.fromEntries(FIELDS.map((k) => [k, String(s[k] ?? EMPTY[k])])) as Values;
      setState({ values: loaded, webhookPath: String(s.webhookPath ?? '') || undefined });
    }, () => setState({ values: EMPTY }));
  }, [sdk, isCloud, connectionId]);
  // What the form sends: nothing for another kind; for a cloud connection every field, trimmed.
  useEffect(() => {
    setFieldValue('settings', isCloud ? Object.fromEntries(FIELDS.map((k) => [k, state.values[k].trim()])) : undefined);
  }, [isCloud, state.values]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!isCloud) return null;
  // Every wrong field at once after a save was tried (the server refuses the same, naming the first), else once typed in.
  const wrong = touched || submitCount > 0 ? problems(state.values) : {};
  const set = (k: Field, v: string) => { setTouched(true); setState((s) => ({ ...s, values: { ...s.values, [k]: v } })); };
  const origin = window.location.origin;
  return (
    <fieldset className="cloud-fields" data-testid="cloud-fields">
      <legend>{t('whatsappCloud.form.title')}</legend>
      <div className="form-row">
        {FIELDS.map((k) => (
          <div key={k}>
            <label htmlFor={`cn-cloud-${k}`}>{t(`whatsappCloud.form.${k}`)}</label>
            <InputText id={`cn-cloud-${k}`} name={k} type={SECRET.has(k) ? 'password' : 'text'} autoComplete="off" value={state.values[k]}
              onChange={(e) => set(k, e.target.value)} style={{ width: '100%' }} aria-describedby={`cn-cloud-${k}-hint`} />
            <small id={`cn-cloud-${k}-hint`} className="muted">{t(`whatsappCloud.form.hints.${k}`)}</small>
            {wrong[k] && <small className="p-error field-error" data-testid={`error-${k}`}>{wrong[k] === 'required' ? t('validation.required') : t(`whatsappCloud.form.${wrong[k]}`)}</small>}
          </div>
        ))}
      </div>
      <small data-testid="cloud-webhook">{state.webhookPath
        ? t('whatsappCloud.form.webhookHint', { url: `${origin}${state.webhookPath}` })
        : t('whatsappCloud.form.webhookAfterSave', { url: `${origin}/api/whatsapp-cloud/…/webhook` })}</small>
    </fieldset>
  );
}
