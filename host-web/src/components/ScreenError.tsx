import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';

/** In-console panel for a screen that failed to load (with Retry) or a path with no screen. */
export function ScreenError({ error, onRetry, notFound }: { error?: Error; onRetry?: () => void; notFound?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="remote-error" data-testid="screen-error">
      <Message severity={notFound ? 'warn' : 'error'} text={notFound ? t('remote.notFound') : t('errors.generic')} />
      {error && <pre className="remote-error-detail">{error.message}</pre>}
      {onRetry && <Button label={t('common.retry')} icon="pi pi-refresh" onClick={onRetry} />}
    </div>
  );
}
