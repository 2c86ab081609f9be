import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceFormat } from '../../mappings/source-formats.js';
import type { MigrateLedgerInput } from '../../src/migration/contracts/workflow-types.js';
import { readValidatedExports } from '../../src/migration/staging/validated-exports.js';
import { predictVerdict } from '../../src/migration/verification/predict-verdict.js';
import { finishSignal } from '../../workflows/handlers.js';
import { foldersWithTrialBalance } from '../support/corpus-trial-balances.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

const repo = path.resolve(import.meta.dirname, '../..');

interface Company {
  /** The folder, relative to the repository. */
  folder: string;
  format: SourceFormat;
  cutoverDate: string;
  endDate?: string;
  /** Files left out, to rehearse a known mistake. */
  without?: string[];
}

/**
 * Every company of the real-world corpus and the bundled samples that has a trial balance, with
 * the settings its README documents. The guard below fails when a folder with a trial balance (or
 * IIF opening balances, test/support/corpus-trial-balances.ts) is missing here, so a company added
 * to the corpus is added to this comparison too. Today no real-world corpus folder has one
 * (test/sources/real-world/corpus-trial-balances.test.ts, docs/real-world-corpus.md).
 */
const companies: Record<string, Company> = {
  'the bundled demo company (samples/, npm run demo)': {
    folder: 'samples/demo-company-xero',
    format: 'xero',
    cutoverDate: '2026-01-01',
    endDate: '2026-03-31',
  },
  'the demo company exported without its opening trial balance': {
    folder: 'samples/demo-company-xero',
    format: 'xero',
    cutoverDate: '2026-01-01',
    endDate: '2026-03-31',
    without: ['Opening Trial Balance.csv'],
  },
  // Verified against the opening trial balance rolled forward by the migrated activity.
  'the demo company exported without its end-date trial balance': {
    folder: 'samples/demo-company-xero',
    format: 'xero',
    cutoverDate: '2026-01-01',
    endDate: '2026-03-31',
    without: ['Trial Balance.csv'],
  },
};

/** Runs `test` on a stack of its own (a fresh sandbox: a workspace no other test writes). */
async function onOwnStack(test: (stack: MigrationStack) => Promise<void>): Promise<void> {
  const stack = await startMigrationStack();
  try {
    await test(stack);
  } finally {
    await stack.close();
  }
}

// Each company migrates into a workspace of its own, so the tests run side by side.
describe.concurrent('validate predicts the verdict the live run reaches', () => {
  it('covers every corpus and sample company that has a trial balance', async () => {
    const covered = new Set(Object.values(companies).map((company) => company.folder));
    expect((await foldersWithTrialBalance()).filter((folder) => !covered.has(folder))).toEqual([]);
  });

  for (const [name, company] of Object.entries(companies)) {
    it(
      `${name}: the live run's verdict and differences are those validate predicted`,
      async ({ expect }) =>
        onOwnStack(async (stack) => {
          const folder = path.join(stack.dir, uniqueRunName('exports'));
          await cp(path.join(repo, company.folder), folder, { recursive: true });
          for (const file of company.without ?? []) await rm(path.join(folder, file));
          const source = { folder, format: company.format };
          const dates = {
            cutoverDate: company.cutoverDate,
            ...(company.endDate ? { endDate: company.endDate } : {}),
          };

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

          const input: Partial<MigrateLedgerInput> = { source, ...dates, batchSize: 25 };
          const handle = await stack.start({
            ...input,
            source,
            cutoverDate: company.cutoverDate,
            runName: uniqueRunName('verdict'),
            mode: 'live',
          });
          // A run that needs review waits for the consultant; finishing up front ends it after its
          // verification instead, whatever that verification finds.
          await handle.signal(finishSignal, {});
          const live = await handle.result();

          expect(live.progress.verification).toMatchObject({
            verified: predicted.willVerify,
            differences: predicted.report.differences,
            clearingBalance: predicted.report.clearingBalance,
            comparedWith: { target: predicted.report.target },
          });
          expect(live.status).toBe(predicted.willVerify ? 'completed' : 'needs-review');
        }),
      600_000,
    );
  }

  it(
    'blocks a run whose books are in CAD bound for the USD workspace before anything is written',
    async ({ expect }) =>
      onOwnStack(async (stack) => {
        const folder = path.join(stack.dir, uniqueRunName('exports'));
        await cp(path.join(repo, 'samples/demo-company-xero'), folder, { recursive: true });
        const before = stack.sandbox.admin.counts();
        for (const mode of ['dry-run', 'live'] as const) {
          const outcome = await (
            await stack.start({
              runName: uniqueRunName('cad-into-usd'),
              source: { folder, format: 'xero' },
              cutoverDate: '2026-01-01',
              currency: 'CAD',
              mode,
            })
          ).result();
          expect(outcome.status).toBe('blocked');
          expect(outcome.progress.blockedReason).toContain(
            'The books are in CAD (--currency) but the workspace is in USD',
          );
        }
        expect(stack.sandbox.admin.counts()).toEqual(before);
      }),
    300_000,
  );
});
