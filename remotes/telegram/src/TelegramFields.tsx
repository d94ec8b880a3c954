import { useState } from 'react';
import type { HostSdk, SlotProps } from '@atrium/host-web/sdk';
import { TelegramIcon } from './TelegramIcon';

const KIND = 'telegram';

/**
 * The Telegram part of the connection form (connectionDialog.fields): a new connection can be made a Telegram bot;
 * a Telegram connection takes its bot token, sent as the connection's `settings` (the plugin's settings door checks
 * it with Telegram, seals it and sets the webhook). An existing connection's token is kept unless a new one is typed.
 */
export function TelegramFields({ sdk, values, setFieldValue }: SlotProps['connectionDialog.fields'] & { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const [token, setToken] = useState('');
  const isTelegram = values.provider === KIND;
  // Telegram when the form opened: an existing connection (the kind of a saved one cannot change).
  const [existing] = useState(isTelegram);
  if (!isTelegram) {
    return (
      <button type="button" className="p-button p-button-text p-button-sm" data-testid="telegram-use" onClick={() => setFieldValue('provider', KIND)}>
        <TelegramIcon /> <span>{t('telegram.use')}</span>
      </button>
    );
  }
  const onChange = (value: string) => {
    setToken(value);
    // Empty: no settings sent, the saved token stays (a new connection is then refused: the token is required).
    setFieldValue('settings', value.trim() ? { botToken: value.trim() } : undefined);
  };
  return (
    <div className="form-grid" data-testid="telegram-fields">
      <h4><TelegramIcon /> {t('telegram.title')}</h4>
      <label htmlFor="telegram-bot-token">{t('telegram.botToken')}</label>
      <input id="telegram-bot-token" className="p-inputtext" type="password" autoComplete="off" value={token} onChange={(e) => onChange(e.target.value)} />
      <small className="muted">{t('telegram.botTokenHint')}</small>
      {existing && token === '' && <small className="muted">{t('telegram.botTokenKept')}</small>}
      <small className="muted">{t('telegram.webhook')}</small>
    </div>
  );
}
