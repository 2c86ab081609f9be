import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/dev/free-port.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { runCli } from '../support/cli.js';
import { startTsProcess, type RunningProcess } from '../support/processes.js';

describe('ledgerlift dev', () => {
  let dev: RunningProcess | undefined;
  let dir: string | undefined;
  afterAll(async () => {
    // Normally already stopped by Ctrl-C; after a failure, the whole group (the dev server too).
    await dev?.stop('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('starts Temporal with its Web UI, the sandbox and a worker in one command, and stops on Ctrl-C', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-dev-'));
    const [port, uiPort, sandboxPort] = [await freePort(), await freePort(), await freePort()];
    dev = startTsProcess(
      'bin/ledgerlift.js',
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
    expect(dev.output()).toContain(`Temporal Web UI   http://127.0.0.1:${uiPort}`);
    expect(dev.output()).toContain(`Sandbox API       http://127.0.0.1:${sandboxPort}`);
    expect((await fetch(`http://127.0.0.1:${uiPort}/`)).status).toBe(200);

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
    const exports = path.join(dir, 'exports');
    await writeGenericCsv(company.records, exports);
    const dry = await runCli(
      [
        'dry-run',
        '--name',
        'dev-check',
        '--source',
        exports,
        '--format',
        'generic',
        '--cutover',
        company.cutoverDate,
        '--end',
        company.endDate,
        '--profile',
        'sandbox',
        '--quiet',
      ],
      { TEMPORAL_ADDRESS: `127.0.0.1:${port}`, LEDGERLIFT_RUNS_DIR: path.join(dir, 'runs') },
    );
    expect(dry.stdout).toContain('the books will verify');
    expect(dry.code).toBe(0);

    const code = await dev.stop('SIGINT');
    expect(dev.output()).toContain('Stopped.');
    expect(code).toBe(0);
  });
});
