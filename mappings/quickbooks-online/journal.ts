import { centsOf } from '../../src/money/index.js';
import { isBlankCell } from '../../src/sources/cell.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import { vocabulary, vocabularyKey } from '../../src/sources/table-mapping/row-fields.js';
import type { TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { titleText } from '../../src/sources/table/report-date.js';
import type { TableRow } from '../../src/sources/table/table-row.js';
import { activitySteps, carriedKinds } from '../shared/activity/activity-records.js';
import { agingItems, agingReportTable } from '../shared/activity/aging-report.js';
import { DocumentRegister } from '../shared/activity/document-register.js';
import { registerOpenItems } from '../shared/activity/open-items.js';
import {
  HeldTransactions,
  type ReportedLine,
  type ReportedTransaction,
  type TransactionKind,
} from '../shared/activity/reported-transaction.js';

/**
 * QuickBooks' Journal report (QuickBooks Online: Reports → Journal, the period from the cutover to
 * the end date, Export to Excel; QuickBooks Desktop: Reports → Accountant & Taxes → Journal, Excel →
 * Create New Worksheet or CSV): every transaction as a block of rows, a dated first row with its type,
 * number and name, a row per account with its debit or credit, a subtotal row. Every invoice, bill,
 * credit, payment, deposit, expense, transfer and journal entry after the cutover is read from it
 * (mappings/shared/activity/activity-records.ts); a kind an import layout of the folder carries
 * (Customer Payments, say) is left to that file. Recognised by its title whatever it is called.
 */

/** How the report's Transaction Type names each kind of transaction (QuickBooks Online and Desktop). */
const kinds = vocabulary<TransactionKind>({
  invoice: 'invoice',
  'credit memo': 'credit-note',
  bill: 'bill',
  'vendor credit': 'vendor-credit',
  'supplier credit': 'vendor-credit',
  credit: 'vendor-credit',
  payment: 'customer-payment',
  'receive payment': 'customer-payment',
  'bill payment': 'vendor-payment',
  'bill payment (check)': 'vendor-payment',
  'bill payment (cheque)': 'vendor-payment',
  'bill payment (credit card)': 'vendor-payment',
  'bill pmt -check': 'vendor-payment',
  'bill pmt -ccard': 'vendor-payment',
  expense: 'bank',
  check: 'bank',
  cheque: 'bank',
  deposit: 'bank',
  'bank deposit': 'bank',
  transfer: 'bank',
  'cash expense': 'bank',
  'credit card expense': 'bank',
  'credit card credit': 'bank',
  'credit card charge': 'bank',
  'credit card payment': 'bank',
  'sales receipt': 'bank',
  refund: 'bank',
  'refund receipt': 'bank',
  'journal entry': 'journal',
  'general journal': 'journal',
});

/** The kind a Transaction Type names, if Ledgerlift migrates it. */
function kindOf(type: string): TransactionKind | undefined {
  return kinds.get(vocabularyKey(type));
}

/** The Journal report as read so far: its transactions, in report order. */
interface JournalReport {
  file: string;
  transactions: ReportedTransaction[];
  /** How often each key was taken: a later transaction under the same one is numbered. */
  keys: Map<string, number>;
}

const REPORT_KEY = 'quickbooks:journal';
const REGISTER_KEY = 'quickbooks:documents';

function journalOf(context: MappingContext): JournalReport {
  let report = context.facts.get(REPORT_KEY) as JournalReport | undefined;
  if (!report) {
    report = { file: context.table.file, transactions: [], keys: new Map() };
    context.facts.set(REPORT_KEY, report);
  }
  return report;
}

/** The documents the Journal's payments may settle: the import layouts', the aged reports'. */
export function journalRegisterOf(context: MappingContext): DocumentRegister {
  let register = context.facts.get(REGISTER_KEY) as DocumentRegister | undefined;
  if (!register) {
    register = new DocumentRegister(context.defaultCurrency, context.cutoverDate);
    context.facts.set(REGISTER_KEY, register);
  }
  return register;
}

/** Each transaction of the report starts with a dated row. */
function startsTransaction(row: TableRow): boolean {
  return !isBlankCell(row.cell('Date'));
}

export const quickBooksJournal: TableSpec<'bank-transaction'> = {
  id: 'bank_transactions',
  entity: 'bank-transaction',
  fileNames: ['journal', 'journal report', 'general ledger journal'],
  titled: (lines) => lines.some((line) => /^journal$/i.test(titleText(line))),
  columns: [
    { id: 'Date', headers: ['Date', 'Transaction Date', 'Trans Date'], required: true },
    { id: 'Transaction Type', headers: ['Transaction Type', 'Type', 'Trans Type'], required: true },
    { id: 'Num', headers: ['Num', 'No.', 'Number'] },
    { id: 'Name', headers: ['Name'] },
    { id: 'Memo/Description', headers: ['Memo/Description', 'Memo', 'Description'] },
    { id: 'Account', headers: ['Account', 'Account full name', 'Split'], required: true },
    { id: 'Debit', headers: ['Debit'], required: true },
    { id: 'Credit', headers: ['Credit'], required: true },
  ],
  // The report's first column, under no header, holds only its closing TOTAL.
  ignoredColumns: [''],
  dateColumns: ['Date'],
  amountColumns: ['Debit', 'Credit'],
  startsGroup: startsTransaction,
  map(rows, context) {
    const [first] = rows;
    if (!first) return [];
    const report = journalOf(context);
    const type = first.required('Transaction Type');
    const date = first.date('Date', { required: true });
    const num = first.text('Num');
    const lines: ReportedLine[] = [];
    let name: string | undefined;
    for (const row of rows) {
      const account = row.text('Account');
      // The block's subtotal row, and the report's TOTAL, name no account.
      if (!account) continue;
      name ??= row.text('Name');
      const debit = row.moneyOrZero('Debit');
      const credit = row.moneyOrZero('Credit');
      const accountKey = context.index.accountKey(account);
      if (accountKey === undefined)
        row.fail(
          'reference.unknown-account',
          `${row.where('Account')}: "${account}" is no account of the account list. Export the Account List with the report, or rename the account to match.`,
          'Account',
        );
      if (debit === undefined || credit === undefined || accountKey === undefined) continue;
      lines.push({
        accountKey,
        amount: centsOf(debit) - centsOf(credit),
        description: row.text('Memo/Description') ?? '',
        location: row.location(),
      });
    }
    if (rows.some((row) => row.failed) || !type || !date) return [];
    // Kept as the bank and journal entry keys always were: a bank line by its number, an entry by
    // type and number; otherwise by date, type and name.
    const kind = kindOf(type);
    const base = num
      ? kind === 'bank'
        ? num
        : `${type} ${num}`
      : [date, type, name].filter(Boolean).join(' ');
    const count = (report.keys.get(base) ?? 0) + 1;
    report.keys.set(base, count);
    report.transactions.push({
      key: count === 1 ? base : `${base} #${count}`,
      date,
      type,
      contact: name,
      reference: num,
      lines,
      location: first.location(),
    });
    return [];
  },
};

/**
 * The Journal's records, once the documents of the import layouts and the aged reports are known.
 */
export const [quickBooksJournalDocuments, quickBooksJournalSettlements] = activitySteps(
  'journal',
  (context) => {
    const report = context.facts.get(REPORT_KEY) as JournalReport | undefined;
    const register = journalRegisterOf(context);
    // The documents open at the cutover, where no import layout holds them.
    for (const factsKey of [AR_AGING, AP_AGING])
      registerOpenItems(agingItems(context, factsKey), register, context.defaultCurrency ?? 'USD');
    return {
      report: {
        file: report?.file ?? '',
        title: 'Journal report',
        transactions: HeldTransactions.of(report?.transactions ?? []),
        kindOf,
        carried: carriedKinds(context),
      },
      register,
    };
  },
);

const AR_AGING = 'quickbooks:receivables-aging';
const AP_AGING = 'quickbooks:payables-aging';

/** A/R Aging Detail (or Open Invoices) as of the day before the cutover: the open invoices. */
export const quickBooksReceivablesAging = agingReportTable({
  id: 'aged_receivables',
  entity: 'invoice',
  titles: ['A/R Aging Detail', 'Open Invoices', 'Accounts Receivable Aging Detail'],
  factsKey: AR_AGING,
});

/** A/P Aging Detail (or Unpaid Bills) as of the day before the cutover: the open bills. */
export const quickBooksPayablesAging = agingReportTable({
  id: 'aged_payables',
  entity: 'bill',
  titles: [
    'A/P Aging Detail',
    'Unpaid Bills',
    'Unpaid Bills Detail',
    'Accounts Payable Aging Detail',
  ],
  factsKey: AP_AGING,
});
