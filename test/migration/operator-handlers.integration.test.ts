import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runWorkflowId } from '../../src/migration/contracts/run-name.js';
import type { RunProgress } from '../../src/migration/contracts/workflow-types.js';
import {
  generateCompany,
  type CompanySize,
} from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { pauseSignal, progressQuery, resumeSignal } from '../../workflows/handlers.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
  liveRun,
} from '../support/migration-stack.js';
import { temporalCli } from '../support/temporal-cli.js';
import { refuseInvoices } from '../support/refused-invoices.js';
import { waitFor } from '../support/wait.js';

const size: CompanySize = {
  customers: 8,
  vendors: 4,
  products: 5,
  invoices: 24,
  bills: 10,
  bankTransactions: 10,
  paidShare: 0.6,
};

/** A query through the CLI, as the Temporal UI's query tab would run it. */
async function queryProgress(stack: MigrationStack, runName: string): Promise<RunProgress> {
  const answer = (await temporalCli(stack.settings, [
    'workflow',
    'query',
    '--workflow-id',
    runWorkflowId(runName),
    '--type',
    'progress',
  ])) as { queryResult: RunProgress[] };
  return answer.queryResult[0] as RunProgress;
}

describe('operator handlers, sent from the temporal CLI as the Web UI sends them', () => {
  let stack: MigrationStack;
  const company = generateCompany(size, 31);

  // A fresh workspace per test: a second run in the same one would match the first run's records.
  beforeEach(async () => {
    stack = await startMigrationStack();
  });
  afterEach(async () => stack.close());

  it('pause, resume, query, and replay of failed rows after the source is fixed', async () => {
    const folder = path.join(stack.dir, 'replay');
    const broken = refuseInvoices(stack, company, 3);
    await writeGenericCsv(company.records, folder);
    stack.sandbox.admin.setFault({ method: 'POST', path: '/partners/*', latencyMs: 60 });
    const runName = uniqueRunName('replay');
    const handle = await stack.start({
      ...liveRun(company, folder, runName),
      batchSize: 5,
    });
    const id = runWorkflowId(runName);

    await waitFor(
      'the run to be migrating',
      async () => (await handle.query(progressQuery)).phase === 'migrating',
    );
    await temporalCli(stack.settings, [
      'workflow',
      'signal',
      '--workflow-id',
      id,
      '--name',
      'pause',
      '--input',
      '{"reason":"checking the bank file"}',
    ]);
    const paused = await waitFor('the run to pause', async () => {
      const progress = await queryProgress(stack, runName);
      return progress.phase === 'paused' ? progress : undefined;
    });
    expect(paused.pauseReason).toBe('checking the bank file');
    await temporalCli(stack.settings, [
      'workflow',
      'signal',
      '--workflow-id',
      id,
      '--name',
      'resume',
      '--input',
      '{}',
    ]);

    // A consultant clicking Pause and Resume in quick succession while steps start and finish: a
    // child that finished meanwhile must not fail the run, and every resume must reach every step.
    for (let clicks = 0; clicks < 40; clicks += 1) {
      if ((await handle.query(progressQuery)).phase !== 'migrating') break;
      await handle.signal(pauseSignal, { reason: 'a second look' });
      await handle.signal(resumeSignal, {});
    }

    const waiting = await waitFor(
      'the run to wait for the operator',
      async () => {
        const progress = await queryProgress(stack, runName);
        return progress.phase === 'awaiting-operator' ? progress : undefined;
      },
      { timeoutMs: 120_000 },
    );
    const invoices = waiting.steps.find((step) => step.step === 'invoices');
    expect(invoices?.rows.failed).toBe(broken.length);
    expect(waiting.verification?.verified).toBe(false);
    stack.sandbox.admin.clearFaults();

    // The consultant has the cause fixed (the sandbox's refusal cleared above), then replays.
    const replay = (await temporalCli(stack.settings, [
      'workflow',
      'update',
      'execute',
      '--workflow-id',
      id,
      '--name',
      'retryFailedRows',
      '--input',
      '{}',
    ])) as { result: { round: number; rows: Record<string, number> } };
    expect(replay.result.round).toBe(1);
    expect(replay.result.rows.invoices).toBe(broken.length);

    const outcome = await handle.result();
    expect(outcome.status).toBe('completed');
    expect(outcome.progress.verification).toMatchObject({
      verified: true,
      clearingBalance: '0.00',
    });
    expect(outcome.progress.steps.every((step) => step.rows.failed === 0)).toBe(true);
    // Each broken invoice exists exactly once after its replay.
    expect(stack.sandbox.admin.counts().invoices).toBe(
      company.records.filter(
        (r) =>
          r.entity === 'invoice' &&
          r.value.type === 'invoice' &&
          (r.value.date >= company.cutoverDate || company.openAtCutover.has(r.value.key)),
      ).length,
    );
  });

  it("skips failed rows on the operator's word and finishes as needs-review", async () => {
    const folder = path.join(stack.dir, 'skip');
    const broken = refuseInvoices(stack, company, 2);
    await writeGenericCsv(company.records, folder);
    const runName = uniqueRunName('skip');
    const handle = await stack.start({
      ...liveRun(company, folder, runName),
    });
    const id = runWorkflowId(runName);
    await waitFor(
      'the run to wait for the operator',
      async () => (await queryProgress(stack, runName)).phase === 'awaiting-operator',
      { timeoutMs: 120_000 },
    );
    const skipped = (await temporalCli(stack.settings, [
      'workflow',
      'update',
      'execute',
      '--workflow-id',
      id,
      '--name',
      'skipRows',
      '--input',
      JSON.stringify({ step: 'invoices', keys: broken }),
    ])) as { result: { skipped: number } };
    expect(skipped.result.skipped).toBe(broken.length);
    await temporalCli(stack.settings, [
      'workflow',
      'signal',
      '--workflow-id',
      id,
      '--name',
      'finish',
      '--input',
      '{}',
    ]);

    const outcome = await handle.result();
    expect(outcome.status).toBe('needs-review');
    const invoices = outcome.progress.steps.find((step) => step.step === 'invoices');
    // Skipped: the operator's rows, and documents the opening balance already covers.
    const settledBeforeCutover = company.records.filter(
      (r) =>
        r.entity === 'invoice' &&
        r.value.date < company.cutoverDate &&
        !company.openAtCutover.has(r.value.key),
    ).length;
    expect(invoices?.rows).toMatchObject({
      failed: 0,
      skipped: broken.length + settledBeforeCutover,
    });
  });
});
