import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

/**
 * A QuickBooks Desktop company whose activity after the cutover is a deposit and two general
 * journals: the corpus file windows-1252.iif (its chart of accounts and transactions as exported),
 * with the Trial Balance reports an accountant saves beside it, at the day before the cutover and
 * at the end of April 2018 (the opening balance plus those three transactions).
 */
const CORPUS_FILE = path.join(
  import.meta.dirname,
  '../fixtures/real-world/quickbooks-desktop-iif/minimul-iif-parser/windows-1252.iif',
);

function trialBalance(asOf: string, rows: Array<[string, string, string]>): string {
  return [
    'Stripe Test Company',
    'Trial Balance',
    `As of ${asOf}`,
    '',
    ',Debit,Credit',
    ...rows.map(([account, debit, credit]) => `${account},${debit},${credit}`),
    '',
  ].join('\n');
}

describe('general journals after the cutover, migrated into the sandbox', () => {
  let stack: MigrationStack;
  let folder: string;

  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'exports');
    await mkdir(folder, { recursive: true });
    await copyFile(CORPUS_FILE, path.join(folder, 'windows-1252.iif'));
    await writeFile(
      path.join(folder, 'Opening Trial Balance.csv'),
      trialBalance('March 31, 2018', [
        ['Stripe Account', '100.00', ''],
        ['Stripe Checking Account', '50.00', ''],
        ['Stripe Sales', '', '150.00'],
      ]),
    );
    await writeFile(
      path.join(folder, 'Trial Balance.csv'),
      trialBalance('April 30, 2018', [
        ['Stripe Account', '131.74', ''],
        ['Stripe Checking Account', '59.41', ''],
        ['Stripe Payment Processing Fees', '1.85', ''],
        ['Stripe Sales', '', '193.00'],
      ]),
    );
  });
  afterAll(async () => stack.close());

  it('posts each journal entry once, and the trial balance verifies to the cent', async () => {
    const base = {
      runName: uniqueRunName('journals'),
      source: { folder, format: 'quickbooks-desktop-iif' as const },
      cutoverDate: '2018-04-01',
      batchSize: 10,
    };
    const dry = await (await stack.start({ ...base, mode: 'dry-run' })).result();
    expect(dry.status).toBe('dry-run-complete');
    expect(dry.progress.verification).toMatchObject({ verified: true, differences: 0 });
    const journalStep = (steps: typeof dry.progress.steps) =>
      steps.find((step) => step.step === 'journal-entries');
    expect(journalStep(dry.progress.steps)?.rows).toMatchObject({ planned: 2, failed: 0 });

    const live = await (await stack.start({ ...base, mode: 'live' })).result();
    expect(live.status).toBe('completed');
    expect(live.progress.verification).toMatchObject({
      verified: true,
      differences: 0,
      clearingBalance: '0.00',
    });
    expect(journalStep(live.progress.steps)?.rows).toMatchObject({
      planned: 2,
      done: 2,
      failed: 0,
    });
    expect(stack.sandbox.admin.counts()).toMatchObject({ transactions: 1 });
  });
});
