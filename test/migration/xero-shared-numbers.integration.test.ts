import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readValidatedExports } from '../../src/migration/staging/validated-exports.js';
import { predictVerdict } from '../../src/migration/verification/predict-verdict.js';
import { finishSignal } from '../../workflows/handlers.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';
import { sharedNumbersCompany } from '../support/xero-shared-numbers-company.js';

const dates = { cutoverDate: '2026-01-01', endDate: '2026-03-31' };

describe('Xero books with shared and missing numbers and activity after the cutover', () => {
  let stack: MigrationStack;
  let folder: string;
  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, uniqueRunName('exports'));
    await mkdir(folder, { recursive: true });
    for (const [name, content] of Object.entries(sharedNumbersCompany))
      await writeFile(path.join(folder, name), content);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('verifies against the closing Trial Balance, as validate predicted, and holds each document once', async () => {
    const source = { folder, format: 'xero' as const };
    const predicted = await predictVerdict(
      readValidatedExports({
        runName: 'validate',
        stageId: 'validate',
        source,
        ...dates,
        currency: 'USD',
        batchSize: 25,
      }),
      { ...dates, baseCurrency: 'USD', batchSize: 25 },
    );
    expect(predicted.report.differences).toBe(0);
    expect(predicted.willVerify).toBe(true);

    const runName = uniqueRunName('shared-numbers');
    const handle = await stack.start({ source, ...dates, batchSize: 25, runName, mode: 'live' });
    await handle.signal(finishSignal, {});
    const live = await handle.result();
    expect(live.progress.verification).toMatchObject({
      verified: predicted.willVerify,
      differences: predicted.report.differences,
      clearingBalance: predicted.report.clearingBalance,
    });
    expect(live.status).toBe('completed');

    // Every approved bill is in the workspace once, under its own number (RENT four times, two
    // without a number); the draft bill AP-9 and the draft invoice INV-103 are not.
    expect(stack.sandbox.admin.counts()).toMatchObject({ bills: 7, invoices: 3, creditMemos: 1 });
  }, 600_000);
});
