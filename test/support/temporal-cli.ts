import { findTemporalCli } from '../../src/dev/temporal-cli.js';
import type { TemporalSettings } from '../../src/config/temporal-settings.js';
import { runCommand } from './processes.js';

/** Runs the real `temporal` CLI against the test's server; answers its JSON output. */
export async function temporalCli(settings: TemporalSettings, args: string[]): Promise<unknown> {
  const cli = await findTemporalCli();
  if (!cli) throw new Error('no Temporal CLI: the global setup should have provided one');
  const result = await runCommand(cli.path, [
    ...args,
    '--address',
    settings.address,
    '--output',
    'json',
  ]);
  if (result.code !== 0)
    throw new Error(`temporal ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  return result.stdout.trim() ? (JSON.parse(result.stdout) as unknown) : undefined;
}
