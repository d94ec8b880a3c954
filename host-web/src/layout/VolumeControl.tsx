import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { Slider } from 'primereact/slider';
import { setVolume, useVolume } from './volume';

/** Volume 0 to 1, step 0.1, saved locally. */
export function VolumeControl() {
  const { t } = useTranslation();
  const volume = useVolume();
  const panel = useRef<OverlayPanel>(null);
  return (
    <>
      <Button text rounded icon={volume === 0 ? 'pi pi-volume-off' : 'pi pi-volume-up'} aria-label={t('topbar.volume')}
        onClick={(e) => panel.current?.toggle(e)} data-testid="volume-button" />
      <OverlayPanel ref={panel}>
        <div className="volume-panel">
          <span>{t('topbar.volume')}: {Math.round(volume * 100)}%</span>
          <Slider value={volume * 10} min={0} max={10} step={1} onChange={(e) => setVolume((e.value as number) / 10)} style={{ width: 160 }} />
        </div>
      </OverlayPanel>
    </>
  );
}
