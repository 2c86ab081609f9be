import { existsSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { centsOf, formatCents } from '../../src/money/index.js';
import type { VerificationReport } from '../../src/migration/contracts/verification-report.js';
import { readValidatedExports } from '../../src/migration/staging/validated-exports.js';
import { predictVerdict } from '../../src/migration/verification/predict-verdict.js';
import type { RunReport } from '../../src/reports/run-report.js';
import { finishSignal } from '../../workflows/handlers.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

/**
 * The real Canadian Xero books of ../shared/real-books/xero-maple (its README), in the variant that
 * keeps USD and GBP documents as Xero exports them: no rate column, no base-currency amount. Only
 * the trial balance values them, so their base values are estimated from it
 * (docs/accounting.md, "Foreign currency"). The answer key, expected.json, was computed from the
 * organisation's journals, independently of Ledgerlift.
 */
const repo = path.resolve(import.meta.dirname, '../..');
// ../shared beside the checkout (a worktree sits one folder deeper: ../../shared).
const realBooks = [path.join(repo, '../shared'), path.join(repo, '../../shared')]
  .map((shared) => path.join(shared, 'real-books/xero-maple'))
  .find((folder) => existsSync(folder));
const dates = ['tb-2020-05-31', 'tb-2020-09-30', 'tb-2021-01-31'];

/**
 * The organisation's system accounts, by code: they land on the workspace's own control accounts
 * (docs/accounting.md, "System accounts"), which the verification keys by role.
 */
const systemAccounts: Record<string, string> = {
  '610': '@receivable',
  '800': '@payable',
  '820': '@tax',
  '960': '@retained-earnings',
};

interface Expected {
  cutover: string;
  trialBalance: Array<{ code: string; name: string; debit: string; credit: string }>;
}

describe.skipIf(realBooks === undefined)(
  'real multi-currency Xero books, no rate column: verified in CAD to the cent',
  () => {
    let stack: MigrationStack | undefined;
    beforeEach(async () => {
      stack = await startMigrationStack({
        configure(config) {
          const [workspace] = config.workspaces;
          if (!workspace) throw new Error('no workspace');
          workspace.currency = 'CAD';
          workspace.country = 'CA';
          // The workspace's own rates differ from the legacy books' on purpose: every foreign
          // document's workspace value is brought to its estimated legacy value.
          workspace.exchangeRates = [
            { currency: 'USD', from: '2019-01-01', rate: '1.30' },
            { currency: 'GBP', from: '2019-01-01', rate: '1.70' },
          ];
        },
      });
    });
    afterEach(async () => {
      await stack?.close();
      stack = undefined;
    });

    for (const date of dates) {
      it(`${date}/multi-currency: validate predicts "will verify" and the live run verifies as expected.json says`, async () => {
        const current = stack as MigrationStack;
        const folder = path.join(current.dir, uniqueRunName('exports'));
        await cp(path.join(realBooks ?? '', date, 'multi-currency'), folder, { recursive: true });
        const expected = JSON.parse(
          await readFile(path.join(folder, 'expected.json'), 'utf8'),
        ) as Expected;
        const source = { folder, format: 'xero' as const };
        const cutoverDate = expected.cutover;

        const predicted = await predictVerdict(
          readValidatedExports({
            runName: 'validate',
            stageId: 'validate',
            source,
            cutoverDate,
            currency: 'CAD',
            batchSize: 25,
          }),
          { cutoverDate, baseCurrency: 'CAD', batchSize: 25 },
        );
        expect(predicted.willVerify).toBe(true);

        const handle = await current.start({
          runName: uniqueRunName('maple-fx'),
          source,
          cutoverDate,
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

        // The workspace's trial balance, account by account, against the answer key (not against
        // Ledgerlift's own books): the verification's actual figures are the workspace's.
        const runReport = JSON.parse(
          await readFile(path.join(live.progress.reportFolder ?? '', 'report.json'), 'utf8'),
        ) as RunReport;
        const report = runReport.verification as VerificationReport;
        expect(report.source).toBe('workspace');
        const workspace = new Map(report.accounts.map((line) => [line.key, line.actual]));
        const mismatches = expected.trialBalance
          .map((line) => ({
            account: `${line.name} (${line.code})`,
            want: formatCents(centsOf(line.debit) - centsOf(line.credit)),
            got: workspace.get(keyOf(line)),
          }))
          .filter(({ want, got }) => want !== got);
        // Every account is compared: the report lists no workspace account the key does not hold
        // (the clearing account excepted, at zero).
        expect(mismatches).toEqual([]);
        expect(
          report.accounts
            .filter((line) => line.actual !== '0.00')
            .filter((line) => !expected.trialBalance.some((tb) => keyOf(tb) === line.key))
            .map((line) => line.key),
        ).toEqual([]);
      }, 600_000);
    }

    it('tb-2020-09-30 with its Aged Receivables and Payables Detail: each document at its own legacy value', async () => {
      const current = stack as MigrationStack;
      const folder = path.join(current.dir, uniqueRunName('exports'));
      await cp(path.join(realBooks ?? '', 'tb-2020-09-30', 'multi-currency'), folder, {
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
  },
);

/** The verification's key of a legacy account: its role, its code, or its name when it has none. */
function keyOf(line: { code: string; name: string }): string {
  return systemAccounts[line.code] ?? (line.code === '' ? line.name : line.code);
}
