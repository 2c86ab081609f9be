import path from 'node:path';
import type { WorkflowClient } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../../sandbox/index.js';
import { SANDBOX_APP, connectToSandbox } from '../../../src/dev/connect-sandbox.js';
import {
  undoWorkflowId,
  type UndoInput,
  type UndoProgress,
} from '../../../src/migration/contracts/undo-types.js';
import { generateCompany } from '../../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../../src/synthetic-company/write-generic-csv.js';
import { undoRun } from '../../../workflows/undo-run.js';
import { undoProgressQuery } from '../../../workflows/undo/undo-handlers.js';
import {
  liveRun,
  startMigrationStack,
  TEST_PROFILE,
  uniqueRunName,
  type MigrationStack,
} from '../../support/migration-stack.js';
import { runCli } from '../../support/cli.js';
import { waitForWorkflow } from '../../support/wait.js';

/** The reversal calls: Partner API writes (reports are POSTs that change nothing). */
function writes(log: readonly RequestLogEntry[]): RequestLogEntry[] {
  return log.filter(
    (entry) =>
      entry.path.startsWith('/partners/') &&
      !entry.path.startsWith('/partners/reports') &&
      !entry.path.startsWith('/partners/refresh') &&
      entry.method !== 'GET',
  );
}

const succeeded = (entry: RequestLogEntry) => entry.status >= 200 && entry.status < 300;

/** Units per execution: small, so this small undo continues as new several times. */
const UNITS_PER_RUN = 4;
/** Reversals finished when the grant is revoked: past the first continue-as-new. */
const REVOKE_AFTER = UNITS_PER_RUN + 2;

/** The history length of each execution of a workflow, first to last (bounded walk). */
async function historyLengths(
  client: WorkflowClient,
  workflowId: string,
  firstRunId: string,
): Promise<number[]> {
  const lengths: number[] = [];
  let runId: string | undefined = firstRunId;
  for (let hop = 0; runId && hop < 1_000; hop += 1) {
    const current: string = runId;
    const history = await client.getHandle(workflowId, current).fetchHistory();
    const events = history.events ?? [];
    lengths.push(events.length);
    const next: string | null | undefined =
      events.at(-1)?.workflowExecutionContinuedAsNewEventAttributes?.newExecutionRunId;
    runId = next ?? undefined;
  }
  return lengths;
}

describe('a live undo that pauses and continues as new', () => {
  let stack: MigrationStack;
  const company = generateCompany(
    {
      customers: 4,
      vendors: 3,
      products: 3,
      invoices: 8,
      bills: 5,
      bankTransactions: 5,
      paidShare: 0.5,
    },
    23,
  );
  let folder: string;

  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
  });
  afterAll(async () => stack.close());

  it('pauses on a revoked grant, resumes after reconnecting, continues as new with bounded histories, and verifies with no reversal sent twice', async () => {
    const runName = uniqueRunName('undo-pause');
    const live = await (await stack.start(liveRun(company, folder, runName))).result();
    expect(live.progress.verification).toMatchObject({ verified: true });

    const { admin } = stack.sandbox;
    const migrated = admin.requestLog().length;
    // Slow writes, so the revocation lands while reversals are still to be sent.
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      admin.setFault({ method, path: '/partners/*', latencyMs: 60 });
    }
    const input: UndoInput = {
      profile: TEST_PROFILE,
      runName,
      mode: 'live',
      unitsPerRun: UNITS_PER_RUN,
    };
    const handle = await stack.client.workflow.start(undoRun, {
      taskQueue: stack.settings.taskQueue,
      // The id `ledgerlift undo` gives it, so `ledgerlift status` and `resume` of the run find it.
      workflowId: undoWorkflowId(runName),
      args: [input],
    });
    const progress = () => handle.query(undoProgressQuery);
    const reversing = await waitForWorkflow(
      `${REVOKE_AFTER} reversals`,
      handle,
      async () => {
        const now = await progress();
        return now.units.done >= REVOKE_AFTER ? now : undefined;
      },
      { timeoutMs: 150_000 },
    );
    expect(reversing).toMatchObject({ runName, mode: 'live', phases: 8 });
    expect(reversing.units.planned).toBeGreaterThanOrEqual(reversing.units.done);
    admin.revokeTokens({
      clientId: SANDBOX_APP.clientId,
      workspaceId: stack.sandbox.config.workspaces[0]?.id as string,
    });

    const paused = await waitForWorkflow(
      'the undo to pause for the operator',
      handle,
      async () => {
        const now = await progress();
        return now.state === 'paused' ? now : undefined;
      },
      { timeoutMs: 120_000 },
    );
    expect(paused.pauseReason).toMatch(/CredentialProblem/);
    const env = {
      TEMPORAL_ADDRESS: stack.settings.address,
      LEDGERLIFT_TASK_QUEUE: stack.settings.taskQueue,
    };
    const status = await runCli(['status', runName], env);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`Undo of ${runName} · live · paused`);
    expect(status.stdout).toMatch(/Reversals: \d+ of \d+ planned so far/);
    expect(status.stdout).toContain(`ledgerlift resume ${runName}`);
    const json = JSON.parse((await runCli(['status', runName, '--json'], env)).stdout) as {
      undo: UndoProgress;
    };
    expect(json.undo).toMatchObject({ state: 'paused', runName });
    const refused = admin
      .requestLog()
      .slice(migrated)
      .filter((entry) => entry.status === 401);
    expect(refused.length).toBeGreaterThan(0);

    // The operator reconnects the profile (the real consent flow again), then resumes.
    await connectToSandbox({
      baseUrl: stack.sandbox.url,
      profile: TEST_PROFILE,
      credentialsPath: stack.worker.credentialsPath,
    });
    const resumed = await runCli(['resume', runName], env);
    expect(resumed.stdout).toContain(`Resuming the undo of run "${runName}".`);
    expect(resumed.code).toBe(0);
    const done = await handle.result();
    // Every record reversed; the cutover date, which the API cannot clear, is kept and said.
    expect(done.verification?.notReversed).toEqual([]);
    expect(done.verification?.keptSettings?.map((kept) => kept.entity)).toEqual([
      'workspace-cutover',
    ]);
    expect(done.status).toBe('verified');
    expect(done.verification?.differences).toEqual([]);
    expect(done.verification?.balanced).toBe(true);
    // The pause came before the last reversal: the undo went on after the resume.
    expect(paused.units.done).toBeLessThan(done.plan.calls);
    const finalProgress = await progress();
    expect(finalProgress).toMatchObject({
      state: 'done',
      units: { done: done.plan.calls, planned: done.plan.calls },
    });

    // Several executions, none of whose history grows with the number of reversals.
    const lengths = await historyLengths(
      stack.client.workflow,
      handle.workflowId,
      handle.firstExecutionRunId,
    );
    expect(lengths.length).toBeGreaterThanOrEqual(Math.floor(done.plan.calls / UNITS_PER_RUN));
    expect(Math.max(...lengths)).toBeLessThan(150);

    const reversals = writes(admin.requestLog().slice(migrated));
    // One unit is one call: a record reversed twice would show a successful call over the plan's.
    expect(reversals.filter(succeeded).length).toBeLessThanOrEqual(done.plan.calls);
    const byRecord = new Map<string, number>();
    for (const entry of reversals.filter(succeeded)) {
      if (entry.method === 'POST') continue;
      const call = `${entry.method} ${entry.path}`;
      byRecord.set(call, (byRecord.get(call) ?? 0) + 1);
    }
    expect([...byRecord].filter(([, n]) => n > 1)).toEqual([]);
    console.log('undo-pause-continue', {
      executions: lengths.length,
      longestHistory: Math.max(...lengths),
      plannedCalls: done.plan.calls,
      callsMade: done.calls,
      pausedAt: paused.units.done,
    });
  });
});
