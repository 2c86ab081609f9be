import path from 'node:path';
import pLimit from 'p-limit';
import type { MigrationActivityDeps } from '../../activities/index.js';
import { executeUnit } from '../../src/migration/sending/execute-unit.js';
import { planPhase } from '../../src/migration/planning/plan-phase.js';
import { reconcileUnit } from '../../src/migration/sending/reconcile-unit.js';
import { readSnapshotPage } from '../../src/migration/workspace/workspace-snapshot.js';
import { stageExports } from '../../activities/staging-activities.js';
import {
  snapshotsOfStep,
  stepNames,
  stepPhases,
  type PhaseName,
} from '../../src/migration/contracts/steps.js';
import { fetchReport, verifyBooks } from '../../src/migration/verification/verify-books.js';
import type { MigrateLedgerInput, RunScope } from '../../src/migration/contracts/workflow-types.js';
import { workerSettings } from '../../src/config/worker-settings.js';
import { createMigrationDeps } from '../../src/worker/migration-deps.js';
import type { BenchStack } from './bench-stack.js';

/** The plain loop's dependencies: the bench stack's sandbox and profile, no rate limit. */
export function plainLoopDeps(stack: BenchStack): ReturnType<typeof createMigrationDeps> {
  return createMigrationDeps({
    ...workerSettings({
      LEDGERLIFT_RUNS_DIR: path.join(stack.dir, 'plain-runs'),
      LEDGERLIFT_SOURCES_ROOT: stack.dir,
    }),
    rateLimited: false,
    credentialsPath: stack.credentialsPath,
  });
}

/**
 * The same migration as the workflows, without Temporal: the same engine functions (one API call
 * per unit, the same plans, the same concurrency per step), called in a plain loop in this
 * process. Steps run one after the other. The baseline of the orchestration overhead benchmark.
 */
export async function runPlainLoop(
  deps: MigrationActivityDeps,
  input: MigrateLedgerInput & { batchSize: number; concurrency: number },
  /** Called after staging, after each phase is planned and run, and after verification. */
  onMilestone: (label: string) => void = () => undefined,
): Promise<{ verified: boolean }> {
  const stage = await stageExports(
    deps,
    {
      runName: input.runName,
      stageId: 'plain',
      source: input.source,
      cutoverDate: input.cutoverDate,
      ...(input.endDate ? { endDate: input.endDate } : {}),
      currency: input.currency ?? 'USD',
      batchSize: input.batchSize,
    },
    () => undefined,
  );
  onMilestone('staging');
  const scope: RunScope = {
    runName: input.runName,
    mode: 'live',
    stageId: stage.stageId,
    profile: input.profile,
  };
  const limit = pLimit(input.concurrency);
  for (const step of stepNames) {
    for (const resource of snapshotsOfStep[step]) {
      for (let page = 1, totalPages = 1; page <= totalPages; page += 1) {
        ({ totalPages } = await readSnapshotPage(deps, { scope, planId: 'plain', resource, page }));
      }
    }
    for (const phase of stepPhases[step] as readonly PhaseName[]) {
      const plan = await planPhase(deps, {
        scope,
        planId: 'plain',
        step,
        phase,
        batchSize: input.batchSize,
      });
      onMilestone(`${step}/${phase} planned`);
      await Promise.all(
        Array.from({ length: plan.units }, (_, index) =>
          limit(async () => {
            const unit = { step, phase, planId: 'plain', index };
            for (;;) {
              const result = await executeUnit(deps, { scope, unit });
              if (result.kind === 'done') return;
              for (let lookup = 0; lookup < result.lookups; lookup += 1) {
                for (let page: number | null = 1; page !== null;) {
                  ({ nextPage: page } = await reconcileUnit(deps, { scope, unit, lookup, page }));
                }
              }
            }
          }),
        ),
      );
      onMilestone(`${step}/${phase} done`);
    }
  }
  for (const report of ['trial-balance', 'aged-receivables', 'aged-payables'] as const) {
    await fetchReport(deps, { scope, report, asOf: stage.endDate });
  }
  const { verified } = await verifyBooks(deps, { scope });
  onMilestone('verification');
  return { verified };
}
