import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/ledger/index.js';
import { readFiles, realProblems } from './export-folder.js';

const ACCOUNTS = 'Code;Name;Kind\n1000;Bank;bank\n4000;Sales;revenue\n';

function bankFile(amounts: readonly string[], delimiter = ';'): string {
  const header = ['Key', 'BankAccount', 'Date', 'Amount', 'Description'].join(delimiter);
  const quote = (text: string) => (text.includes(delimiter) ? `"${text}"` : text);
  return [
    header,
    ...amounts.map((amount, index) =>
      [`BT-${index + 1}`, '1000', '2024-01-05', quote(amount), 'Fee'].join(delimiter),
    ),
    '',
  ].join('\n');
}

function only(problems: readonly Problem[], code: string): Problem {
  const matching = problems.filter((problem) => problem.code === code);
  expect(matching, `${code} in ${JSON.stringify(problems, null, 1)}`).toHaveLength(1);
  return matching[0] as Problem;
}

async function bankAmounts(
  amounts: readonly string[],
  options: { delimiter?: string; overrides?: object; defaultCurrency?: string } = {},
) {
  const { records, problems } = await readFiles(
    { 'accounts.csv': ACCOUNTS, 'bank_transactions.csv': bankFile(amounts, options.delimiter) },
    {
      format: 'generic',
      overrides: options.overrides ?? {},
      ...(options.defaultCurrency ? { defaultCurrency: options.defaultCurrency } : {}),
    },
  );
  const lines = records.flatMap((record) =>
    record.entity === 'bank-transaction' ? [record.value] : [],
  );
  return {
    amounts: Object.fromEntries(lines.map((line) => [line.key, line.amount])),
    problems: realProblems(problems),
  };
}

describe('the number format of a file is decided by the file, not by the cell', () => {
  it('reads 10.000 and -2.500 by the decimal comma the rest of the file shows', async () => {
    const { amounts, problems } = await bankAmounts(['1.234,56', '10.000', '-2.500', '-15,00']);
    expect(problems).toEqual([]);
    expect(amounts).toEqual({
      'BT-1': '1234.56',
      'BT-2': '10000.00',
      'BT-3': '-2500.00',
      'BT-4': '-15.00',
    });
  });

  it('reads 1,000 by the decimal point the rest of the file shows, wherever it shows it', async () => {
    const early = Array.from({ length: 60 }, () => '1,000');
    const { amounts, problems } = await bankAmounts([...early, '12.50'], { delimiter: ',' });
    expect(problems).toEqual([]);
    expect(amounts['BT-1']).toBe('1000.00');
    expect(amounts['BT-61']).toBe('12.50');
  });

  it('a file whose amounts show both decimal marks is one located problem, and no guess', async () => {
    const { amounts, problems } = await bankAmounts(['10.000', '1.234,56', '-2.500', '1,234.56']);
    const problem = only(problems, 'amount.format-conflict');
    expect(problem.severity).toBe('error');
    expect(problem.location).toEqual({ file: 'bank_transactions.csv', row: 3, column: 'Amount' });
    expect(problem.message).toContain(
      '"1.234,56" (bank_transactions.csv row 3, column "Amount") has a decimal comma, "1,234.56" (bank_transactions.csv row 5, column "Amount") a decimal point',
    );
    expect(problem.message).toContain(
      '2 rows with amounts like "10.000" (it reads as 10000 with "." separating thousands, or as 10.000 with "." as the decimal mark) (row 2) were not read',
    );
    expect(problem.message).toContain('"decimalSeparator"');
    expect(amounts).toEqual({ 'BT-2': '1234.56', 'BT-4': '1234.56' });
  });

  it('amounts that read two ways in a file that never shows its mark are not read, with one problem', async () => {
    const { amounts, problems } = await bankAmounts(['1,000', '2,500'], { delimiter: ',' });
    expect(amounts).toEqual({});
    const problem = only(problems, 'amount.ambiguous-format');
    expect(problem.location).toEqual({ file: 'bank_transactions.csv', row: 2, column: 'Amount' });
    expect(problem.message).toContain(
      '2 rows have amounts like "1,000" (it reads as 1000 with "," separating thousands, or as 1.000 with "," as the decimal mark)',
    );
    expect(problem.message).toContain('"decimalSeparator"');
  });

  it('the override decides every amount', async () => {
    const { amounts, problems } = await bankAmounts(['1,000', '2,5'], {
      delimiter: ',',
      overrides: { decimalSeparator: ',' },
    });
    expect(problems).toEqual([]);
    expect(amounts).toEqual({ 'BT-1': '1.00', 'BT-2': '2.50' });
  });

  it('a space inside a number is a problem where the file does not group thousands with spaces', async () => {
    const { amounts, problems } = await bankAmounts(['100 200', '15,00']);
    const problem = only(problems, 'amount.invalid');
    expect(problem.location).toMatchObject({ row: 2, column: 'Amount' });
    expect(problem.message).toContain('"100 200"');
    expect(problem.message).toContain('100200 or two numbers (100 and 200)');
    expect(amounts['BT-1']).toBeUndefined();
    const grouped = await bankAmounts(['100 200', '1 234,56']);
    expect(grouped.problems).toEqual([]);
    expect(grouped.amounts).toEqual({ 'BT-1': '100200.00', 'BT-2': '1234.56' });
  });

  it('an amount written in another currency than the books is a located error, not a USD amount', async () => {
    const { problems } = await bankAmounts(['EUR 1,000.00', '$12.00', 'USD 5.00'], {
      delimiter: ',',
      defaultCurrency: 'USD',
    });
    const problem = only(problems, 'amount.currency-mismatch');
    expect(problem).toMatchObject({
      severity: 'error',
      location: { file: 'bank_transactions.csv', row: 2, column: 'Amount' },
      key: 'BT-1',
    });
    expect(problem.message).toContain(
      '"EUR 1,000.00", an amount in EUR, but the record is in USD (the company\'s currency)',
    );
  });

  it("an amount in the document's own currency is read", async () => {
    const { records, problems } = await readFiles(
      {
        'accounts.csv': ACCOUNTS,
        'customers.csv': 'Key;Name\nC-1;Acme\n',
        'invoices.csv':
          'Number;Customer;Date;Currency;Quantity;UnitPrice;Account;Total\nINV-1;C-1;2024-01-05;EUR;1;EUR 1.000,00;4000;€1.000,00\n',
      },
      { format: 'generic', defaultCurrency: 'USD' },
    );
    expect(realProblems(problems).filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(records.find((record) => record.entity === 'invoice')?.value).toMatchObject({
      currency: 'EUR',
      total: '1000.00',
    });
  });
});
