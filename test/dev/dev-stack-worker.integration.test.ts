import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedStack, type EmbeddedStack } from '../../src/dev/embedded-stack.js';
import { freePort } from '../../src/dev/free-port.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { workerNodeFlags } from '../../src/worker/worker-command.js';
import { runCli } from '../support/cli.js';

const argvOf = async (pid: number) =>
  (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);

describe("the dev stack's worker", () => {
  let stack: EmbeddedStack | undefined;
  let dir: string | undefined;
  afterAll(async () => {
    await stack?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  // Two worker starts (each bundles the workflows from the sources) and a dry run: slow on a loaded
  // machine, so a longer bound than the suite's.
  it('runs in its own process under the heap cap, and is started again when killed', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-dev-worker-'));
    stack = await startEmbeddedStack({
      dataDir: dir,
      temporalPort: await freePort(),
      uiPort: await freePort(),
      sandboxPort: await freePort(),
      sandboxWindowMs: 5000,
      log: () => undefined,
    });
    const first = stack.workerProcess.pid;
    expect(first).toBeDefined();
    expect(first).not.toBe(process.pid);
    const argv = await argvOf(first ?? 0);
    for (const flag of workerNodeFlags) expect(argv).toContain(flag);

    const restarted = stack.workerProcess.restarted();
    process.kill(first ?? 0, 'SIGKILL');
    const second = await restarted;
    expect(second).not.toBe(first);
    for (const flag of workerNodeFlags) expect(await argvOf(second)).toContain(flag);

    // The worker started again runs migrations.
    const company = generateCompany(
      {
        customers: 2,
        vendors: 1,
        products: 1,
        invoices: 3,
        bills: 1,
        bankTransactions: 1,
        paidShare: 0.5,
      },
      5,
    );
    const exports = path.join(dir, 'exports');
    await writeGenericCsv(company.records, exports);
    const dry = await runCli(
      [
        'dry-run',
        '--name',
        'after-kill',
        '--source',
        exports,
        '--format',
        'generic',
        '--cutover',
        company.cutoverDate,
        '--end',
        company.endDate,
        '--profile',
        stack.profile,
        '--quiet',
      ],
      { TEMPORAL_ADDRESS: stack.settings.address, LEDGERLIFT_RUNS_DIR: stack.worker.runsDir },
    );
    expect(dry.stdout).toContain('the books will verify');
    expect(dry.code).toBe(0);
  }, 600_000);
});
