/** How a queue's waiting tickets find an agent (issue 30). `manual`: someone clicks Accept, as before. */
export const ASSIGNMENT_POLICIES = ['manual', 'round-robin', 'least-busy'] as const;
export type AssignmentPolicy = typeof ASSIGNMENT_POLICIES[number];

/** An agent of the queue who is online and not away, with what the choice weighs. */
export interface Candidate {
  id: number;
  /** Live tickets held now (open, and pending ones assigned to them), in every queue. */
  load: number;
  /** Most live tickets they may hold (their own cap, else the queue's); null: no limit. */
  cap: number | null;
  /** The company's assignment turn of their last ticket: the lowest waited longest. */
  lastTurn: number;
}

/**
 * The agent the next ticket goes to, or undefined when everyone is at their cap. Round-robin: the one given a
 * ticket longest ago; least-busy: the one holding fewest, then the one given a ticket longest ago. Ties go to the
 * lower id, so the choice is the same in every process.
 */
export function chooseAgent(policy: AssignmentPolicy, candidates: Candidate[]): Candidate | undefined {
  const free = candidates.filter((c) => c.cap === null || c.load < c.cap);
  const byTurn = (a: Candidate, b: Candidate) => a.lastTurn - b.lastTurn || a.id - b.id;
  free.sort(policy === 'least-busy' ? (a, b) => a.load - b.load || byTurn(a, b) : byTurn);
  return policy === 'manual' ? undefined : free[0];
}
