import path from 'node:path';
import { Runtime } from '@temporalio/worker';
import { removeDevStackInfo, writeDevStackInfo } from '../../dev/dev-stack-file.js';
import { startEmbeddedStack } from '../../dev/embedded-stack.js';
import { CliError, exitCodes } from '../exit-codes.js';
import { sdkFileLogger } from '../../dev/sdk-log-file.js';
import { localDataDir } from '../../config/project-paths.js';

export interface DevOptions {
  data: string;
  port: string;
  uiPort?: string;
  sandboxPort: string;
  windowSeconds: string;
  /** Rehearse in a sandbox workspace in this currency (and --country), e.g. CAD and CA. */
  currency?: string;
  country?: string;
}

/**
 * `ledgerlift dev`: the whole embedded stack in one command (Temporal dev server with its Web UI,
 * the sandbox, a worker), running until Ctrl-C, with everything a consultant needs printed.
 */
export async function dev(options: DevOptions): Promise<number> {
  const dataDir = path.resolve(options.data);
  // The console is for the consultant here: the SDK's logs (the worker's lifecycle, activity
  // retries and their stack traces) go to a file, named below.
  // The worker runs as its own process and writes here (src/dev/embedded-stack.ts); this process's
  // own SDK logs (its client connections) go beside it.
  const logFile = path.join(dataDir, 'logs', 'worker.log');
  Runtime.install({ logger: sdkFileLogger(path.join(dataDir, 'logs', 'dev.log')) });
  const workspace = devWorkspace(options);
  const stack = await startEmbeddedStack({
    dataDir,
    temporalPort: Number(options.port),
    ...(options.uiPort ? { uiPort: Number(options.uiPort) } : {}),
    sandboxPort: Number(options.sandboxPort),
    sandboxDataFile: path.join(path.resolve(options.data), 'sandbox', 'state.json'),
    sandboxWindowMs: Number(options.windowSeconds) * 1000,
    ...(workspace ? { workspace } : {}),
  });
  // Commands of this checkout read this to default to the sandbox profile and link the Web UI.
  await writeDevStackInfo({
    address: stack.settings.address,
    namespace: stack.settings.namespace,
    taskQueue: stack.settings.taskQueue,
    ...(stack.temporal.uiUrl ? { uiUrl: stack.temporal.uiUrl } : {}),
    profile: stack.profile,
    credentialsPath: stack.worker.credentialsPath ?? path.join(dataDir, 'credentials.json'),
    runsDir: stack.worker.runsDir,
    logFile,
    pid: process.pid,
  });
  // Only a port that moved needs naming: the commands' defaults are the stack's usual ones.
  const env = [
    stack.settings.address === '127.0.0.1:7233'
      ? ''
      : `TEMPORAL_ADDRESS=${stack.settings.address} `,
    stack.worker.runsDir === path.join(localDataDir, 'runs')
      ? ''
      : `LEDGERLIFT_RUNS_DIR=${stack.worker.runsDir} `,
  ].join('');
  console.log(
    [
      'Ledgerlift is running:',
      `  Temporal Web UI   ${stack.temporal.uiUrl}`,
      `  Temporal          ${stack.settings.address} (task queue "${stack.settings.taskQueue}")`,
      `  Sandbox API       ${stack.sandbox.url} (profile "${stack.profile}", ${options.windowSeconds}-second rate window)`,
      `  Sandbox workspace ${stack.workspace.currency}, ${stack.workspace.country}${workspace ? '' : ' (another: ledgerlift dev --currency CAD --country CA)'}`,
      `  Runs and reports  ${stack.worker.runsDir}`,
      `  Logs              ${logFile} (worker, Temporal SDK); ${path.join(dataDir, 'temporal', 'server.log')} (Temporal server)`,
      '',
      `Try, in another terminal (profile "${stack.profile}" is the default against this stack):`,
      `  ${env}npx ledgerlift dry-run --name acme --source samples/demo-company-xero --format xero --cutover 2026-01-01 --end 2026-03-31`,
      '',
      `Ctrl-C stops everything (data stays in ${options.data}).`,
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  console.log('Stopping...');
  await removeDevStackInfo(stack.settings.address);
  await stack.stop();
  console.log('Stopped.');
  return exitCodes.ok;
}

/** Countries of the currencies a rehearsal most often needs, when only --currency is given. */
const countryOfCurrency: Record<string, string> = {
  USD: 'US',
  CAD: 'CA',
  GBP: 'GB',
  EUR: 'IE',
  AUD: 'AU',
  NZD: 'NZ',
};

function devWorkspace(options: DevOptions): { currency: string; country: string } | undefined {
  if (!options.currency && !options.country) return undefined;
  const currency = (options.currency ?? 'USD').toUpperCase();
  const country = (options.country ?? countryOfCurrency[currency])?.toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) {
    throw new CliError(`--currency must be an ISO 4217 code such as CAD (got "${currency}").`);
  }
  if (!country || !/^[A-Z]{2}$/.test(country)) {
    throw new CliError(
      `--country must be an ISO 3166 code such as CA${options.country ? ` (got "${options.country}")` : `: there is no default for ${currency}`}.`,
    );
  }
  return { currency, country };
}
