import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import './i18n';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { PageLoader } from '../../components/PageLoader';

interface Help { id: number; title: string; video: string | null; description: string | null; link?: string | null }

/** A help entry's video is a YouTube code (a full URL is reduced to its code). */
export const videoCode = (video: string | null | undefined) => {
  if (!video) return '';
  const m = /(?:v=|youtu\.be\/|embed\/)([\w-]{6,})/.exec(video);
  return m ? m[1] : video.trim();
};

/** Help videos for everyone: cards with the video's thumbnail; a card opens the embedded player. */
export default function HelpsPage() {
  const { t } = useTranslation();
  const [helps, setHelps] = useState<Help[] | null>(null);
  const [playing, setPlaying] = useState<Help | null>(null);
  useEffect(() => { api.get<Help[]>('/helps/list').then(setHelps).catch((err) => { setHelps([]); toast.error(err); }); }, []);
  if (!helps) return <PageLoader />;
  return (
    <div data-testid="helps-page">
      <div className="page-header"><h2>{t('helps.title')}</h2></div>
      {helps.length === 0 && <p className="muted">{t('helps.empty')}</p>}
      <div className="cards-grid" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {helps.map((h) => {
          const code = videoCode(h.video);
          return (
            <Card key={h.id} title={h.title} data-testid="help-card"
              header={code ? (
                <button type="button" onClick={() => setPlaying(h)} aria-label={`${t('helps.watch')}: ${h.title}`} style={{ all: 'unset', cursor: 'pointer', display: 'block', position: 'relative' }}>
                  <img src={`https://img.youtube.com/vi/${encodeURIComponent(code)}/mqdefault.jpg`} alt="" style={{ width: '100%', display: 'block', aspectRatio: '16 / 9', objectFit: 'cover', background: 'var(--surface-ground)' }} />
                  <i className="pi pi-play-circle" style={{ position: 'absolute', inset: 0, margin: 'auto', height: '3rem', width: '3rem', fontSize: '3rem', color: '#fff', textShadow: '0 0 8px #000' }} />
                </button>
              ) : undefined}>
              {h.description && <p style={{ marginTop: 0, whiteSpace: 'pre-wrap' }}>{h.description}</p>}
              <div className="row-actions">
                {code ? <Button size="small" icon="pi pi-play" label={t('helps.watch')} onClick={() => setPlaying(h)} /> : <span className="muted">{t('helps.noVideo')}</span>}
                {h.link && <a href={h.link} target="_blank" rel="noreferrer">{t('helps.link')}</a>}
              </div>
            </Card>
          );
        })}
      </div>
      <Dialog header={playing?.title} visible={!!playing} onHide={() => setPlaying(null)} style={{ width: 'min(900px, 96vw)' }} dismissableMask>
        {playing && (
          <iframe title={playing.title} src={`https://www.youtube.com/embed/${encodeURIComponent(videoCode(playing.video))}?autoplay=1`} allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen
            style={{ width: '100%', aspectRatio: '16 / 9', border: 0 }} />
        )}
      </Dialog>
    </div>
  );
}
