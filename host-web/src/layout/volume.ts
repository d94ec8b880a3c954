import { useSyncExternalStore } from 'react';

const KEY = 'volume';
const read = () => {
  const v = Number(localStorage.getItem(KEY));
  return localStorage.getItem(KEY) !== null && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1;
};
let volume = read();
const listeners = new Set<() => void>();

/** The notification volume, 0 to 1 in steps of 0.1, saved locally. */
export function setVolume(v: number) {
  volume = Math.round(Math.min(1, Math.max(0, v)) * 10) / 10;
  localStorage.setItem(KEY, String(volume));
  for (const l of listeners) l();
}
export const getVolume = () => volume;
export const useVolume = () => useSyncExternalStore((l) => { listeners.add(l); return () => { listeners.delete(l); }; }, () => volume);
