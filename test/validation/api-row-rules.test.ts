import { describe, expect, it } from 'vitest';
import type { LedgerRecord, Problem } from '../../src/ledger/index.js';
import { validateLedger } from '../../src/validation/validate-ledger.js';
import { chart, invoice, itemsOf } from './ledger-builder.js';

/**
 * What validation says of a row the Partner API would refuse as the legacy books hold it: either
 * how Ledgerlift migrates it anyway, or an error that keeps it out of the live run and of the
 * projection validate predicts from (docs/api-assumptions.md, "Row rules").
 */
const settings = { cutoverDate: '2024-01-01', endDate: '2024-01-31', baseCurrency: 'USD' };

async function problemsOf(records: LedgerRecord[]): Promise<Problem[]> {
  const problems: Problem[] = [];
  for await (const item of validateLedger(itemsOf(records), settings))
    problems.push(...(item.kind === 'record' ? item.problems : [item.problem]));
  return problems;
}

function withLineOn(accountKey: string, overrides: Parameters<typeof invoice>[1] = {}) {
  const record = invoice('INV-1', overrides);
  if (record.entity === 'invoice') {
    const [line] = record.value.lines;
    if (line) record.value.lines = [{ ...line, accountKey }];
  }
  return record;
}

describe('sales lines on an account other than income', () => {
  it('are noted on the line: posted to the clearing account, then moved to their own account', async () => {
    const problems = await problemsOf([...chart(), withLineOn('6000')]);
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'info',
        code: 'line.reclassified',
        key: 'INV-1',
        location: expect.objectContaining({ file: 'invoices.csv' }) as unknown,
      }),
    ]);
    expect(problems[0]?.message).toContain('posts to account "6000" (expense, not income)');
  });

  it('are not noted on an income account, nor before the cutover (the clearing account takes the whole document)', async () => {
    const early = withLineOn('6000', { date: '2023-12-20' });
    const codes = (await problemsOf([...chart(), withLineOn('4000'), early])).map((p) => p.code);
    expect(codes).not.toContain('line.reclassified');
  });
});
