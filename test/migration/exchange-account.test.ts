import { describe, expect, it } from 'vitest';
import { applyAccountOverride } from '../../mappings/shared/account-mapping.js';
import {
  legacyExchangeAccount,
  workspaceExchangeAccount,
} from '../../src/migration/accounting/exchange-account.js';
import { mappingOverridesSchema } from '../../src/sources/overrides/mapping-overrides.js';
import { account } from '../support/ledger-builders.js';

describe('the account exchange differences are booked on', () => {
  const chart = [
    account('1200', 'Foreign Currency Receivables', 'current-asset'),
    account('4000', 'Sales', 'revenue'),
    account('7000', 'Foreign Currency Gains and Losses', 'other-expense'),
    account('7100', 'Bank Revaluations', 'other-expense'),
  ];

  it('is the legacy income or expense account named for exchange gains or losses', () => {
    expect(legacyExchangeAccount(chart)?.key).toBe('7000');
    // A balance-sheet account with "currency" in its name is not one.
    expect(legacyExchangeAccount(chart.filter((a) => a.key !== '7000'))).toBeUndefined();
  });

  it('is the one the override file names, whatever it is called', () => {
    const overrides = mappingOverridesSchema.parse({
      accounts: { 'Bank Revaluations': { exchangeDifferences: true } },
    });
    const read = chart.map((a) => applyAccountOverride(a, overrides, []));
    expect(legacyExchangeAccount(read)?.key).toBe('7100');
    expect(read.find((a) => a.key === '7100')).toMatchObject({ kind: 'other-expense' });
  });

  it('is otherwise found in the workspace chart by name, among income and expenses', () => {
    const workspace = [
      { id: 'a', name: 'Exchange Gain or Loss', type: 'Liabilities', editable: true },
      { id: 'b', name: 'Exchange Gain or Loss', type: 'Expenses', editable: true },
    ];
    expect(workspaceExchangeAccount(workspace)?.id).toBe('b');
    expect(workspaceExchangeAccount([{ ...workspace[1]!, name: 'Rent' }])).toBeUndefined();
  });
});
