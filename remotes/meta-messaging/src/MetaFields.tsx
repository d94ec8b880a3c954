import { useEffect, useState } from 'react';
import type { HostSdk, SlotProps } from '@atrium/host-web/sdk';

/** The kinds the plugin registers (the connection form shows these fields for them). */
const KINDS = { messenger: 'pi pi-facebook', instagram: 'pi pi-instagram' } as const;
type Kind = keyof typeof KINDS;
const isKind = (value: unknown): value is Kind => typeof value === 'string' && value in KINDS;

const FIELDS = ['pageId', 'instagramId', 'pageAccessToken', 'appSecret', 'verifyToken'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const SECRET = new Set<Field>(['pageAccessToken', 'appSecret', 'verifyToken']);
const EMPTY: Values = { pageId: '', instagramId: '', pageAccessToken: '', appSecret: '', verifyToken: '' };

/**
 * The connectionDialog.fields slot for a Messenger or Instagram connection: the Page id (and the Instagram account id),
 * the page access token, the app secret and a verify token, sent as the connection's `settings` (the plugin's settings
 * door seals them). A saved connection answers its secrets masked: sent back as they are, they are kept.
 */
export function MetaFields({ sdk, values, setFieldValue }: SlotProps['connectionDialog.fields'] & { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const kind = isKind(values.provider) ? values.provider : undefined;
  const connectionId = typeof values.id === 'number' ? values.id : undefined;
  const [state, setState] = useState<{ values: Values; webhookUrl?: string }>({ values: EMPTY });
  useEffect(() => {
    if (!kind || !connectionId) { setState({ values: EMPTY }); return; }
    sdk.api.get<Record<string, unknown>>(`/meta-messaging/connections/${connectionId}`).then((s) => {
      const loaded = Object.fromEntries(FIELDS.map((k) => [k, String(s[k] ?? '')])) as Values;
      setState({ values: loaded, webhookUrl: typeof s.webhookUrl === 'string' ? s.webhookUrl : undefined });
    }, () => setState({ values: EMPTY }));
  }, [sdk, kind, connectionId]);
  useEffect(() => {
    if (!kind) { setFieldValue('settings', undefined); return; }
    const fields = FIELDS.filter((k) => k !== 'instagramId' || kind === 'instagram');
    setFieldValue('settings', Object.fromEntries(fields.filter((k) => state.values[k].trim()).map((k) => [k, state.values[k].trim()])));
  }, [kind, state.values]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!kind) return null;
  const set = (k: Field, v: string) => setState((s) => ({ ...s, values: { ...s.values, [k]: v } }));
  return (
    <fieldset className="form-grid" data-testid="meta-fields">
      <legend><i className={KINDS[kind]} aria-hidden="true" /> {t(`metaMessaging.${kind}`)}</legend>
      {FIELDS.filter((k) => k !== 'instagramId' || kind === 'instagram').map((k) => (
        <div key={k}>
          <label htmlFor={`meta-${k}`}>{t(`metaMessaging.fields.${k}`)}</label>
          <input id={`meta-${k}`} className="p-inputtext" type={SECRET.has(k) ? 'password' : 'text'} autoComplete="off" value={state.values[k]}
            onChange={(e) => set(k, e.target.value)} style={{ width: '100%' }} aria-describedby={`meta-${k}-hint`} />
          <small id={`meta-${k}-hint`} className="muted">{t(`metaMessaging.hints.${k}`)}</small>
        </div>
      ))}
      <small data-testid="meta-webhook">{state.webhookUrl ? t('metaMessaging.webhook', { url: state.webhookUrl }) : t('metaMessaging.webhookAfterSave')}</small>
      <small className="muted">{t('metaMessaging.window')}</small>
    </fieldset>
  );
}
