import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  foldersWithTrialBalance,
  holdsBalances,
  iifOpeningBalances,
} from '../../support/corpus-trial-balances.js';

/**
 * issue 19 asks that validate's verdict equal the live run's "on every corpus company with a trial
 * balance". test/migration/predicted-verdict.integration.test.ts runs that comparison on every
 * folder these helpers find; this says, fast, which folders that is today and why the real-world
 * corpus contributes none (docs/real-world-corpus.md, "Trial balances in the corpus").
 */
describe('trial balances in the corpus', () => {
  it('only the bundled demo company has one: no real-world corpus folder does', async () => {
    expect(await foldersWithTrialBalance()).toEqual(['samples/demo-company-xero']);
  });

  it("the corpus's one OBAMOUNT column (Finance-IIF's lists export) is 0.00 on all 52 accounts", async () => {
    const amounts = await iifOpeningBalances(
      'test/fixtures/real-world/quickbooks-desktop-iif/gitpan-Finance-IIF/sample.iif',
    );
    expect(amounts).toHaveLength(52);
    expect(new Set(amounts)).toEqual(new Set(['0.00']));
  });

  it('would count an IIF lists export with a non-zero opening balance, or a report titled so', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'ledgerlift-balances-'));
    try {
      const iif = join(folder, 'lists.iif');
      await writeFile(
        iif,
        '!ACCNT\tNAME\tACCNTTYPE\tOBAMOUNT\r\nACCNT\tChecking\tBANK\t0.00\r\nACCNT\tLoan\tLTLIAB\t-2500.00\r\n',
      );
      const report = join(folder, 'Acme_-_TB.csv');
      await writeFile(report, 'Trial Balance\nAcme Ltd\nAs at 31 December 2020\n');
      const zero = join(folder, 'zero.iif');
      await writeFile(zero, '!ACCNT\tNAME\tOBAMOUNT\nACCNT\tChecking\t0.00\n');
      expect(await holdsBalances(iif)).toBe(true);
      expect(await holdsBalances(report)).toBe(true);
      expect(await holdsBalances(zero)).toBe(false);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
