function createClock(factor = 1) {
  const scale = (ms) => Math.max(0, Math.round(ms * factor));
  return {
    factor,
    now: () => /* @__PURE__ */ new Date(),
    scale,
    after: (ms) => new Date(Date.now() + scale(ms))
  };
}
export {
  createClock
};
