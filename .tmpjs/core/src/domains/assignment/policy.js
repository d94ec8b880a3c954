const ASSIGNMENT_POLICIES = ["manual", "round-robin", "least-busy"];
function chooseAgent(policy, candidates) {
  const free = candidates.filter((c) => c.cap === null || c.load < c.cap);
  const byTurn = (a, b) => a.lastTurn - b.lastTurn || a.id - b.id;
  free.sort(policy === "least-busy" ? (a, b) => a.load - b.load || byTurn(a, b) : byTurn);
  return policy === "manual" ? void 0 : free[0];
}
export {
  ASSIGNMENT_POLICIES,
  chooseAgent
};
