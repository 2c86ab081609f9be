import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** Writes lines to a file with backpressure, so generating a large export takes little memory. */
async function writeLines(path: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  for (const line of lines) {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

function dateOf(index: number): string {
  const day = (index % 28) + 1;
  return `2024-01-${String(day).padStart(2, '0')}`;
}

function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const value = Math.abs(cents);
  return `${sign}${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

export const BENCH_ACCOUNTS = [
  'Code,Name,Kind',
  '1000,Checking,bank',
  '1100,Receivables,receivable',
  '4000,Sales,revenue',
  '6000,Expenses,expense',
].join('\n');

/**
 * A generic bank_transactions.csv of `rows` data rows. `badRow`, when given, is the 1-based physical
 * row (header is row 1) whose Amount is not an amount.
 */
export async function writeBankTransactions(
  path: string,
  rows: number,
  badRow?: number,
): Promise<void> {
  function* lines() {
    yield 'Key,BankAccount,Date,Amount,Description,Payee,Account';
    for (let index = 1; index <= rows; index += 1) {
      const amount =
        index + 1 === badRow ? '"12,34,5"' : centsText(((index * 7919) % 200_000) - 100_000);
      yield `BT-${index},1000,${dateOf(index)},${amount},Card payment ${index % 97},Shop ${index % 1000},6000`;
    }
  }
  await writeLines(path, lines());
}

/** A generic invoices.csv of `rows` line rows, four lines per invoice, for `customers` customers. */
export async function writeInvoices(path: string, rows: number, customers: number): Promise<void> {
  function* lines() {
    yield 'Number,Customer,Date,Currency,Description,Quantity,UnitPrice,Account,TaxAmount';
    for (let index = 0; index < rows; index += 1) {
      const invoice = Math.floor(index / 4);
      const price = centsText(1000 + (index % 5000));
      yield `INV-${invoice},C-${invoice % customers},${dateOf(invoice)},USD,Item ${index % 4},${(index % 3) + 1},${price},4000,0.00`;
    }
  }
  await writeLines(path, lines());
}

export async function writeCustomers(path: string, customers: number): Promise<void> {
  function* lines() {
    yield 'Key,Name';
    for (let index = 0; index < customers; index += 1) yield `C-${index},Customer ${index}`;
  }
  await writeLines(path, lines());
}

/**
 * The same bank transactions as writeBankTransactions, as an Excel workbook (one sheet, text in
 * shared strings as Excel writes it), streamed so a large workbook takes little memory to write.
 * With `formulas`, as QuickBooks Online writes its reports: each amount a formula without a saved
 * result (`=-15.5`), and a running balance beside it that adds the amount to the balance above.
 */
export async function writeBankTransactionsXlsx(
  path: string,
  rows: number,
  formulas = false,
): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  const sheet = book.addWorksheet('bank_transactions');
  sheet
    .addRow([
      'Key',
      'BankAccount',
      'Date',
      'Amount',
      'Description',
      'Payee',
      'Account',
      ...(formulas ? ['Balance'] : []),
    ])
    .commit();
  for (let index = 1; index <= rows; index += 1) {
    const cents = ((index * 7919) % 200_000) - 100_000;
    const row = index + 1;
    sheet
      .addRow([
        `BT-${index}`,
        1000,
        dateOf(index),
        formulas ? { formula: centsText(cents) } : cents / 100,
        `Card payment ${index % 97}`,
        `Shop ${index % 1000}`,
        6000,
        ...(formulas ? [{ formula: index === 1 ? `D${row}` : `H${row - 1}+D${row}` }] : []),
      ])
      .commit();
  }
  sheet.commit();
  await book.commit();
}
