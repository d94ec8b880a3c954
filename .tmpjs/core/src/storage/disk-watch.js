import { statfs } from "node:fs/promises";
const CHECK_EVERY_MS = 5e3;
function watchDisk(dir, minFreeBytes, log, readFree = async (d) => {
  const s = await statfs(d);
  return s.bavail * s.bsize;
}) {
  let low = false;
  let freeBytes;
  const check = async () => {
    freeBytes = await readFree(dir).catch(() => void 0);
    const now = freeBytes !== void 0 && freeBytes < minFreeBytes;
    if (now !== low) {
      if (now) log.warn({ dir, freeBytes, minFreeBytes }, "disk space low: inbound refused until space is freed");
      else log.info({ dir, freeBytes }, "disk space back above the threshold");
    }
    low = now;
  };
  const timer = setInterval(() => {
    void check();
  }, CHECK_EVERY_MS);
  timer.unref();
  return {
    get low() {
      return low;
    },
    get freeBytes() {
      return freeBytes;
    },
    check,
    stop: () => clearInterval(timer)
  };
}
export {
  watchDisk
};
