import { createPlanningActivities, type PlanningActivities } from './planning-activities.js';
import {
  createReportingActivities,
  type ReportingActivities,
  type ReportingActivityDeps,
} from './reporting-activities.js';
import {
  createSendingActivities,
  type SendingActivities,
  type SendingActivityDeps,
} from './sending-activities.js';
import {
  createStagingActivities,
  type StagingActivities,
  type StagingActivityDeps,
} from './staging-activities.js';
import { createUndoActivities, type UndoActivityDeps } from './undo-activities.js';
import {
  createVerificationActivities,
  type VerificationActivities,
} from './verification-activities.js';
import { createWorkspaceActivities, type WorkspaceActivities } from './workspace-activities.js';
import { keptAlive } from './activity-boundary.js';
import { createSmokeActivities } from './smoke-activities.js';

/** Every activity's dependencies: the worker passes the real run store, API client and readers. */
export interface MigrationActivityDeps
  extends StagingActivityDeps, SendingActivityDeps, ReportingActivityDeps, UndoActivityDeps {}

/** The migration's activities, as workflows/activity-proxies.ts proxies them. */
export type MigrationActivities = StagingActivities &
  PlanningActivities &
  SendingActivities &
  WorkspaceActivities &
  VerificationActivities &
  ReportingActivities;

/**
 * Builds every activity with its dependencies injected, so tests pass their own and the worker
 * passes real clients (the samples-typescript `createActivities(deps)` pattern). Each concept's
 * factory sits beside this file (`activities/<concept>-activities.ts`). Every activity
 * heartbeats while it runs (activities/activity-boundary.ts), but staging and a dry run's
 * predictions, which heartbeat their progress.
 */
export function createActivities(deps: MigrationActivityDeps) {
  return keptAlive(
    {
      ...createSmokeActivities(),
      ...createStagingActivities(deps),
      ...createPlanningActivities(deps),
      ...createSendingActivities(deps),
      ...createWorkspaceActivities(deps),
      ...createVerificationActivities(deps),
      ...createReportingActivities(deps),
      ...createUndoActivities(deps),
    },
    ['stageExports', 'predictUnits'],
  );
}

export type Activities = ReturnType<typeof createActivities>;
