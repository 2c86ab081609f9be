import { describe, expect, it } from 'vitest';
import type { Comparison } from '../../../src/migration/contracts/verification-report.js';
import { unrebuiltBalancesAdvice } from '../../../src/migration/verification/unrebuilt-balances.js';

const line = (key: string, name: string, difference: string): Comparison => ({
  key,
  name,
  expected: '0.00',
  actual: '0.00',
  difference,
});

describe('advice on balances the exports do not rebuild', () => {
  it('names each account with the journal line that rebuilds it', () => {
    const advice = unrebuiltBalancesAdvice(
      [
        line('429', '429 General Expenses', '-80.00'),
        line('493', '493 Travel', '-250.00'),
        line('814', '814 Unpaid Expense Claims', '330.00'),
        line('200', '200 Sales', '0.00'),
      ],
      '2026-11-30',
    );
    expect(advice).toContain('the balances of 3 accounts at 2026-11-30');
    expect(advice).toContain(
      '429 General Expenses Dr 80.00; 493 Travel Dr 250.00; 814 Unpaid Expense Claims Cr 330.00',
    );
    expect(advice).toContain('These lines balance');
    expect(advice).toContain('one manual journal dated on or before 2026-11-30');
    expect(advice).not.toContain('200 Sales');
  });

  it('leaves receivables, payables and the clearing account to the documents, and says the rest is there', () => {
    const advice = unrebuiltBalancesAdvice(
      [
        line('@receivable', 'Accounts receivable', '100.00'),
        line('@clearing', 'Clearing', '-100.00'),
        line('6000', '6000 Rent', '-40.00'),
      ],
      '2026-03-31',
    );
    expect(advice).toContain(
      'the balance of 1 account at 2026-03-31 (the journal that would: 6000 Rent Dr 40.00)',
    );
    expect(advice).toContain('do not balance (by 40.00)');
    expect(advice).not.toContain('Accounts receivable');
  });

  it('gives no advice when the exports rebuild every balance', () => {
    expect(
      unrebuiltBalancesAdvice([line('@receivable', 'Accounts receivable', '5.00')], '2026-03-31'),
    ).toBeUndefined();
    expect(unrebuiltBalancesAdvice([], '2026-03-31')).toBeUndefined();
  });
});
