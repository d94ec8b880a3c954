import { getVolume } from './volume';

let ctx: AudioContext | null = null;

/** A short two-tone chime at the chosen volume (no audio file to download). */
export function playNotificationSound() {
  const volume = getVolume();
  if (volume <= 0) return;
  try {
    ctx ??= new AudioContext();
    const now = ctx.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.3 * volume, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.2);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.22);
    }
  } catch { /* audio unavailable (autoplay policy): silent */ }
}
