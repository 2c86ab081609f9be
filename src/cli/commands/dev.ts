import path from 'node:path';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { startEmbeddedStack } from '../../dev/embedded-stack.js';
import { CliError, exitCodes } from '../exit-codes.js';

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
  // The console is for the consultant here: the SDK's lifecycle chatter stays below warnings.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const workspace = devWorkspace(options);
  const stack = await startEmbeddedStack({
    dataDir: path.resolve(options.data),
    temporalPort: Number(options.port),
    ...(options.uiPort ? { uiPort: Number(options.uiPort) } : {}),
    sandboxPort: Number(options.sandboxPort),
    sandboxDataFile: path.join(path.resolve(options.data), 'sandbox', 'state.json'),
    sandboxWindowMs: Number(options.windowSeconds) * 1000,
    ...(workspace ? { workspace } : {}),
  });
  const env = `TEMPORAL_ADDRESS=${stack.settings.address} LEDGERLIFT_RUNS_DIR=${stack.worker.runsDir}`;
  console.log(
    [
      'Ledgerlift is running:',
      `  Temporal Web UI   ${stack.temporal.uiUrl}`,
      `  Temporal          ${stack.settings.address} (task queue "${stack.settings.taskQueue}")`,
      `  Sandbox API       ${stack.sandbox.url} (profile "${stack.profile}", ${options.windowSeconds}-second rate window)`,
      `  Sandbox workspace ${stack.workspace.currency}, ${stack.workspace.country}${workspace ? '' : ' (another: ledgerlift dev --currency CAD --country CA)'}`,
      `  Runs and reports  ${stack.worker.runsDir}`,
      '',
      'Try, in another terminal:',
      `  ${env} npx ledgerlift dry-run --name acme --source samples/demo-company-xero --format xero --cutover 2026-01-01 --end 2026-03-31 --profile ${stack.profile}`,
      '',
      `Ctrl-C stops everything (data stays in ${options.data}).`,
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  console.log('Stopping...');
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
