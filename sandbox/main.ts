import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { mergeConfig, type SandboxConfig } from './sandbox-config.js';
import { startSandbox } from './index.js';

function integer(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('expected a non-negative integer');
  return Number(value);
}

interface CliOptions {
  port: number;
  host: string;
  data?: string;
  config?: string;
  windowMs?: number;
  rateLimit: boolean;
  allowLoopbackWebhooks?: boolean;
}

/** `npm run sandbox -- --port 4010 [--host] [--data file] [--config file] ...` */
async function main(): Promise<void> {
  const program = new Command()
    .name('sandbox')
    .description('Partner Accounting API sandbox: a stateful, double-entry emulator.')
    .option('--port <n>', 'port to listen on (0 = a free port)', integer, 4010)
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--data <file>', 'persist state to this JSON file across restarts')
    .option('--config <file>', 'JSON file with apps, workspaces, limits (merged over the defaults)')
    .option('--window-ms <n>', 'rate-limit window in milliseconds', integer)
    .option('--no-rate-limit', 'turn the rate limit off (benchmarks)')
    .option('--allow-loopback-webhooks', 'accept http://127.0.0.1 and localhost callback URLs')
    .parse();
  const options = program.opts<CliOptions>();
  const fileConfig = options.config
    ? (JSON.parse(readFileSync(options.config, 'utf8')) as Partial<SandboxConfig>)
    : {};
  const config = mergeConfig(fileConfig);
  if (options.windowMs !== undefined) config.limits.windowMs = options.windowMs;
  if (!options.rateLimit) config.limits.requestsPerWindow = null;
  if (options.allowLoopbackWebhooks) config.allowLoopbackWebhooks = true;
  const sandbox = await startSandbox({
    port: options.port,
    host: options.host,
    config,
    dataFile: options.data,
  });
  process.stdout.write(`Partner API sandbox listening on ${sandbox.url}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`sandbox: failed to stop cleanly: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
