import { useEffect, useState } from 'react';
import * as Yup from 'yup';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FormikProps } from 'formik';
import { InputText } from 'primereact/inputtext';
import { api } from '../../api/client';
import { FieldError } from '../../components/FieldError';

/** A cloud connection's Graph API settings, as GET/PUT /whatsapp-cloud/:id/settings carry them (secrets masked). */
export interface CloudValues {
  phoneNumberId: string; wabaId: string; accessToken: string; appSecret: string; verifyToken: string; graphVersion: string; baseUrl: string;
}
export const CLOUD_FIELDS = ['phoneNumberId', 'wabaId', 'accessToken', 'appSecret', 'verifyToken', 'graphVersion', 'baseUrl'] as const;
const SECRET = new Set(['accessToken', 'appSecret', 'verifyToken']);
export const EMPTY_CLOUD: CloudValues = { phoneNumberId: '', wabaId: '', accessToken: '', appSecret: '', verifyToken: '', graphVersion: 'v23.0', baseUrl: 'https://graph.facebook.com' };

interface SettingsAnswer { configured: boolean; webhookPath: string; [field: string]: unknown }

/** The stored settings of a connection (masked secrets) and its webhook path; empty for a new one. */
export function useCloudSettings(connectionId: number | undefined, visible: boolean) {
  const [settings, setSettings] = useState<{ values: CloudValues; webhookPath?: string }>({ values: EMPTY_CLOUD });
  useEffect(() => {
    if (!visible || !connectionId) { setSettings({ values: EMPTY_CLOUD }); return; }
    api.get<SettingsAnswer>(`/whatsapp-cloud/${connectionId}/settings`).then((s) => {
      const values = Object.fromEntries(CLOUD_FIELDS.map((k) => [k, String(s[k] ?? EMPTY_CLOUD[k])])) as unknown as CloudValues;
      setSettings({ values, webhookPath: s.webhookPath });
    }).catch(() => {});
  }, [connectionId, visible]);
  return settings;
}

/** Saves the settings of an existing connection (the mask sent back keeps a stored secret). */
export const saveCloudSettings = (connectionId: number, values: CloudValues) => api.put(`/whatsapp-cloud/${connectionId}/settings`, values);

/** The settings as POST /whatsapp's `cloud` carries them: a new connection is created with them in one step. */
export const cloudBody = (values: CloudValues) => Object.fromEntries(CLOUD_FIELDS.map((k) => [k, values[k].trim()])) as unknown as CloudValues;

/**
 * The Cloud API fields' rules, as the server's (whatsapp-cloud/schemas.ts) in words: checked all at once before
 * anything is sent, so an incomplete form creates nothing and names every field to fix.
 */
export function cloudValidation(t: TFunction) {
  const required = t('validation.required');
  const graphId = Yup.string().trim().required(required).matches(/^[0-9]{1,40}$/, t('connections.cloud.digitsOnly'));
  const secret = (max: number) => Yup.string().trim().required(required).max(max, t('validation.tooLong'));
  return {
    phoneNumberId: graphId, wabaId: graphId, accessToken: secret(2000), appSecret: secret(200), verifyToken: secret(200),
    graphVersion: Yup.string().trim().required(required).matches(/^[A-Za-z0-9.]{2,16}$/, t('connections.cloud.graphVersionFormat')),
    baseUrl: Yup.string().trim().required(required).matches(/^https?:\/\/[^\s/]+/, t('connections.cloud.urlFormat')),
  };
}

/** The Cloud API fields of the connection form, with the webhook URL to give Meta's app. */
export function CloudFields<V extends CloudValues>({ form, webhookPath }: { form: FormikProps<V>; webhookPath?: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="cloud-fields" data-testid="cloud-fields">
      <legend>{t('connections.cloud.title')}</legend>
      <div className="form-row">
        {CLOUD_FIELDS.map((k) => (
          <div key={k}>
            <label htmlFor={`cn-cloud-${k}`}>{t(`connections.cloud.${k}`)}</label>
            <InputText id={`cn-cloud-${k}`} type={SECRET.has(k) ? 'password' : 'text'} autoComplete="off" {...form.getFieldProps(k)} style={{ width: '100%' }} aria-describedby={`cn-cloud-${k}-hint`} />
            <small id={`cn-cloud-${k}-hint`} className="muted">{t(`connections.cloud.hints.${k}`)}</small>
            <FieldError form={form} name={k} />
          </div>
        ))}
      </div>
      {/* The webhook URL names the connection's id: a new one's is shown as soon as it is saved (the dialog stays open on it). */}
      <small data-testid="cloud-webhook">{webhookPath
        ? t('connections.cloud.webhookHint', { url: `${window.location.origin}${webhookPath}` })
        : t('connections.cloud.webhookAfterSave', { url: `${window.location.origin}/api/whatsapp-cloud/…/webhook` })}</small>
    </fieldset>
  );
}
