import type { ContinueAsNewOptions } from '@temporalio/workflow';

/**
 * How every long workflow continues as new: the next run starts on the current build of the
 * worker deployment, where a run otherwise stays pinned to the build it started on
 * (docs/temporal-notes.md, "Versioning"). Temporal Server 1.29, which the dev server and
 * docker-compose.yml run, does not know this option yet and keeps the next run on its build.
 */
export const onCurrentBuild: ContinueAsNewOptions = { initialVersioningBehavior: 'AUTO_UPGRADE' };
