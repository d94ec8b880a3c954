import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { addTranslations } from '../../i18n';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';

/** The operator's billing settings (super user): which gateway charges invoices and its keys. Each is PUT /settings/{key}. */
const TEXT_KEYS = ['pixKey', 'pixMerchantName', 'pixMerchantCity', 'asaasUrl', 'asaas', 'asaasWebhookToken'] as const;
const SECRET = new Set(['asaas', 'asaasWebhookToken']);
const GATEWAYS = ['none', 'sandbox', 'pix', 'asaas'];

export function BillingTab({ values, onChange }: { values: Record<string, string>; onChange: (key: string, value: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const save = async (key: string, value: string) => {
    try { await api.put(`/settings/${key}`, { key, value }); onChange(key, value); toast.success(t('settings.updated')); }
    catch (err) { toast.error(err); }
  };
  return (
    <div className="settings-grid" data-testid="settings-billing">
      <label htmlFor="s-billingGateway">{t('settings.billing.billingGateway')}</label>
      <Dropdown inputId="s-billingGateway" value={values.billingGateway || 'none'} data-testid="setting-billingGateway"
        options={GATEWAYS.map((g) => ({ value: g, label: t(`settings.billing.gateways.${g}`) }))} onChange={(e) => void save('billingGateway', e.value)} />
      {TEXT_KEYS.map((key) => (
        <div key={key} className="form-grid">
          <label htmlFor={`s-${key}`}>{t(`settings.billing.${key}`)}</label>
          <div className="p-inputgroup">
            <InputText id={`s-${key}`} type={SECRET.has(key) ? 'password' : 'text'} autoComplete="off"
              value={draft[key] ?? values[key] ?? ''} onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))} />
            <Button icon="pi pi-check" aria-label={t('common.save')} disabled={draft[key] === undefined} onClick={() => void save(key, draft[key] ?? '')} />
          </div>
        </div>
      ))}
      <small className="muted">{t('settings.billing.hint')}</small>
    </div>
  );
}

addTranslations({
  en: { settings: { tabs: { billing: 'Billing' }, billing: {
    billingGateway: 'Payment gateway', pixKey: 'Pix key', pixMerchantName: 'Receiver name (Pix)', pixMerchantCity: 'Receiver city (Pix)',
    asaasUrl: 'Asaas API URL (…/v3)', asaas: 'Asaas API key', asaasWebhookToken: 'Asaas webhook token',
    gateways: { none: 'None', sandbox: 'Sandbox (no bank)', pix: 'Static Pix (confirmed by hand)', asaas: 'Asaas' },
    hint: 'Asaas calls POST /api/subscription/webhook/asaas with the webhook token in the asaas-access-token header.' } } },
  pt: { settings: { tabs: { billing: 'Cobrança' }, billing: {
    billingGateway: 'Gateway de pagamento', pixKey: 'Chave Pix', pixMerchantName: 'Nome do recebedor (Pix)', pixMerchantCity: 'Cidade do recebedor (Pix)',
    asaasUrl: 'URL da API Asaas (…/v3)', asaas: 'Chave da API Asaas', asaasWebhookToken: 'Token do webhook Asaas',
    gateways: { none: 'Nenhum', sandbox: 'Sandbox (sem banco)', pix: 'Pix estático (confirmação manual)', asaas: 'Asaas' },
    hint: 'O Asaas chama POST /api/subscription/webhook/asaas com o token do webhook no cabeçalho asaas-access-token.' } } },
  es: { settings: { tabs: { billing: 'Cobros' }, billing: {
    billingGateway: 'Gateway de pago', pixKey: 'Clave Pix', pixMerchantName: 'Nombre del receptor (Pix)', pixMerchantCity: 'Ciudad del receptor (Pix)',
    asaasUrl: 'URL de la API Asaas (…/v3)', asaas: 'Clave de la API Asaas', asaasWebhookToken: 'Token del webhook Asaas',
    gateways: { none: 'Ninguno', sandbox: 'Sandbox (sin banco)', pix: 'Pix estático (confirmación manual)', asaas: 'Asaas' },
    hint: 'Asaas llama a POST /api/subscription/webhook/asaas con el token del webhook en la cabecera asaas-access-token.' } } },
});
