import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageLoader } from '../components/PageLoader';
import { dropRemote, remoteRouteComponent } from './loader';

/** One remote route: downloaded on first visit; a failure shows an error panel with Retry, never a blank page. */
export function RemoteRoute({ remote, path, title }: { remote: string; path: string; title: string }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const Component = remoteRouteComponent(remote, path);
  return (
    <ErrorBoundary
      resetKey={attempt}
      fallback={(error) => (
        <div className="remote-error" data-testid="remote-error">
          <Message severity="error" text={t('remote.failed', { name: title })} />
          <pre className="remote-error-detail">{error.message}</pre>
          <Button
            label={t('common.retry')}
            icon="pi pi-refresh"
            onClick={() => { dropRemote(remote); setAttempt((n) => n + 1); }}
          />
        </div>
      )}
    >
      <Suspense key={attempt} fallback={<PageLoader />}>
        <Component />
      </Suspense>
    </ErrorBoundary>
  );
}
