// `npx tsx bench/dry-run-profile.ts [small|medium|large]`, or under a CPU profile:
// `node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/dry-run-profile.ts medium`
//
// A dry run's engine functions called directly in this process, without Temporal: staging, the
// workspace snapshots, then each phase's plan (`planPhase`) and prediction (`predictUnits`, in the
// workflow's chunks), step after step, then verification, the exact counts and the report. Prints
// the time of each part and what it wrote to the run store (files and bytes), so a change is judged
// by counts and CPU profiles, not only by a wall time that other processes on the machine disturb.
// Each line also gives the live heap after a full collection (the generated records are let go
// first): what the engine keeps as the company grows.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { workerSettings } from '../src/config/worker-settings.js';
import {
  snapshotsOfStep,
  stepNames,
  stepPhases,
  type PhaseName,
} from '../src/migration/contracts/steps.js';
import type { RunScope } from '../src/migration/contracts/workflow-types.js';
import { planPhase } from '../src/migration/planning/plan-phase.js';
import { predictUnits } from '../src/migration/sending/predict-units.js';
import { readSnapshotPage } from '../src/migration/workspace/workspace-snapshot.js';
import { stageExports } from '../activities/staging-activities.js';
import { companySizes, generateCompany } from '../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../src/synthetic-company/write-generic-csv.js';
import { createMigrationDeps } from '../src/worker/migration-deps.js';
import { createReportingActivities } from '../activities/reporting-activities.js';
import { verifyBooks } from '../src/migration/verification/verify-books.js';
import { connectToSandbox } from '../src/dev/connect-sandbox.js';
import { freePort } from '../src/dev/free-port.js';
import { BENCH_PROFILE } from './support/bench-stack.js';
import { startChild } from './support/child.js';

setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;
/** The live heap in MiB, after a full collection. */
function liveHeapMiB(): string {
  collectGarbage();
  return `${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0)} MiB`;
}

const size = (process.argv[2] ?? 'medium') as keyof typeof companySizes;
/** The workflow's chunk of units per prediction activity (workflows/sending/predict-in-chunks.ts). */
const CHUNK_UNITS = 10_000;

async function filesUnder(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const name of await readdir(dir, { recursive: true })) {
    const info = await stat(path.join(dir, name));
    if (info.isFile()) {
      files += 1;
      bytes += info.size;
    }
  }
  return { files, bytes };
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-dry-profile-'));
const port = await freePort();
const sandbox = await startChild('sandbox/main.ts', ['--port', String(port)], {}, /listening on/);
try {
  const credentialsPath = path.join(dir, 'credentials.json');
  await connectToSandbox({
    baseUrl: `http://127.0.0.1:${port}`,
    profile: BENCH_PROFILE,
    credentialsPath,
  });
  const folder = path.join(dir, 'export');
  // Only the dates are kept: the records (1.4 GB at xlarge) are garbage once written.
  const company = await (async () => {
    const { records, cutoverDate, endDate } = generateCompany(companySizes[size], 7);
    await writeGenericCsv(records, folder);
    return { cutoverDate, endDate };
  })();
  console.log(`export written; live heap ${liveHeapMiB()}`);
  const runsDir = path.join(dir, 'runs');
  const deps = createMigrationDeps({
    ...workerSettings({ LEDGERLIFT_RUNS_DIR: runsDir, LEDGERLIFT_SOURCES_ROOT: dir }),
    rateLimited: false,
    credentialsPath,
  });
  const runName = `profile-${Date.now()}`;
  const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    console.log(
      `${label}: ${((performance.now() - started) / 1000).toFixed(2)} s; live heap ${liveHeapMiB()}`,
    );
    return result;
  };
  const stage = await timed('staging', () =>
    stageExports(
      deps,
      {
        runName,
        stageId: 'profile',
        source: { folder, format: 'generic' },
        cutoverDate: company.cutoverDate,
        endDate: company.endDate,
        currency: 'USD',
        batchSize: 25,
      },
      () => undefined,
    ),
  );
  const scope: RunScope = {
    runName,
    mode: 'dry-run',
    stageId: stage.stageId,
    profile: BENCH_PROFILE,
  };
  const afterStaging = await filesUnder(runsDir);
  let calls = 0;
  let units = 0;
  let planSeconds = 0;
  let predictSeconds = 0;
  for (const step of stepNames) {
    for (const resource of snapshotsOfStep[step]) {
      for (let page = 1, totalPages = 1; page <= totalPages; page += 1) {
        ({ totalPages } = await readSnapshotPage(deps, { scope, planId: 'p', resource, page }));
      }
    }
    for (const phase of stepPhases[step] as readonly PhaseName[]) {
      let started = performance.now();
      const plan = await planPhase(deps, { scope, planId: 'p', step, phase, batchSize: 25 });
      const planned = (performance.now() - started) / 1000;
      started = performance.now();
      for (let from = 0; from < plan.units; from += CHUNK_UNITS) {
        const to = Math.min(plan.units, from + CHUNK_UNITS);
        const input = { scope, planId: 'p', step, phase, from, to };
        const predicted = await predictUnits(deps, input, undefined);
        if (predicted.stoppedAt) throw new Error(`${step}/${phase} stopped at a unit`);
        calls += predicted.calls;
      }
      const predictedIn = (performance.now() - started) / 1000;
      planSeconds += planned;
      predictSeconds += predictedIn;
      units += plan.units;
      if (plan.units > 0) {
        console.log(
          `${step}/${phase}: ${plan.units} units, plan ${planned.toFixed(2)} s, predict ` +
            `${predictedIn.toFixed(2)} s (${((predictedIn * 1000) / plan.units).toFixed(2)} ms a unit); ` +
            `live heap ${liveHeapMiB()}`,
        );
      }
    }
  }
  // What the workflow does once every step is predicted: verify, count exactly, report.
  await timed('verifyBooks', () => verifyBooks(deps, { scope }));
  const reporting = createReportingActivities({
    ...deps,
    runFolder: (name) => path.join(runsDir, name),
    requestsPerMinute: 100,
  });
  await timed('summarizeRun', () => reporting.summarizeRun({ scope, steps: [...stepNames] }));
  await timed('writeReports', () =>
    reporting.writeReports({
      scope,
      progress: {
        runName,
        mode: 'dry-run',
        phase: 'completed',
        round: 0,
        steps: [],
        calls: { made: calls, remainingEstimate: 0 },
        pacePerMinute: 0,
        etaSeconds: null,
      },
      source: { folder, format: 'generic' },
      batchSize: 25,
    }),
  );
  const total = await filesUnder(runsDir);
  console.log(
    `planning ${planSeconds.toFixed(2)} s, prediction ${predictSeconds.toFixed(2)} s; ${units} units, ` +
      `${calls} calls the live run would make; run store files written after staging: ` +
      `${total.files - afterStaging.files} (${((total.bytes - afterStaging.bytes) / 1e6).toFixed(1)} MB), ` +
      `by staging: ${afterStaging.files}`,
  );
  await deps.close();
} finally {
  await sandbox.stop();
  await rm(dir, { recursive: true, force: true });
}
