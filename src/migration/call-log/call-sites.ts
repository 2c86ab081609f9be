import { snapshotsOfStep, stepNames, unitId, type StepName } from '../contracts/steps.js';
import type {
  ReconcileInput,
  RunScope,
  SnapshotInput,
  UnitInput,
} from '../contracts/workflow-types.js';
import type { CallSite } from './write-call-log.js';

/** The call log's name for the reports read to verify the books (not a migration step). */
const VERIFICATION_STEP = 'verification';

function base(scope: RunScope, attempt: number) {
  return { run: scope.runName, stage: scope.stageId, mode: scope.mode, attempt };
}

/** A unit's write (executeUnit). */
export function unitCallSite(input: UnitInput, attempt: number): CallSite {
  return {
    ...base(input.scope, attempt),
    step: input.unit.step,
    phase: input.unit.phase,
    unit: unitId(input.unit),
    purpose: 'write',
    ordinal: input.unit.index,
  };
}

/** A page of the listing a unit reconciles against. */
export function reconcileCallSite(input: ReconcileInput, attempt: number): CallSite {
  return { ...unitCallSite(input, attempt), purpose: 'reconcile' };
}

/** A page of the workspace snapshot a step reads before planning. */
export function snapshotCallSite(input: SnapshotInput, attempt: number): CallSite {
  return {
    ...base(input.scope, attempt),
    step: stepReading(input.resource),
    purpose: 'snapshot',
    ordinal: input.page,
  };
}

/** A report read to verify the books. */
export function reportCallSite(scope: RunScope, attempt: number): CallSite {
  return { ...base(scope, attempt), step: VERIFICATION_STEP, purpose: 'report', ordinal: 0 };
}

/** The call log's name for the read of which workspace a run's profile reaches. */
const WORKSPACE_BINDING_STEP = 'workspace-binding';

/** That read (src/migration/workspace/workspace-binding.ts): one call, before the workspace is touched. */
export function workspaceBindingCallSite(input: { scope: RunScope }, attempt: number): CallSite {
  return {
    ...base(input.scope, attempt),
    step: WORKSPACE_BINDING_STEP,
    purpose: 'snapshot',
    ordinal: 0,
  };
}

/** The call log's name for the reads an undo needs, taken before a live run's first write. */
const UNDO_SNAPSHOT_STEP = 'undo-snapshot';

/** A page of what the workspace held before the run (src/migration/undo/undo-snapshot.ts). */
export function undoSnapshotCallSite(
  input: { scope: RunScope; part: string; page: number },
  attempt: number,
): CallSite {
  return {
    ...base(input.scope, attempt),
    step: UNDO_SNAPSHOT_STEP,
    phase: input.part,
    purpose: 'snapshot',
    ordinal: input.page,
  };
}

function stepReading(resource: SnapshotInput['resource']): StepName | 'snapshot' {
  return stepNames.find((step) => snapshotsOfStep[step].includes(resource)) ?? 'snapshot';
}
