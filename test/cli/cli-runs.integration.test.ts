import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveSandboxConsent, SANDBOX_APP } from '../../src/dev/connect-sandbox.js';
import type { RunProgress } from '../../src/migration/contracts/workflow-types.js';
import {
  generateCompany,
  type CompanySize,
} from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { runCli } from '../support/cli.js';
import {
  startMigrationStack,
  TEST_PROFILE,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';
import { startProgram } from '../support/processes.js';
import { refuseInvoices } from '../support/refused-invoices.js';

const size: CompanySize = {
  customers: 6,
  vendors: 3,
  products: 4,
  invoices: 16,
  bills: 8,
  bankTransactions: 8,
  paidShare: 0.6,
};

describe('ledgerlift against a real Temporal server and sandbox', () => {
  let stack: MigrationStack;
  let env: NodeJS.ProcessEnv;
  const company = generateCompany(size, 41);

  beforeAll(async () => {
    stack = await startMigrationStack();
    env = {
      TEMPORAL_ADDRESS: stack.settings.address,
      LEDGERLIFT_TASK_QUEUE: stack.settings.taskQueue,
      LEDGERLIFT_RUNS_DIR: stack.worker.runsDir,
      LEDGERLIFT_CREDENTIALS: stack.worker.credentialsPath,
    };
  });
  afterAll(async () => stack.close());

  const common = (name: string, folder: string) => [
    '--name',
    name,
    '--source',
    folder,
    '--format',
    'generic',
    '--cutover',
    company.cutoverDate,
    '--end',
    company.endDate,
    '--profile',
    TEST_PROFILE,
    '--quiet',
  ];

  it('connect: runs the consent flow and stores the tokens under the profile', async () => {
    const connect = startProgram(
      'src/cli/main.ts',
      [
        'connect',
        '--profile',
        'cli',
        '--base-url',
        stack.sandbox.url,
        '--client-id',
        SANDBOX_APP.clientId,
        '--client-secret',
        SANDBOX_APP.clientSecret,
        '--no-browser',
      ],
      env,
    );
    const url = await connect.waitFor(/http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\S+/);
    await approveSandboxConsent(url);
    expect(await connect.stop('SIGCONT')).toBe(0);
    expect(connect.output()).toContain('Connected profile "cli" to workspace "Sandbox Trading Co"');
  });

  it('dry-run: exit 0 when the books will verify, with the report path', async () => {
    const folder = path.join(stack.dir, 'clean');
    await writeGenericCsv(company.records, folder);
    const dry = await runCli(['dry-run', ...common(uniqueRunName('cli-dry'), folder)], env);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      /Dry run complete: \d+ calls predicted for the live run; the books will verify against the legacy trial balance as at \d{4}-\d{2}-\d{2}\. Report: .*report\.html/,
    );
    // What the live migrations running now do to it (none of this client id's here, or some
    // started by the other test files): under a minute alone, or about so many minutes shared.
    expect(dry.stdout).toMatch(
      /the live run(?: at weight [\d.]+)? would take (?:under 1 min|about [\d.]+ (?:min|h))/,
    );
  });

  it('status tells a run Temporal terminated as terminated, never its last progress', async () => {
    const folder = path.join(stack.dir, 'terminated');
    await writeGenericCsv(company.records, folder);
    const name = uniqueRunName('cli-ended');
    const started = await runCli(['run', ...common(name, folder), '--detach'], env);
    expect(started.code).toBe(0);
    await stack.client.workflow.getHandle(`ledgerlift-${name}`).terminate('wrong workspace');

    const one = await runCli(['status', name], env);
    expect(one.code).toBe(1);
    expect(one.stdout).toContain(`Run "${name}" terminated at `);
    expect(one.stdout).toContain(': wrong workspace.');
    expect(one.stdout).not.toMatch(/migrating|running/);
    const json = JSON.parse((await runCli(['status', name, '--json'], env)).stdout) as {
      status: string;
      reason: string;
    };
    expect(json).toMatchObject({ status: 'terminated', reason: 'wrong workspace' });
    const all = await runCli(['status'], env);
    expect(all.stdout).toMatch(new RegExp(`^${name}\\s+(live\\s+)?terminated`, 'm'));
  });

  it('run, status, pause, resume, retry, report and finish, as a consultant types them', async () => {
    const folder = path.join(stack.dir, 'refused');
    refuseInvoices(stack, company, 1);
    await writeGenericCsv(company.records, folder);
    const name = uniqueRunName('cli-live');

    const run = await runCli(['run', ...common(name, folder)], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`Run "${name}" is waiting for you: 1 rows failed`);
    expect(run.stdout).toContain(`ledgerlift retry ${name}`);

    const text = await runCli(['status', name], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/invoices\s+\S+\s+\d+\/\d+\s+done\s+1 failed/);
    const json = await runCli(['status', name, '--json'], env);
    expect((JSON.parse(json.stdout) as RunProgress).phase).toBe('awaiting-operator');
    const all = await runCli(['status'], env);
    expect(all.stdout).toMatch(new RegExp(`^${name}\\s+live\\s+awaiting-operator`, 'm'));

    expect((await runCli(['pause', name, '--reason', 'lunch'], env)).code).toBe(0);
    expect((await runCli(['resume', name], env)).code).toBe(0);
    // While the run waits, a replay of one step is refused with the reason, not a stack trace.
    const wrongStep = await runCli(['retry', name, '--step', 'nope'], env);
    expect(wrongStep.code).toBe(2);

    stack.sandbox.admin.clearFaults();
    const retry = await runCli(['retry', name, '--wait'], env);
    expect(retry.stdout).toContain('Replay round 1 started: invoices: 1');
    expect(retry.code).toBe(0);

    const report = await runCli(['report', name, '--format', 'html'], env);
    expect(report.code).toBe(0);
    await access(report.stdout.trim());

    const finish = await runCli(['finish', name], env);
    expect(finish.code).toBe(1);
    expect(finish.stderr).toMatch(/completed|closed|not found|no run/i);
    // The run exists and has ended: say so, never that there is no such run.
    expect(finish.stderr).toContain(`Run "${name}" has already ended (completed)`);
  });
});
