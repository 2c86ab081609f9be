// `npm run demo`: with nothing running, starts the embedded stack (Temporal dev server with its Web
// UI, the Partner API sandbox, a worker), migrates the bundled sample company (Xero exports) with a
// dry run and then a live run, prints the verification and the report, and stops.
import path from 'node:path';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { startRun } from '../src/cli/commands/start-run.js';
import { localDataDir, projectRoot } from '../src/config/project-paths.js';
import { startEmbeddedStack } from '../src/dev/embedded-stack.js';
import { demoCompany } from '../src/synthetic-company/demo-company.js';

Runtime.install({ logger: new DefaultLogger('WARN') });

// The demo counts the sandbox's 100 requests over 10 s instead of 60 s, so it takes about two
// minutes instead of twelve; Ledgerlift paces itself to whatever the limit is.
const windowSeconds = 10;
console.log(
  'Starting Temporal (building its CLI with Go the first time), the sandbox and a worker...',
);
const stack = await startEmbeddedStack({
  dataDir: path.join(localDataDir, 'demo'),
  sandboxWindowMs: windowSeconds * 1000,
});
console.log(
  `Temporal Web UI: ${stack.temporal.uiUrl}   Sandbox: ${stack.sandbox.url} (100 requests per ${windowSeconds} s)`,
);

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
const options = {
  name: `demo-${stamp}`,
  source: path.resolve(projectRoot, demoCompany.folder),
  format: demoCompany.format,
  cutover: demoCompany.cutoverDate,
  end: demoCompany.endDate,
  currency: demoCompany.currency,
  profile: stack.profile,
  batchSize: '25',
  finishWhenClean: true,
  address: stack.settings.address,
  taskQueue: stack.settings.taskQueue,
};
let exitCode = 1;
try {
  console.log(
    `\n1/2 Dry run of ${options.source} (${options.format} exports): nothing is written.`,
  );
  const dry = await startRun('dry-run', options);
  if (dry === 0) {
    console.log(
      '\n2/2 Live run: the same plan, executed, then verified against the legacy trial balance.',
    );
    exitCode = await startRun('live', options);
  }
  console.log(
    exitCode === 0
      ? `\nDone. Open the report in a browser (the path above), or: npx ledgerlift report ${options.name} --open` +
          ` (with LEDGERLIFT_RUNS_DIR=${stack.worker.runsDir})`
      : '\nThe demo did not verify cleanly; the report above says why.',
  );
} finally {
  await stack.stop();
}
process.exit(exitCode);
