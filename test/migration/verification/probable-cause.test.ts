import { describe, expect, it } from 'vitest';
import { CLEARING } from '../../../src/migration/accounting/posting-keys.js';
import {
  accountCause,
  counterpartyCause,
  type CauseContext,
} from '../../../src/migration/verification/probable-cause.js';

const live: CauseContext = {
  mode: 'live',
  endDate: '2021-03-31',
  openingDate: '2020-12-31',
  undatedLegacy: false,
  hasOpeningBalance: true,
  clearing: 0n,
  ledgerDifference: () => 0n,
};

describe('each verification difference carries a probable cause in words', () => {
  it('names a trial balance at another date first', () => {
    expect(accountCause('4000', 100n, { ...live, undatedLegacy: true })).toContain(
      'not dated 2021-03-31',
    );
  });

  it('explains a clearing account that is not zero, and the control accounts that follow from it', () => {
    const context = { ...live, clearing: -2353708n };
    expect(accountCause(CLEARING, -2353708n, context)).toContain('clearing account is not zero');
    expect(accountCause('@receivable', 2353708n, context)).toContain(
      'clearing account not being zero',
    );
  });

  it('names a missing opening balance with the date the trial balance must be at', () => {
    expect(accountCause('1000', -500n, { ...live, hasOpeningBalance: false })).toContain(
      'Trial Balance as at 2020-12-31, the day before the cutover',
    );
  });

  it('tells the exports apart from the workspace', () => {
    const exports = { ...live, ledgerDifference: () => 700n };
    expect(accountCause('6000', 700n, exports)).toContain('The exports do not rebuild');
    expect(accountCause('6000', 700n, live)).toContain('failed or skipped row');
    expect(accountCause('uuid:abc', 10n, live)).toContain('not from the legacy ledger');
  });

  it('names tax when the sales tax account is the one that differs', () => {
    const exports = { ...live, mode: 'dry-run' as const, ledgerDifference: () => -825n };
    expect(accountCause('@tax', -825n, exports)).toContain(
      'Tax: the tax on the documents migrated',
    );
    expect(accountCause('4000', -825n, exports)).toContain('The exports do not rebuild');
  });

  it('gives no cause where nothing differs, and one per counterparty that differs', () => {
    expect(accountCause('6000', 0n, live)).toBeUndefined();
    expect(counterpartyCause('customer', 0n)).toBeUndefined();
    expect(counterpartyCause('vendor', 5n)).toContain('bills, vendor credits');
  });

  it('names the trial-balance estimate for a counterparty whose foreign documents it valued', () => {
    expect(counterpartyCause('customer', 12n, true)).toBe(
      "The base values of this customer's foreign documents were estimated from the trial balance: export Aged Receivables Detail for each document's own value.",
    );
    expect(counterpartyCause('vendor', -3n, true)).toContain('export Aged Payables Detail');
    expect(counterpartyCause('vendor', 0n, true)).toBeUndefined();
  });
});
