let ctx: AudioContext | null = null;

/** The console's notification volume (0–1), which the top bar's volume control saves under `volume`. */
function volume(): number {
  const raw = localStorage.getItem('volume');
  const v = Number(raw);
  return raw !== null && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1;
}

/** A short rising three-note chime, distinct from the ticket bell's two tones; silent at volume 0 or without audio. */
export function playChatChime() {
  const level = volume();
  if (level <= 0) return;
  try {
    ctx ??= new AudioContext();
    const now = ctx.currentTime;
    for (const [i, freq] of [660, 880, 990].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      const at = now + i * 0.09;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25 * level, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.18);
    }
  } catch { /* audio unavailable (autoplay policy): silent */ }
}
