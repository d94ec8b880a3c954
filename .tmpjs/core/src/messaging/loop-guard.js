const LOOP_CAP = 20;
const LOOP_WINDOW_MS = 6e4;
const SWEEP_EVERY = 1e3;
function createLoopGuard(now = Date.now) {
  const recent = /* @__PURE__ */ new Map();
  const stopped = /* @__PURE__ */ new Set();
  let sinceSweep = 0;
  const sweep = (at) => {
    for (const [ticketId, times] of recent) if (at - times[times.length - 1] >= LOOP_WINDOW_MS) recent.delete(ticketId);
  };
  return {
    person(ticketId) {
      recent.delete(ticketId);
      stopped.delete(ticketId);
    },
    automated(ticketId) {
      if (stopped.has(ticketId)) return "stopped";
      const at = now();
      if (++sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0;
        sweep(at);
      }
      const times = (recent.get(ticketId) ?? []).filter((time) => at - time < LOOP_WINDOW_MS);
      times.push(at);
      if (times.length <= LOOP_CAP) {
        recent.set(ticketId, times);
        return "ok";
      }
      recent.delete(ticketId);
      stopped.add(ticketId);
      return "tripped";
    }
  };
}
export {
  LOOP_CAP,
  LOOP_WINDOW_MS,
  createLoopGuard
};
