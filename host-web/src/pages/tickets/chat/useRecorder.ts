import { useRef, useState } from 'react';
import { keepRecording } from '../rules';

/** Audio recording: idle → recording → sent or cancelled; recordings under 10 000 bytes are dropped silently. */
export function useRecorder(onRecorded: (file: File) => void) {
  const [recording, setRecording] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const cancelled = useRef(false);

  const start = async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mime = ['audio/mpeg', 'audio/ogg; codecs=opus', 'audio/webm'].find((m) => MediaRecorder.isTypeSupported?.(m));
    const rec = new MediaRecorder(stream, { mimeType: mime, audioBitsPerSecond: 128_000 });
    const chunks: Blob[] = [];
    cancelled.current = false;
    rec.ondataavailable = (e) => chunks.push(e.data);
    rec.onstop = () => {
      stream.getTracks().forEach((tr) => tr.stop());
      const blob = new Blob(chunks, { type: rec.mimeType || 'audio/webm' });
      if (!cancelled.current && keepRecording(blob.size)) {
        const ext = blob.type.includes('mpeg') ? 'mp3' : blob.type.includes('ogg') ? 'ogg' : 'webm';
        onRecorded(new File([blob], `audio-${Date.now()}.${ext}`, { type: blob.type }));
      }
      setRecording(false);
    };
    rec.start();
    recorder.current = rec;
    setRecording(true);
  };
  const stop = () => recorder.current?.stop();
  const cancel = () => { cancelled.current = true; recorder.current?.stop(); };
  return { recording, start, stop, cancel };
}
