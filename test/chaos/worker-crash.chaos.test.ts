import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stepNames, stepPhases, type StepName } from '../../src/migration/contracts/steps.js';
import type { RunProgress } from '../../src/migration/contracts/workflow-types.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { progressQuery } from '../../workflows/handlers.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
  liveRun,
} from '../support/migration-stack.js';
import type { RunningProcess } from '../support/processes.js';
import { waitForWorkflow } from '../support/wait.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { chaosRandom } from './support/chaos-random.js';
import { crashCompany } from './support/chaos-companies.js';
import { resultWithin } from './support/diagnose.js';
import { describeFailedRows, liveOutcomes, reconciled } from './support/outcomes.js';
import { summary } from './support/summary.js';
import { expectRunHeld } from './support/workspace-audit.js';

/** The phases of each step that hold units for this company (the others plan none). */
const phasesWithUnits: Record<StepName, readonly string[]> = {
  accounts: ['create'],
  customers: ['create'],
  vendors: ['create'],
  products: ['create'],
  'opening-balance': ['cutover', 'publish'],
  invoices: ['create', 'reclassify-tax'],
  bills: ['create'],
  'bank-transactions': ['create'],
  payments: ['create', 'split', 'assign'],
  'journal-entries': [],
};

/** The steps this company gives units to: the ones a kill can hit. */
const stepsWithUnits = stepNames.filter((step) => phasesWithUnits[step].length > 0);

/** Where a kill is aimed: a phase of a step, and how far into it (a share of its units). */
interface KillTarget {
  step: StepName;
  phase: string;
  share: number;
}

interface Kill {
  target: StepName;
  /** Steps with units still in flight when the worker died: the kill hit each of them. */
  hit: Array<{ step: StepName; phase: string; done: number; total: number }>;
}

function midFlight(progress: RunProgress) {
  return progress.steps
    .filter((s) => s.status === 'running' && s.phase && s.units.total > 0)
    .filter((s) => s.units.done < s.units.total)
    .map((s) => ({
      step: s.step,
      phase: s.phase as string,
      done: s.units.done,
      total: s.units.total,
    }));
}

// A round's own waits are bounded (each kill point within 120 s, the run's end within 150 s after
// the last kill). On a loaded machine a round ran past vitest's 300 s (vitest.chaos.config.ts) while
// every bound inside it held, so a round gets three times the longest round seen on a loaded machine.
const roundTimeoutMs = 900_000;

describe('worker SIGKILLed at random points in every step', () => {
  let stack: MigrationStack | undefined;
  const workers: RunningProcess[] = [];

  // A fresh workspace per round: a second run in the same one would match the first run's records.
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop('SIGKILL');
    await stack?.close();
    stack = undefined;
  });

  /** Steps hit by a kill with units in flight, over every round so far. */
  const hitOverall = new Set<StepName>();

  /** One round: a company, a worker killed at a random point of each step in `aimAt`. */
  async function crashRound(round: number, companySeed: number, aimAt: readonly StepName[]) {
    const current = (stack = await startMigrationStack({ inProcessWorkers: false }));
    const company = generateCompany(crashCompany, companySeed);
    const folder = path.join(current.dir, 'exports');
    await writeGenericCsv(company.records, folder);
    const random = chaosRandom(`worker-crash round ${round}`);
    const targets: KillTarget[] = aimAt.map((step) => ({
      step,
      phase: random.pick(phasesWithUnits[step]),
      share: random.next(),
    }));
    // Slow writes keep calls on the wire, so kills land while some are in flight (their writes
    // commit after the worker died).
    const { admin } = current.sandbox;
    for (const method of ['POST', 'PUT', 'PATCH']) {
      admin.setFault({ method, path: '/partners/*', latencyMs: 120 });
    }
    // Steps with few units (or bulk calls) get a wider window; the opening balance, two units
    // of one call each, the widest.
    for (const [method, route, latencyMs] of [
      ['POST', '/partners/chart-of-accounts/bulk', 500],
      ['POST', '/partners/customers/bulk', 500],
      ['POST', '/partners/vendors', 500],
      ['POST', '/partners/products', 500],
      ['PATCH', '/partners/workspace', 1200],
      ['POST', '/partners/opening-balance', 1200],
      ['POST', '/partners/transactions/bulk', 500],
      ['PUT', '/partners/transactions/*', 500],
    ] as const) {
      admin.setFault({ method, path: route, latencyMs });
    }

    workers.push(await startWorkerProcess(current));
    const runName = uniqueRunName('crash');
    const handle = await current.start({
      ...liveRun(company, folder, runName),
      batchSize: 2,
      concurrency: 2,
    });
    const started = Date.now();
    const kills: Kill[] = [];
    const missed: StepName[] = [];
    const pending = new Map(targets.map((target) => [target.step, target]));
    // A query waits on the dead worker's sticky queue for a while after a kill: a short deadline
    // and a retry keep the view of the run fresh.
    const progressNow = () =>
      current.client.withDeadline(Date.now() + 1500, () => handle.query(progressQuery));

    while (pending.size > 0) {
      // A kill must come after the current worker made progress of its own (it answered for
      // API calls since it took over), not while it is still starting up.
      let callsAtTakeover: number | undefined;
      const aimed = await waitForWorkflow(
        `a kill point in ${[...pending.keys()].join(', ')}`,
        handle,
        async () => {
          const progress = await progressNow();
          callsAtTakeover ??= progress.calls.made;
          const fresh = progress.calls.made > callsAtTakeover || kills.length === 0;
          for (const target of [...pending.values()]) {
            const step = progress.steps.find((s) => s.step === target.step);
            if (!step) continue;
            if (step.status === 'done') {
              pending.delete(target.step);
              missed.push(target.step);
              continue;
            }
            if (step.status !== 'running' || !step.phase || step.units.total === 0) continue;
            if (step.units.done >= step.units.total) continue;
            const order = stepPhases[target.step] as readonly string[];
            const phaseIndex = order.indexOf(step.phase);
            const aimedIndex = order.indexOf(target.phase);
            if (phaseIndex < aimedIndex) continue;
            // Past the aimed phase (it went by while the worker was down): any point will do.
            const k =
              phaseIndex > aimedIndex
                ? 0
                : Math.min(step.units.total - 1, Math.floor(target.share * step.units.total));
            if (fresh && step.units.done >= k) return { progress, target };
          }
          return pending.size === 0 ? { progress, target: undefined } : false;
        },
        { timeoutMs: 120_000 },
      );
      if (!aimed.target) break;
      const victim = workers[workers.length - 1] as RunningProcess;
      await victim.stop('SIGKILL');
      const hit = midFlight(aimed.progress);
      kills.push({ target: aimed.target.step, hit });
      for (const step of hit) pending.delete(step.step);
      console.log(
        `CHAOS kill ${kills.length} aimed at ${aimed.target.step}: ` +
          hit.map((s) => `${s.step}/${s.phase} ${s.done}/${s.total}`).join(', '),
      );
      workers.push(await startWorkerProcess(current));
    }

    const outcome = await resultWithin(
      current.client,
      handle.workflowId,
      handle.result(),
      150_000,
      () => describeFailedRows(current.worker.runsDir, runName),
    );
    const seconds = Math.round((Date.now() - started) / 1000);
    const audit = await expectRunHeld(
      outcome,
      current.sandbox,
      current.worker.credentialsPath as string,
      company,
    );
    const hitSteps = new Map<StepName, number>();
    for (const kill of kills) {
      for (const hit of kill.hit) hitSteps.set(hit.step, (hitSteps.get(hit.step) ?? 0) + 1);
    }
    const matched = reconciled(await liveOutcomes(current.worker.runsDir, runName));
    summary(`worker-crash round ${round}`, {
      seed: random.seed,
      companySeed,
      kills: kills.length,
      stepsHit: `${hitSteps.size}/${stepsWithUnits.length}`,
      hitsPerStep: Object.fromEntries(hitSteps),
      missedTargets: missed.join(',') || 'none',
      workerStarts: workers.length,
      reconciledRows: matched.length,
      duplicates: audit.duplicates.length,
      gaps: audit.gaps.length,
      runSeconds: seconds,
    });
    for (const step of hitSteps.keys()) hitOverall.add(step);
    for (const worker of workers.splice(0)) await worker.stop('SIGKILL');
    await stack?.close();
    stack = undefined;
  }

  // Three rounds, three companies, independent kill points at every step.
  it.each([
    { round: 1, companySeed: 41 },
    { round: 2, companySeed: 43 },
    { round: 3, companySeed: 47 },
  ])(
    'round $round: no duplicate, no gap, books verified after a kill in each step',
    async ({ round, companySeed }) => crashRound(round, companySeed, stepsWithUnits),
    roundTimeoutMs,
  );

  // A step can finish before its kill lands (a kill is aimed from the progress read after each
  // event of the run):
  // rounds aimed at the steps no kill has hit yet follow, up to three, until every step was hit
  // with units in flight. Where a kill lands is random; that every step is hit is not.
  it(
    'every step has been hit by a kill with units in flight',
    async () => {
      for (let extra = 1; extra <= 3; extra += 1) {
        const missing = stepsWithUnits.filter((step) => !hitOverall.has(step));
        if (missing.length === 0) break;
        await crashRound(3 + extra, 47 + 2 * extra, missing);
      }
      expect([...hitOverall].sort()).toEqual([...stepsWithUnits].sort());
    },
    3 * roundTimeoutMs,
  );
});
