import path from 'node:path';
import { WorkflowExecutionAlreadyStartedError, type WorkflowHandle } from '@temporalio/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectToSandbox } from '../../src/dev/connect-sandbox.js';
import { undoWorkflowId, type UndoInput } from '../../src/migration/contracts/undo-types.js';
import type { CompanySize } from '../../src/synthetic-company/company-generator.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { pauseSignal, progressQuery, resumeSignal } from '../../workflows/handlers.js';
import type { migrateLedger } from '../../workflows/migrate-ledger.js';
import { undoRun } from '../../workflows/undo-run.js';
import { runCli } from '../support/cli.js';
import {
  liveRun,
  startMigrationStack,
  TEST_PROFILE,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';
import { waitForWorkflow } from '../support/wait.js';

const size: CompanySize = {
  customers: 4,
  vendors: 3,
  products: 3,
  invoices: 6,
  bills: 4,
  bankTransactions: 4,
  paidShare: 0.5,
};

/** The sandbox's own workspace (sandbox/sandbox-config.ts), and a second one on the same sandbox. */
const WORKSPACE_A = '3f9a6c1e-8b2d-4e57-a1c4-5d6e7f809a1b';
const WORKSPACE_B = '3f9a6c1e-8b2d-4e57-a1c4-00000000000b';
const OTHER_PROFILE = 'other';

/** The innermost message of a failure: what the consultant reads (Temporal wraps it twice). */
function rootMessage(error: unknown): string {
  let current: unknown = error;
  let message = String(error);
  for (let depth = 0; depth < 8 && current; depth += 1) {
    const text = (current as { message?: unknown }).message;
    if (typeof text === 'string' && text) message = text;
    current = (current as { cause?: unknown }).cause;
  }
  return message;
}

/**
 * The refusal a started migration ended with. One that went ahead instead (ended, or waits for the
 * operator, as the second workspace's run did before the binding) fails the test at once.
 */
async function refusalOf(handle: WorkflowHandle<typeof migrateLedger>): Promise<string> {
  const seen = await waitForWorkflow(
    'the run to be refused or to go ahead',
    handle,
    async () => {
      if ((await handle.describe()).status.name !== 'RUNNING') return 'closed';
      return (await handle.query(progressQuery)).phase === 'awaiting-operator' && 'went ahead';
    },
    { timeoutMs: 120_000 },
  );
  if (seen !== 'closed') throw new Error('it was not refused: it ran, and waits for the operator');
  return failureOf(handle.result());
}

async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return rootMessage(error);
  }
  throw new Error('expected a refusal, but it went through');
}

describe('a run name belongs to one workspace and one writing workflow at a time', () => {
  let stack: MigrationStack;
  let folder: string;
  let env: NodeJS.ProcessEnv;
  const company = generateCompany(size, 29);

  // A fresh sandbox per test: a second run in the same workspace would match the first's records.
  beforeEach(async () => {
    stack = await startMigrationStack({
      configure: (config) => {
        const first = config.workspaces[0];
        if (!first) throw new Error('the sandbox has no workspace');
        config.workspaces.push({ ...first, id: WORKSPACE_B, name: 'Second Trading Co' });
      },
    });
    await connectToSandbox({
      baseUrl: stack.sandbox.url,
      profile: OTHER_PROFILE,
      credentialsPath: stack.worker.credentialsPath,
      workspaceId: WORKSPACE_B,
    });
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
    env = {
      TEMPORAL_ADDRESS: stack.settings.address,
      LEDGERLIFT_TASK_QUEUE: stack.settings.taskQueue,
      LEDGERLIFT_RUNS_DIR: stack.worker.runsDir,
      LEDGERLIFT_CREDENTIALS: stack.worker.credentialsPath,
    };
  });
  afterEach(async () => stack.close());

  const undo = (input: Omit<UndoInput, 'profile'> & { profile?: string }) =>
    stack.client.workflow.execute(undoRun, {
      taskQueue: stack.settings.taskQueue,
      workflowId: undoWorkflowId(input.runName),
      args: [{ profile: TEST_PROFILE, ...input }],
    });

  it('refuses the run, a dry run and an undo of a run name in a second workspace, before any write', async () => {
    const runName = uniqueRunName('acme');
    const first = await (await stack.start(liveRun(company, folder, runName))).result();
    expect(first.progress.verification).toMatchObject({ verified: true });
    const emptyB = stack.sandbox.admin.counts(WORKSPACE_B);

    // As a start from the Web UI would: no CLI in between, the worker refuses.
    for (const mode of ['live', 'dry-run'] as const) {
      const second = await stack.start({
        ...liveRun(company, folder, runName),
        mode,
        profile: OTHER_PROFILE,
      });
      const refusal = await refusalOf(second);
      expect(refusal).toContain(`Run "${runName}" belongs to workspace ${WORKSPACE_A}`);
      expect(refusal).toContain(`workspace ${WORKSPACE_B} at ${stack.sandbox.url}`);
      expect(refusal).toContain('Pick another run name');
    }
    const refusedUndo = await failureOf(undo({ runName, mode: 'live', profile: OTHER_PROFILE }));
    expect(refusedUndo).toContain(`belongs to workspace ${WORKSPACE_A}`);
    // Workspace B got nothing: no customer, vendor, invoice or bill, and no opening balance.
    expect(stack.sandbox.admin.counts(WORKSPACE_B)).toEqual(emptyB);
    expect(emptyB.customers ?? 0).toBe(0);

    // The same refusal, earlier and friendlier, from the CLI.
    const cli = await runCli(
      [
        'run',
        '--name',
        runName,
        '--source',
        folder,
        '--format',
        'generic',
        '--cutover',
        company.cutoverDate,
        '--end',
        company.endDate,
        '--profile',
        OTHER_PROFILE,
        '--quiet',
      ],
      env,
    );
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`belongs to workspace ${WORKSPACE_A} at ${stack.sandbox.url}`);
    expect(cli.stderr).toContain(`workspace ${WORKSPACE_B}`);
    expect(stack.sandbox.admin.counts(WORKSPACE_B)).toEqual(emptyB);
  });

  it("undo defaults to the run's own workspace, whatever LEDGERLIFT_PROFILE says, and refuses another", async () => {
    const runName = uniqueRunName('undo');
    const run = await (await stack.start(liveRun(company, folder, runName))).result();
    expect(run.progress.verification).toMatchObject({ verified: true });

    const elsewhere = await runCli(['undo', runName, '--profile', OTHER_PROFILE], env);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain(`belongs to workspace ${WORKSPACE_A}`);

    const undone = await runCli(['undo', runName], { ...env, LEDGERLIFT_PROFILE: OTHER_PROFILE });
    expect(undone.stdout).toContain(`in its own workspace ${WORKSPACE_A}`);
    expect(undone.stdout).toContain(`Undo of ${runName}: verified`);
    expect(undone.code).toBe(0);
  });

  it('refuses an undo while the run waits for the operator, and a retry or run while the undo goes', async () => {
    const runName = uniqueRunName('overlap');
    const handle = await stack.start({
      ...liveRun(company, folder, runName),
      finishWhenClean: false,
    });
    await waitForWorkflow(
      'the run to wait for the operator',
      handle,
      async () => (await handle.query(progressQuery)).phase === 'awaiting-operator',
      { timeoutMs: 180_000 },
    );

    const cliUndo = await runCli(['undo', runName, '--dry-run'], env);
    expect(cliUndo.code).toBe(1);
    expect(cliUndo.stderr).toContain(
      `the migration of run "${runName}" (workflow ${handle.workflowId}) is still open (awaiting-operator)`,
    );
    expect(cliUndo.stderr).toContain(`ledgerlift status ${runName} --watch`);
    expect(cliUndo.stderr).toContain(`ledgerlift finish ${runName}`);
    // Started straight on the server (the Web UI), the undo is refused by Temporal itself.
    await expect(
      stack.client.workflow.start(undoRun, {
        taskQueue: stack.settings.taskQueue,
        workflowId: undoWorkflowId(runName),
        args: [{ runName, profile: TEST_PROFILE, mode: 'live' }],
      }),
    ).rejects.toBeInstanceOf(WorkflowExecutionAlreadyStartedError);

    await runCli(['finish', runName], env);
    expect((await handle.result()).status).toBe('completed');

    // An undo, held paused so it is still going while the other commands try.
    const undoHandle = await stack.client.workflow.start(undoRun, {
      taskQueue: stack.settings.taskQueue,
      workflowId: undoWorkflowId(runName),
      args: [{ runName, profile: TEST_PROFILE, mode: 'live' }],
    });
    await undoHandle.signal(pauseSignal, { reason: 'held by the test' });
    for (const args of [
      ['retry', runName],
      [
        'run',
        '--name',
        runName,
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
      ],
    ]) {
      const refused = await runCli(args, env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `the undo of run "${runName}" (workflow ${undoWorkflowId(runName)}) is still reversing it`,
      );
      expect(refused.stderr).toContain(`ledgerlift status ${runName} --watch`);
    }
    await undoHandle.signal(resumeSignal, {});
    expect((await undoHandle.result()).status).toBe('verified');
  });
});
