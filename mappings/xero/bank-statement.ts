import type { BankTransaction, Money } from '../../src/ledger/index.js';
import { centsOf, formatCents } from '../../src/money/index.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { compact } from '../shared/document-parts.js';
import { isUntaxedTaxType } from './tax-types.js';

const SEEN = 'xero.bankTransactionKeys';

/**
 * Xero's bank statement layout (Date, Amount, Payee, Description, Reference, Cheque Number) plus the
 * optional columns of its spend and receive money lines, read when present: "Bank Account" (code or
 * name; otherwise the override file's "bankAccount"), "Account Code" (the category), and "Tax Type"
 * with "Tax Amount". Statement lines have no id, so the key is derived from date, amount and payee,
 * with "#2", "#3" for repeats: stable across re-exports of the same statement.
 *
 * Spend and receive money lines are tax-inclusive: the amount is the gross through the bank. A line
 * with tax becomes two bank lines on the same day and bank account: the net to its category, keyed
 * as the statement line, and the tax to the chart's tax account, keyed "<key> tax" (the API's bank
 * transactions take one category each; docs/accounting.md, "Tax").
 */
export const xeroBankStatement: TableSpec<'bank-transaction'> = {
  id: 'bank_transactions',
  entity: 'bank-transaction',
  fileNames: ['bank statement', 'bank statements', 'bank transactions', 'statement'],
  columns: [
    { id: 'Date', headers: ['Date', 'Transaction Date'], required: true },
    { id: 'Amount', headers: ['Amount'], required: true },
    { id: 'Payee', headers: ['Payee'] },
    { id: 'Description', headers: ['Description', 'Particulars'] },
    { id: 'Reference', headers: ['Reference'] },
    { id: 'Cheque Number', headers: ['Cheque Number', 'Check Number'] },
    { id: 'Bank Account', headers: ['Bank Account', 'BankAccountCode'] },
    { id: 'Account Code', headers: ['Account Code', 'AccountCode'] },
    { id: 'Tax Type', headers: ['Tax Type', 'TaxType', 'Tax Rate'] },
    { id: 'Tax Amount', headers: ['Tax Amount', 'TaxAmount'] },
  ],
  dateColumns: ['Date'],
  amountColumns: ['Amount', 'Tax Amount'],
  map([row], context) {
    if (!row) return [];
    const date = row.date('Date', { required: true });
    const amount = row.money('Amount', { required: true });
    const bank = row.text('Bank Account') ?? context.overrides.bankAccount;
    if (!bank) {
      row.fail(
        'value.required',
        `Row ${row.row.row}: the statement line has no bank account. Add a "Bank Account" column, or set "bankAccount" in the override file to the account this statement belongs to.`,
        'Bank Account',
      );
    }
    const payee = row.text('Payee');
    const description = row.text('Description');
    const mapped: Mapped<'bank-transaction'> = {
      entity: 'bank-transaction',
      location: row.location(),
      problems: [],
    };
    const tax = lineTax(row, context, amount);
    if (row.failed || !date || !amount || !bank || !tax) return [mapped];
    let seen = context.facts.get(SEEN) as Map<string, number> | undefined;
    if (!seen) {
      seen = new Map();
      context.facts.set(SEEN, seen);
    }
    const base = `${date} ${amount} ${payee ?? description ?? row.text('Reference') ?? ''}`.trim();
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    const key = count === 1 ? base : `${base} #${count}`;
    const category = row.text('Account Code');
    const value: BankTransaction = compact({
      key,
      bankAccountKey: context.index.accountKey(bank) ?? bank,
      date,
      amount: formatCents(centsOf(amount) - tax.cents),
      description: description ?? '',
      payee,
      reference: row.text('Reference') ?? row.text('Cheque Number'),
      categoryAccountKey: category && (context.index.accountKey(category) ?? category),
      // Money in from a known customer, or out to a known supplier, names them.
      customerKey:
        payee && !amount.startsWith('-') ? context.index.partyKey('customer', payee) : undefined,
      vendorKey:
        payee && amount.startsWith('-') ? context.index.partyKey('vendor', payee) : undefined,
      source: row.location(),
    });
    if (tax.cents === 0n) return [{ ...mapped, key, value }];
    const taxKey = `${key} tax`;
    const taxLine: BankTransaction = compact({
      key: taxKey,
      bankAccountKey: value.bankAccountKey,
      date,
      amount: formatCents(tax.cents),
      description: `${tax.type ?? 'Tax'} on ${description ?? payee ?? key}`,
      payee,
      reference: value.reference,
      categoryAccountKey: tax.accountKey,
      source: row.location('Tax Amount'),
    });
    return [
      { ...mapped, key, value },
      {
        entity: 'bank-transaction',
        key: taxKey,
        value: taxLine,
        location: row.location(),
        problems: [],
      },
    ];
  },
};

/** The tax part of a tax-inclusive line, signed like its amount, and the account it posts to. */
interface LineTax {
  cents: bigint;
  type?: string | undefined;
  accountKey?: string | undefined;
}

/**
 * Reads "Tax Type" and "Tax Amount". Xero writes the tax as a positive amount whatever the line's
 * direction, so the tax takes the sign of the gross amount. Undefined (with a located problem) when
 * the tax cannot be posted: an amount on a rate that means no tax, more tax than the gross, or no
 * tax account in the chart to carry it.
 */
function lineTax(
  row: RowFields,
  context: MappingContext,
  gross: Money | undefined,
): LineTax | undefined {
  const type = row.text('Tax Type');
  const amount = row.moneyOrZero('Tax Amount');
  if (amount === undefined || gross === undefined) return undefined;
  const magnitude = centsOf(amount) < 0n ? -centsOf(amount) : centsOf(amount);
  if (magnitude === 0n) return { cents: 0n, type };
  const grossCents = centsOf(gross);
  const grossMagnitude = grossCents < 0n ? -grossCents : grossCents;
  const unpostable = (why: string) => {
    row.fail(
      'bank.tax-unpostable',
      `${row.where('Tax Amount')}: ${why} Correct the line in Xero and export it again, or fix the row.`,
      'Tax Amount',
    );
    return undefined;
  };
  if (type !== undefined && isUntaxedTaxType(type))
    return unpostable(
      `the line carries ${formatCents(magnitude)} of tax under "${type}", a rate that means no tax, so it is unclear whether the amount is taxed.`,
    );
  if (magnitude > grossMagnitude)
    return unpostable(
      `the tax ${formatCents(magnitude)} is more than the line's tax-inclusive amount ${formatCents(grossMagnitude)}.`,
    );
  const accountKey = context.index.systemAccountKey('tax');
  if (accountKey === undefined)
    return unpostable(
      `the line carries ${formatCents(magnitude)} of tax, and the chart of accounts has no tax account (Xero type "Sales Tax", "GST" or "VAT") to post it to. Add the tax account to the chart export, or mark one with "systemRole": "tax" under "accounts" in the override file.`,
    );
  return { cents: grossCents < 0n ? -magnitude : magnitude, type, accountKey };
}
