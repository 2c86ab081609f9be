import type { RunScope } from '../contracts/workflow-types.js';
import { unitId, type UnitRef } from '../contracts/steps.js';

/**
 * Where a scope keeps its parts. The live namespace is shared by every live run of a migration (so
 * re-runs and replays never duplicate); each dry run gets its own, seeded by the live one.
 */
export function scopeKeys(scope: RunScope) {
  const namespace = scope.mode === 'live' ? 'live' : `dry-run/${scope.stageId}`;
  return {
    namespace,
    outcomes: `outcomes/${namespace}`,
    liveOutcomes: 'outcomes/live',
    unit: (unit: UnitRef) => `units/${namespace}/${unitId(unit)}`,
    /** Everything planned under a plan id (its plans and unit pages). */
    plans: (planId: string) => `units/${namespace}/${planId}/`,
    unitPlan: (planId: string, step: string, phase: string) =>
      `units/${namespace}/${planId}/${step}/${phase}/plan`,
    /** A page of a phase's units (src/migration/planning/unit-pages.ts). */
    unitPage: (planId: string, step: string, phase: string, page: number) =>
      `units/${namespace}/${planId}/${step}/${phase}/pages/${String(page).padStart(6, '0')}`,
    attempt: (unit: UnitRef) => `attempts/${namespace}/${unitId(unit)}`,
    // Per stage: every workflow run reads the workspace afresh, never an older run's pages.
    snapshot: (resource: string) => `snapshots/${namespace}/${scope.stageId}/${resource}`,
    report: (name: string) => `reports/${namespace}/${scope.stageId}/${name}`,
  };
}
