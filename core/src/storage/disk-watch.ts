import { statfs } from 'node:fs/promises';

/** How often the data folder's free space is read (statfs: one system call). */
const CHECK_EVERY_MS = 5000;

export interface DiskWatch {
  /** Free space of the data folder is below the threshold (as of the last check, at most 5 s old). */
  readonly low: boolean;
  /** Bytes free at the last check (undefined where the platform cannot tell). */
  readonly freeBytes: number | undefined;
  /** Reads the free space now. */
  check(): Promise<void>;
  stop(): void;
}

/**
 * Watches the free space of the folder holding the SQLite file and the media (DATA_DIR): below `minFreeBytes`
 * (DISK_MIN_FREE_MB) inbound is refused with 503 before SQLite or a media write fails on a full disk, and
 * /api/health reports the disk degraded (the console's banner). `readFree` is replaceable for tests (a small disk).
 */
export function watchDisk(dir: string, minFreeBytes: number, log: { warn(o: object, m: string): void; info(o: object, m: string): void },
  readFree: (dir: string) => Promise<number | undefined> = async (d) => { const s = await statfs(d); return s.bavail * s.bsize; }): DiskWatch {
  let low = false;
  let freeBytes: number | undefined;
  const check = async () => {
    freeBytes = await readFree(dir).catch(() => undefined);
    const now = freeBytes !== undefined && freeBytes < minFreeBytes;
    if (now !== low) {
      if (now) log.warn({ dir, freeBytes, minFreeBytes }, 'disk space low: inbound refused until space is freed');
      else log.info({ dir, freeBytes }, 'disk space back above the threshold');
    }
    low = now;
  };
  const timer = setInterval(() => { void check(); }, CHECK_EVERY_MS);
  timer.unref();
  return {
    get low() { return low; },
    get freeBytes() { return freeBytes; },
    check,
    stop: () => clearInterval(timer),
  };
}
