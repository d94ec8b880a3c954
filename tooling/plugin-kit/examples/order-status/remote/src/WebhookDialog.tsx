import { useEffect, useState } from 'react';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { WebhookSettings } from '../../src/types';

/**
 * The shop's webhook: the address to give the shop (sdk.publicRoutes.publicUrl on the server) and, on save, a new
 * signing secret, shown this once (the server keeps it sealed). Admins make it; the dialog stays open to copy it.
 */
export function WebhookDialog({ sdk, visible, onHide }: { sdk: HostSdk; visible: boolean; onHide: () => void }) {
  const { t } = sdk.useTranslation();
  const { FormDialog, useFormDialog } = sdk.ui;
  const [settings, setSettings] = useState<WebhookSettings | null>(null);
  useEffect(() => {
    if (!visible) return;
    setSettings(null);
    sdk.api.get<WebhookSettings>('/order-status/settings').then(setSettings, sdk.toast.error);
  }, [sdk, visible]);
  const form = useFormDialog({
    initialValues: {},
    save: () => sdk.api.post<WebhookSettings>('/order-status/settings/secret'),
    successMessage: t('orderStatus.secretMade'), onSaved: setSettings, onHide, keepOpen: () => true,
  });
  return (
    <FormDialog header={t('orderStatus.webhookTitle')} visible={visible} onHide={onHide} form={form} testId="order-status-webhook-form" saveTestId="order-status-make-secret">
      <strong>{t('orderStatus.webhookUrl')}</strong>
      {settings?.webhookUrl
        ? <code data-testid="order-status-webhook-url">{settings.webhookUrl}</code>
        : <small className="muted">{t('orderStatus.noWebhook')}</small>}
      {settings?.secret && (
        <>
          <strong>{t('orderStatus.secret')}</strong>
          <code data-testid="order-status-secret">{settings.secret}</code>
          <small className="muted">{t('orderStatus.secretHint')}</small>
        </>
      )}
      <small className="muted">{t('orderStatus.makeSecret')}</small>
    </FormDialog>
  );
}
