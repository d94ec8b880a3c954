import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTranslations } from '../i18n';
import { HEALTH_POLL_DEGRADED_MS, HEALTH_POLL_MS, readHealth, type Dependency } from './health';

addTranslations({
  en: { health: {
    banner: 'The server is degraded: {{list}}. Messages and jobs may be delayed; it recovers by itself when the dependency is back.',
    database: 'database unavailable', redis: 'Redis unavailable', disk: 'disk almost full', jobs: 'job queue unavailable',
  } },
  pt: { health: {
    banner: 'O servidor está degradado: {{list}}. Mensagens e tarefas podem atrasar; ele se recupera sozinho quando a dependência voltar.',
    database: 'banco de dados indisponível', redis: 'Redis indisponível', disk: 'disco quase cheio', jobs: 'fila de tarefas indisponível',
  } },
  es: { health: {
    banner: 'El servidor está degradado: {{list}}. Los mensajes y las tareas pueden retrasarse; se recupera solo cuando la dependencia vuelva.',
    database: 'base de datos no disponible', redis: 'Redis no disponible', disk: 'disco casi lleno', jobs: 'cola de tareas no disponible',
  } },
});

/**
 * For admins (and the super user): a banner while `/api/health` reports a dependency degraded, gone once it recovers
 * (docs/operations.md "What the operator sees"). Polled, see health.ts.
 */
export function HealthBanner() {
  const { t } = useTranslation();
  const [degraded, setDegraded] = useState<Dependency[]>([]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown: Dependency[] = [];
    const look = async () => {
      const now = await readHealth();
      if (stopped) return;
      if (now) { shown = now; setDegraded(now); }
      timer = setTimeout(() => void look(), shown.length ? HEALTH_POLL_DEGRADED_MS : HEALTH_POLL_MS);
    };
    void look();
    return () => { stopped = true; clearTimeout(timer); };
  }, []);

  if (!degraded.length) return null;
  return (
    <div className="health-banner" role="alert" data-testid="health-banner" data-degraded={degraded.join(' ')}>
      {t('health.banner', { list: degraded.map((name) => t(`health.${name}`)).join(', ') })}
    </div>
  );
}
