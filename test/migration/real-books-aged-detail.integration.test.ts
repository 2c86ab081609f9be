import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VerificationReport } from '../../src/migration/contracts/verification-report.js';
import type { RunReport } from '../../src/reports/run-report.js';
import { finishSignal } from '../../workflows/handlers.js';
import {
  cadWorkspace,
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';
import { realBooksRoot } from '../support/real-books.js';

/**
 * The real Canadian Xero books of ../shared/real-books/xero-maple (its README), in the variant that
 * keeps USD and GBP documents as Xero exports them, given Xero's Aged Receivables and Aged Payables
 * Detail reports: each foreign document is then worth its own legacy value, not the trial balance's
 * estimate (docs/accounting.md, "Foreign currency"). Every folder, with the estimate, is run by
 * real-books.integration.test.ts.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const realBooks = path.join(realBooksRoot, 'xero-maple');

describe('real multi-currency Xero books with their aged detail reports', () => {
  let stack: MigrationStack | undefined;
  beforeEach(async () => {
    stack = await startMigrationStack({
      // The workspace's own rates differ from the legacy books' on purpose: every foreign
      // document's workspace value is brought to its legacy value by an exchange difference.
      configure: cadWorkspace([
        { currency: 'USD', from: '2019-01-01', rate: '1.30' },
        { currency: 'GBP', from: '2019-01-01', rate: '1.70' },
      ]),
    });
  });
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  it('tb-2020-09-30 with its Aged Receivables and Payables Detail: each document at its own legacy value', async () => {
    const current = stack as MigrationStack;
    const folder = path.join(current.dir, uniqueRunName('exports'));
    await cp(path.join(realBooks, 'tb-2020-09-30', 'multi-currency'), folder, {
      recursive: true,
    });
    // Reports as at 30 September 2020, under names that do not say what they are
    // (test/fixtures/xero-aged-detail/MANIFEST.md).
    await cp(path.join(repo, 'test/fixtures/xero-aged-detail/tb-2020-09-30'), folder, {
      recursive: true,
    });
    const handle = await current.start({
      runName: uniqueRunName('maple-aged'),
      source: { folder, format: 'xero' },
      cutoverDate: '2020-10-01',
      currency: 'CAD',
      batchSize: 25,
      mode: 'live',
    });
    await handle.signal(finishSignal, {});
    const live = await handle.result();
    expect(live.progress.verification).toMatchObject({
      verified: true,
      differences: 0,
      clearingBalance: '0.00',
    });
    const runReport = JSON.parse(
      await readFile(path.join(live.progress.reportFolder ?? '', 'report.json'), 'utf8'),
    ) as RunReport;
    const report = runReport.verification as VerificationReport;
    const booked = Object.fromEntries(
      (report.exchangeDifferences ?? []).map((fx) => [fx.key, fx.amount]),
    );
    // The report's value less the workspace's (USD at 1.30, GBP at 1.70), in CAD.
    expect(booked['INV-0035']).toBe('-4.76'); // 3,820.24 - 2,250.00 GBP x 1.70 (3,825.00)
    expect(booked['INV-0045']).toBe('774.90'); // 15,399.90 - 11,250.00 USD x 1.30 (14,625.00)
    expect(booked['3798905880']).toBe('0.08'); // 7.12 - 4.14 GBP x 1.70 (7.04)
  }, 600_000);
});
