import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/ledger/index.js';
import { ACCOUNTS_CSV, readFiles, realProblems } from './export-folder.js';

const BANK_HEADER = 'Key,BankAccount,Date,Amount,Description';

function bankFile(dates: readonly string[]): string {
  return [
    BANK_HEADER,
    ...dates.map((date, index) => `BT-${index + 1},1000,${date},-15.00,Fee`),
    '',
  ].join('\n');
}

function only(problems: readonly Problem[], code: string): Problem {
  const matching = problems.filter((problem) => problem.code === code);
  expect(matching, `${code} in ${JSON.stringify(problems, null, 1)}`).toHaveLength(1);
  return matching[0] as Problem;
}

async function bankDates(files: Record<string, string>, overrides = {}) {
  const { records, problems } = await readFiles(
    { 'accounts.csv': ACCOUNTS_CSV, ...files },
    { format: 'generic', overrides },
  );
  return {
    dates: records.flatMap((record) =>
      record.entity === 'bank-transaction' ? [record.value.date] : [],
    ),
    problems: realProblems(problems),
  };
}

describe('the date order of a file comes from dates only one order fits', () => {
  it('reads a US file whose first dates are 08/01 and 08/08 in the order its later dates show', async () => {
    const late = Array.from({ length: 11 }, (_, day) => `08/${21 + day}/2026`);
    const { dates, problems } = await bankDates({
      'bank_transactions.csv': bankFile(['08/01/2026', '08/08/2026', ...late]),
    });
    expect(problems).toEqual([]);
    expect(dates).toEqual([
      '2026-08-01',
      '2026-08-08',
      ...late.map((date) => `2026-08-${date.slice(3, 5)}`),
    ]);
  });

  it('a date whose day equals its month is read without deciding anything', async () => {
    const { dates, problems } = await bankDates({
      'bank_transactions.csv': bankFile(['08/08/2026', '05/05/2026']),
    });
    expect(problems).toEqual([]);
    expect(dates).toEqual(['2026-08-08', '2026-05-05']);
  });

  it('a file whose dates disagree is one located problem naming both readings, and no guess', async () => {
    const { dates, problems } = await bankDates({
      'bank_transactions.csv': bankFile(['03/04/2024', '13/04/2024', '05/06/2024', '04/25/2024']),
    });
    const problem = only(problems, 'date.order-conflict');
    expect(problem.severity).toBe('error');
    expect(problem.location).toEqual({ file: 'bank_transactions.csv', row: 3, column: 'Date' });
    expect(problem.message).toContain(
      '"13/04/2024" (bank_transactions.csv row 3, column "Date") is only a date day-first (DD/MM/YYYY), "04/25/2024" (bank_transactions.csv row 5, column "Date") only month-first (MM/DD/YYYY)',
    );
    expect(problem.message).toContain(
      '2 rows with dates both orders allow, like "03/04/2024" reads as 3 Apr 2024 (DD/MM/YYYY) or 4 Mar 2024 (MM/DD/YYYY) (row 2), were not read',
    );
    expect(problem.message).toContain('"dateFormat"');
    // The dates both orders allow are not read in either order; the others are what they say.
    expect(dates).toEqual(['2024-04-13', '2024-04-25']);
    expect(problems.filter((p) => p.code === 'date.invalid')).toEqual([]);
  });

  it('a date contradicting the order is found anywhere in the file, not only after the first', async () => {
    const early = Array.from({ length: 60 }, () => '03/04/2024');
    const { problems } = await bankDates({
      'bank_transactions.csv': bankFile([...early, '04/25/2024', '03/04/2024', '13/04/2024']),
    });
    expect(only(problems, 'date.order-conflict').message).toContain('61 rows with dates');
  });

  it('with dateFormat set, a date that does not fit it is invalid on its own row', async () => {
    const { dates, problems } = await bankDates(
      { 'bank_transactions.csv': bankFile(['03/04/2024', '13/04/2024', '04/25/2024']) },
      { dateFormat: 'DD/MM/YYYY' },
    );
    expect(dates).toEqual(['2024-04-03', '2024-04-13']);
    const problem = only(problems, 'date.invalid');
    expect(problem.location).toMatchObject({ row: 4, column: 'Date' });
    expect(problem.message).toContain('dateFormat DD/MM/YYYY set in the override file');
    expect(problems.filter((p) => p.code === 'date.order-conflict')).toEqual([]);
  });

  it('no evidence anywhere: one problem naming both readings and the override key', async () => {
    const { dates, problems } = await bankDates({
      'bank_transactions.csv': bankFile(['03/04/2024', '05/06/2024']),
    });
    expect(dates).toEqual([]);
    const problem = only(problems, 'date.ambiguous-format');
    expect(problem.message).toContain(
      '2 rows have dates like "03/04/2024" reads as 3 Apr 2024 (DD/MM/YYYY) or 4 Mar 2024 (MM/DD/YYYY) (row 2, column "Date")',
    );
    expect(problem.message).toContain('"dateFormat"');
  });

  it('a file with no evidence takes no order from a folder whose files disagree', async () => {
    const { dates, problems } = await bankDates({
      'bank_transactions.csv': bankFile(['03/04/2024', '05/06/2024']),
      'credit_applications.csv':
        'Kind,Date,Credit,Document,Amount\ncustomer-credit,13/01/2024,CN-1,INV-1,5\n',
      'customer_payments.csv':
        'Key,Date,Customer,BankAccount,Amount,Document,AllocatedAmount\nP-1,01/25/2024,C-1,1000,5,INV-1,5\n',
    });
    expect(dates).toEqual([]);
    const problem = only(problems, 'date.ambiguous-format');
    expect(problem.location).toMatchObject({ file: 'bank_transactions.csv', row: 2 });
    expect(problem.message).toContain('the other files disagree');
    expect(problems.filter((p) => p.code === 'date.order-assumed')).toEqual([]);
  });
});
