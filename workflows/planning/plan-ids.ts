/**
 * The plan id of a pass: round 0 is the first pass (`main`), round n a replay round
 * (`replay-<n>`). An execution that is not the run name's first to plan adds its tag
 * (src/migration/planning/plan-tags.ts), so it plans afresh instead of answering an earlier
 * execution's stored plans.
 */
export function planIdOf(round: number, tag: string | undefined): string {
  const base = round === 0 ? 'main' : `replay-${round}`;
  return tag === undefined ? base : `${base}-${tag}`;
}
