// `ledgerlift dev` as a new user meets it: the README's commands as written (no --profile), a
// missing profile named with those that exist, the SDK's logs in a file rather than the terminal,
// and Ctrl-C while `ledgerlift run` follows a run, which goes on in Temporal.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodes } from '../../src/cli/exit-codes.js';
import { devStackFile } from '../../src/dev/dev-stack-file.js';
import { freePort } from '../../src/dev/free-port.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { pauseSignal } from '../../workflows/handlers.js';
import { runCli } from '../support/cli.js';
import { startProgram, type RunningProcess } from '../support/processes.js';

describe('ledgerlift dev', () => {
  let dev: RunningProcess | undefined;
  let dir: string;
  let port: number;
  let uiPort: number;
  let exports: string;
  let env: NodeJS.ProcessEnv;
  const company = generateCompany(
    {
      customers: 3,
      vendors: 2,
      products: 2,
      invoices: 6,
      bills: 3,
      bankTransactions: 3,
      paidShare: 0.5,
    },
    3,
  );
  const source = () => [
    '--source',
    exports,
    '--format',
    'generic',
    '--cutover',
    company.cutoverDate,
    '--end',
    company.endDate,
  ];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-dev-'));
    const sandboxPort = await freePort();
    [port, uiPort] = [await freePort(), await freePort()];
    dev = startProgram(
      'src/cli/main.ts',
      [
        'dev',
        '--data',
        dir,
        '--port',
        String(port),
        '--ui-port',
        String(uiPort),
        '--sandbox-port',
        String(sandboxPort),
        '--window-seconds',
        '5',
      ],
      {},
      { group: true },
    );
    await dev.waitFor(/Ctrl-C stops everything/);
    exports = path.join(dir, 'exports');
    await writeGenericCsv(company.records, exports);
    // Only what `ledgerlift dev` prints to add: its port is not the usual one.
    env = { TEMPORAL_ADDRESS: `127.0.0.1:${port}`, LEDGERLIFT_RUNS_DIR: path.join(dir, 'runs') };
  });
  afterAll(async () => {
    // Normally already stopped by Ctrl-C; after a failure, the whole group (the dev server too).
    await dev?.stop('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('starts Temporal with its Web UI, the sandbox and a worker, and says where the logs are', async () => {
    expect(dev?.output()).toContain(`Temporal Web UI   http://127.0.0.1:${uiPort}`);
    expect(dev?.output()).toContain(`Logs              ${path.join(dir, 'logs', 'worker.log')}`);
    expect((await fetch(`http://127.0.0.1:${uiPort}/`)).status).toBe(200);
    // The example it prints runs as written: no --profile.
    expect(dev?.output()).toMatch(/npx ledgerlift dry-run --name acme .*--end 2026-03-31\n/);
  });

  it('runs the README commands as written: the sandbox profile is the default', async () => {
    const dry = await runCli(['dry-run', '--name', 'dev-check', ...source(), '--quiet'], env);
    expect(dry.stdout + dry.stderr).toContain('the books will verify');
    expect(dry.code).toBe(0);
  });

  it('names the profiles that exist when --profile names none of them', async () => {
    const dry = await runCli(
      ['dry-run', '--name', 'dev-acme', ...source(), '--profile', 'acme', '--quiet'],
      env,
    );
    expect(dry.stderr).toContain('No profile "acme" in the dev stack\'s credentials');
    expect(dry.stderr).toContain('Profiles there: sandbox; leave out --profile to use "sandbox"');
    expect(dry.code).toBe(exitCodes.usage);
  });

  it('on Ctrl-C during `ledgerlift run`, says the run goes on and how to follow it', async () => {
    const run = startProgram('src/cli/main.ts', ['run', '--name', 'ctrl-c', ...source()], env);
    const connection = await Connection.connect({ address: `127.0.0.1:${port}` });
    try {
      await run.waitFor(/Started live run "ctrl-c"/);
      // Paused, the run stays open however long the machine takes to deliver the Ctrl-C.
      const handle = new Client({ connection }).workflow.getHandle('ledgerlift-ctrl-c');
      await handle.signal(pauseSignal, { reason: 'Ctrl-C test' });
      await run.waitFor(/ctrl-c · live · paused/);

      const code = await run.stop('SIGINT');
      const printed = run.output();
      expect(printed).toContain(
        'Stopped following run "ctrl-c". The run goes on in Temporal: Ctrl-C did not stop it.',
      );
      expect(printed).toContain('Follow it:   ledgerlift status ctrl-c --watch');
      expect(printed).toContain(
        `Web UI:      http://127.0.0.1:${uiPort}/namespaces/default/workflows/ledgerlift-ctrl-c`,
      );
      expect(code).toBe(exitCodes.interrupted);
      expect((await handle.describe()).status.name).toBe('RUNNING');
      await handle.terminate('the Ctrl-C test is over');
    } finally {
      await run.stop('SIGKILL');
      await connection.close();
    }
  });

  it('keeps the SDK logs in its log file, out of the terminal, and stops on Ctrl-C', async () => {
    const code = await dev?.stop('SIGINT');
    expect(dev?.output()).toContain('Stopped.');
    expect(code).toBe(0);
    // The terminated run failed a workflow task or two and logged: never as a stack trace here.
    expect(dev?.output()).not.toMatch(/^\s+at \S+/m);
    const log = await readFile(path.join(dir, 'logs', 'worker.log'), 'utf8');
    // The worker runs as its own process (src/dev/worker-child.ts) and logs there in its own format.
    expect(log).toMatch(/\bINFO\b.*Worker state changed/);
    expect(existsSync(devStackFile(`127.0.0.1:${port}`))).toBe(false);
  });
});
