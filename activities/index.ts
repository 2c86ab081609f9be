import { createMigrationActivities, type MigrationActivityDeps } from './migration.js';
import { createSmokeActivities } from './smoke.js';
import { createUndoActivities } from './undo.js';

/**
 * Builds every activity with its dependencies injected, so tests pass their own and the worker
 * passes real clients (the samples-typescript `createActivities(deps)` pattern).
 */
export function createActivities(deps: MigrationActivityDeps) {
  return {
    ...createSmokeActivities(),
    ...createMigrationActivities(deps),
    ...createUndoActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
