import { Context } from '@temporalio/activity';
import { withFailureMapping } from './activity-boundary.js';
import {
  confineSource,
  SourceFolderMissing,
  sourceFolderProblem,
} from '../src/migration/staging/confine-source.js';
import type {
  MigrateLedgerInput,
  StageInput,
  StageSummary,
} from '../src/migration/contracts/workflow-types.js';
import type { EngineDeps } from '../src/migration/engine/engine.js';
import { stageLedger } from '../src/migration/staging/stage-ledger.js';
import type { ExportsReader } from '../src/migration/staging/validated-exports.js';

/** What staging's activities need besides the engine's dependencies. */
export interface StagingActivityDeps extends EngineDeps {
  readValidatedExports: ExportsReader;
  /** The worker's sources root (the reader is confined to it), checked before the first API call. */
  sourcesRoot?: string;
}

/** Stages the source into the run store and answers its counts (never rows). */
export async function stageExports(
  deps: EngineDeps & { readValidatedExports: ExportsReader },
  input: StageInput,
  onProgress: (rowsRead: number) => void,
): Promise<StageSummary> {
  const store = await deps.openStore(input.runName);
  const manifest = await stageLedger(
    deps.readValidatedExports(input),
    store,
    {
      stageId: input.stageId,
      cutoverDate: input.cutoverDate,
      ...(input.endDate ? { endDate: input.endDate } : {}),
      baseCurrency: input.currency,
      batchSize: input.batchSize,
    },
    onProgress,
  );
  const pick = <K extends 'rows' | 'skipped'>(field: K) =>
    Object.fromEntries(
      Object.entries(manifest.steps).map(([step, counts]) => [step, counts[field]]),
    ) as StageSummary[K];
  return {
    stageId: manifest.stageId,
    endDate: manifest.endDate,
    rows: pick('rows'),
    skipped: pick('skipped'),
    estimatedCalls: manifest.estimatedCalls,
    problems: manifest.problems,
    blocking: manifest.blocking,
    ...(manifest.leftOut ? { leftOut: manifest.leftOut } : {}),
  };
}

/** Staging's activities: read, check and stage the exports; confirm a source may be read at all. */
export function createStagingActivities(deps: StagingActivityDeps) {
  return {
    stageExports: withFailureMapping((input: StageInput) =>
      stageExports(deps, input, (rowsRead) => Context.current().heartbeat({ rowsRead })),
    ),
    // Asked before the workspace is first read (the run's workspace check): a source outside the
    // sources root is refused before the first API call, as staging refuses it, and so is a folder
    // that is not there: the run fails at once instead of migrating nothing.
    confirmSource: withFailureMapping(async (input: { source: MigrateLedgerInput['source'] }) => {
      const { folder } =
        deps.sourcesRoot === undefined
          ? input.source
          : await confineSource(input.source, deps.sourcesRoot);
      const problem = await sourceFolderProblem(folder);
      if (problem !== undefined) {
        throw new SourceFolderMissing(
          `${problem} (as this worker sees it): the run reads nothing from it. Check the source folder (source.folder in the Web UI's input, --source on the command line); docs/web-ui.md says which path the worker sees.`,
        );
      }
    }),
  };
}

export type StagingActivities = ReturnType<typeof createStagingActivities>;
