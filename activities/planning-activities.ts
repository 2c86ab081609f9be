import { withFailureMapping } from './activity-boundary.js';
import type { PlanPhaseInput, RunScope } from '../src/migration/contracts/workflow-types.js';
import type { EngineDeps } from '../src/migration/engine/engine.js';
import { planPhase } from '../src/migration/planning/plan-phase.js';
import { planTagOf } from '../src/migration/planning/plan-tags.js';

/** Planning's activities: a phase's units (local, no API call) and the execution's plan tag. */
export function createPlanningActivities(deps: EngineDeps) {
  return {
    planPhase: withFailureMapping((input: PlanPhaseInput) => planPhase(deps, input)),
    planTag: withFailureMapping((input: { scope: RunScope }) => planTagOf(deps, input)),
  };
}

export type PlanningActivities = ReturnType<typeof createPlanningActivities>;
