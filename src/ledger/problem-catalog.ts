import type { EntityName, Problem, Severity, SourceLocation } from './index.js';

/**
 * Every problem code Ledgerlift reports while reading, mapping and validating a legacy ledger, with
 * its default severity and what it means. Codes are stable: reports, scripts and the migration filter
 * on them. docs/mappings.md lists the same table for consultants (a test keeps the two in step).
 */
export const problemCatalog = {
  // Files and folders
  'file.not-found': [
    'error',
    'A file the format needs is not in the folder (names tried are listed).',
  ],
  'file.unreadable': ['error', 'A file could not be opened or is not the type its extension says.'],
  'file.optional-missing': ['info', 'An optional file is absent; its entity is not migrated.'],
  'export.activity-missing': [
    'error',
    'No activity report for the cutover to the end date, though the document exports show amounts paid that nothing else dates.',
  ],
  'export.open-items-missing': [
    'warning',
    'Neither an aged report nor a document export gives what was open at the cutover, though the opening trial balance holds receivables or payables.',
  ],
  'export.closing-balance-missing': [
    'warning',
    'No trial balance at the end date: the books are compared with the opening trial balance rolled forward by the exports themselves.',
  ],
  'file.duplicate': [
    'error',
    'More than one file (or sheet) could be a table; only the first is read. Remove the others.',
  ],
  'file.near-miss': [
    'warning',
    'A file is named almost like a table (`customers (1).csv`, `.csv.txt`); not read. Rename it.',
  ],
  'overrides.invalid': ['error', 'The override file is not valid JSON or breaks its schema.'],
  // Export archives (a ZIP given as the source, or saved in the export folder)
  'archive.unreadable': [
    'error',
    'An export ZIP could not be read (damaged, encrypted, or ZIP64); none of its files is read.',
  ],
  'archive.too-large': [
    'error',
    'An export ZIP holds too many entries, or inflates too far (a ZIP bomb); none is read.',
  ],
  'archive.unsafe-entry': [
    'error',
    'An export ZIP names an entry that leads outside it (.., an absolute path, a link); none is read.',
  ],
  'archive.name-clash': [
    'error',
    'Two files of an export ZIP, or a ZIP and its folder, share a name but not their content.',
  ],
  'archive.duplicate-file': [
    'info',
    'A file inside an export ZIP is the same as one beside it in the folder: read once.',
  ],
  'archive.nested-archive': ['warning', 'An export ZIP holds another ZIP, which is not read.'],
  // Text and encodings
  'encoding.mixed': [
    'warning',
    'A file mixes UTF-8 and Windows-1252 lines; each was read in its own (one per file, naming the odd lines).',
  ],
  'encoding.replacement': ['warning', 'A value holds undecodable bytes (shown as \uFFFD).'],
  // CSV structure
  'csv.unterminated-quote': [
    'error',
    'A quoted value is never closed; the rest of the file is unreadable.',
  ],
  'csv.invalid-quote': [
    'error',
    'A quote appears inside an unquoted value or after a closing quote.',
  ],
  'csv.record-too-large': [
    'error',
    'One record is larger than 1 MiB, almost always a stray quote.',
  ],
  'csv.column-count': [
    'error',
    'A row has more cells than the header (usually a wrong delimiter or stray separator).',
  ],
  'csv.too-many-cells': [
    'error',
    'A row has more than 16,384 cells (a runaway line of separators).',
  ],
  'csv.truncated': ['warning', 'The file ends in the middle of a row (the last row may be cut).'],
  'csv.split-row': [
    'error',
    'Consecutive lines are one row cut by a line break inside an unquoted value; not read.',
  ],
  'csv.quote-spans-rows': [
    'error',
    'A stray quote swallowed the rows up to its closing quote into one value; not read.',
  ],
  // Headers
  'row.repeated-header': [
    'warning',
    'A row repeats the header mid-file (two exports pasted together); it is not read.',
  ],
  'row.template-sample': [
    'warning',
    "The template's own sample row was left in the export; it is not read.",
  ],
  'column.unused': [
    'info',
    'Columns no table reads, once per file; a warning when one holding values is named like money, tax, a date or an id.',
  ],
  'column.unnamed': ['warning', 'Values stand under a blank header cell, so they are not read.'],
  'header.not-found': ['error', 'No row in the first rows has the expected columns.'],
  'header.missing-column': ['error', 'The header lacks a required column.'],
  'header.duplicate-column': [
    'error',
    'Two header cells map to the same column, so the value is ambiguous.',
  ],
  // XLSX
  'xlsx.sheet-not-found': ['error', 'The workbook has no sheet with the expected name.'],
  'xlsx.sheet-hidden': [
    'error',
    'The sheet to read is hidden (or the workbook shows none); hidden sheets are never read.',
  ],
  'xlsx.formula-without-result': [
    'error',
    'A formula cell has no saved result and no formula of its own (a shared formula).',
  ],
  'xlsx.formula-unsupported': [
    'error',
    'A formula without a saved result uses what the reader does not evaluate (a function, a sheet).',
  ],
  'xlsx.formula-unresolved': [
    'error',
    'A formula without a saved result refers to a cell below, itself, text or an error.',
  ],
  'xlsx.formula-result-differs': [
    'error',
    "A formula's saved result is not what the formula gives (saved without recalculating).",
  ],
  'xlsx.error-value': ['error', 'A cell holds an Excel error value such as #REF!.'],
  'xlsx.date-as-number': [
    'error',
    'A workbook date column holds a number under no date format (Excel shows a number).',
  ],
  'xlsx.date-1900-02-29': [
    'error',
    "A date cell holds Excel's fictitious 29 February 1900 (serial 60).",
  ],
  'xlsx.merged-cells': [
    'warning',
    'Cells merged across rows: only the first row of the range holds the value.',
  ],
  'xlsx.unreadable': ['error', 'The workbook could not be read (corrupt or not an XLSX file).'],
  'xlsx.legacy-xls': [
    'error',
    'The file is a legacy Excel 97-2003 (.xls) or other binary Office file: save it as .xlsx.',
  ],
  'xlsx.encrypted': [
    'error',
    'The workbook is protected with a password (encrypted): clear the password and save it.',
  ],
  'xlsx.part-too-large': [
    'error',
    'A workbook part inflates past its size limit (a ZIP bomb or an oversized sheet).',
  ],
  'xlsx.cell-reference-invalid': [
    'error',
    'A cell or row reference lies beyond column XFD or row 1,048,576.',
  ],
  'xlsx.shared-strings-too-large': [
    'error',
    'The workbook holds more shared text than the reader keeps (count or size).',
  ],
  'xlsx.xml-node-too-large': [
    'error',
    'One XML tag or text run in the workbook is larger than 1 MiB.',
  ],
  'xlsx.cell-text-too-long': [
    'error',
    'One cell holds more than 32,767 characters across its text runs (Excel keeps at most that).',
  ],
  'xlsx.too-many-cells': [
    'error',
    'One sheet lays out more than 67,108,864 cells (1,048,576 rows of 64 columns).',
  ],
  'xlsx.rows-out-of-order': [
    'error',
    'A sheet row is numbered at or before the row above it (rows must ascend).',
  ],
  'xlsx.shared-string-missing': [
    'error',
    'A cell refers to a shared string the workbook does not hold (a damaged file).',
  ],
  'xlsx.duplicate-cell': [
    'error',
    'A cell reference is written twice in a sheet, so its value is unclear (a damaged file).',
  ],
  // Values
  'value.required': ['error', 'A required value is empty.'],
  'value.invalid': [
    'error',
    'A value is not one of the accepted words (e.g. an unknown account type).',
  ],
  'amount.invalid': ['error', 'A value is not an amount.'],
  'amount.too-many-decimals': ['error', 'A money amount has more than two decimal places.'],
  'amount.ambiguous-format': [
    'error',
    'Amounts like 10.000 read two ways and nothing in the file shows its decimal mark.',
  ],
  'amount.format-conflict': [
    'error',
    'Some amounts of a file have a decimal comma, others a decimal point; set decimalSeparator.',
  ],
  'amount.currency-mismatch': [
    'error',
    "An amount is written in another currency than its record's (EUR 1,000.00 in USD books).",
  ],
  'decimal.invalid': ['error', 'A quantity or price is not a number.'],
  'date.invalid': ['error', 'A value is not a valid date in the date format in force.'],
  'date.ambiguous-format': [
    'error',
    'Dates of a file could be day-first or month-first and nothing decides; set dateFormat.',
  ],
  'date.order-assumed': [
    'info',
    'Every date of a file reads both ways; it was read in the order another file shows.',
  ],
  'date.order-conflict': [
    'error',
    'Some dates of a file fit only day-first, others only month-first; set dateFormat.',
  ],
  'date.excel-serial': [
    'error',
    'A CSV date is an Excel serial number (a formatting slip in Excel).',
  ],
  // Mapping
  'account.unknown-type': [
    'error',
    'A legacy account type has no canonical kind; map it in the override file.',
  ],
  'account.unresolved-reference': [
    'warning',
    'A name in a report matched no account; it is kept as written.',
  ],
  'contact.role-unknown': [
    'info',
    'A Xero contact has no sales or purchases; it is migrated as a customer.',
  ],
  'customer.job-merged': ['info', 'A QuickBooks job (Customer:Job) is merged into its customer.'],
  'document.missing-currency': [
    'error',
    'A document has no currency and no default currency is set.',
  ],
  'document.inconsistent-rows': [
    'warning',
    'Rows of one document disagree on a header field; the first row wins.',
  ],
  'document.unknown-type': [
    'error',
    'A document Type value is not invoice/credit note (or bill/vendor credit).',
  ],
  'document.tracking-dropped': [
    'info',
    'A Xero document line has tracking categories; the workspace document keeps none.',
  ],
  'line.missing-account': ['error', 'A document line has no account and its item names none.'],
  'line.tax-allocated': ['info', 'A document-level tax amount was spread over its lines.'],
  'api.row-refused': [
    'error',
    'A row the API refuses as the legacy books hold it (a number too long, a negative total): fix it there.',
  ],
  'api.value-adapted': [
    'info',
    'A value the API does not take, sent in a form it takes (a text cut, an email left out); books unchanged.',
  ],
  'line.reclassified': [
    'info',
    'A sales line on an account other than income: posted to the clearing account, then moved to its own by a journal.',
  ],
  'journal.not-balanced': ['error', 'A journal entry whose debits do not equal its credits.'],
  'journal.party-dropped': [
    'info',
    'A journal line named a customer or vendor; the workspace journal line keeps the account only.',
  ],
  'journal.not-migrated': [
    'warning',
    'A journal entry has no canonical form; post it by hand if after cutover.',
  ],
  'transaction.unsupported': [
    'warning',
    'A transaction type the mapping does not migrate, dated before the cutover.',
  ],
  'transaction.left-out': [
    'error',
    'A transaction from the cutover on that is not migrated: it blocks the live run.',
  ],
  'transaction.skipped-kind': [
    'info',
    'A transaction not migrated because its kind was skipped with --skip-kind.',
  ],
  'payment.auto-applied': [
    'info',
    'A payment without a document link was applied to the oldest open documents.',
  ],
  'payment.unapplied': ['error', 'A payment has no document to apply to.'],
  'bank.tax-unpostable': [
    'error',
    'A bank line’s tax cannot be posted (tax on an untaxed rate, over the gross, no tax account).',
  ],
  'balance.trial-missing-date': [
    'error',
    'A trial balance has no as-of date; set trialBalanceDate.',
  ],
  'iif.missing-header': [
    'error',
    'An IIF row appears before the !HEADER row that names its columns.',
  ],
  'iif.line-too-large': [
    'error',
    'An IIF line is longer than 1 MiB or has more than 16,384 cells.',
  ],
  'iif.unbalanced-transaction': ['error', 'An IIF transaction whose splits do not sum to zero.'],
  'iif.unterminated-transaction': ['error', 'A TRNS block without ENDTRNS.'],
  'iif.not-tab-delimited': [
    'error',
    'An IIF file saved with commas instead of tabs; nothing in it can be read.',
  ],
  'iif.no-rows': ['warning', 'An IIF file holds no rows; nothing is read from it.'],
  'iif.percent-rate': [
    'info',
    'An IIF price written as a rate ("7.5%"): the line keeps its amount, the item gets no price.',
  ],
  'record.invalid': [
    'error',
    'A mapped record breaks the canonical model (a bug or an odd value).',
  ],
  // Cross-entity validation
  'key.duplicate': ['error', 'Two records of one entity share a legacy key.'],
  'reference.unknown-account': ['error', 'An account reference matches no account.'],
  'reference.unknown-customer': ['error', 'A customer reference matches no customer.'],
  'reference.unknown-vendor': ['error', 'A vendor reference matches no vendor.'],
  'reference.unknown-product': ['error', 'An item reference matches no product.'],
  'reference.unknown-document': [
    'error',
    'A payment or credit names a document that is not in the ledger.',
  ],
  'reference.ambiguous-document': [
    'error',
    'A payment or credit names a number that two open documents of its contact share.',
  ],
  'document.draft': ['info', 'A draft or awaiting-approval document: not migrated.'],
  'document.void': ['info', 'A voided document from the cutover on: not migrated.'],
  'reference.not-a-bank-account': [
    'error',
    'Money moves through an account that is not a bank or credit card.',
  ],
  'reference.wrong-party': ['error', 'A payment or credit is applied to another party’s document.'],
  'reference.wrong-document-type': [
    'error',
    'A payment or credit is applied to the wrong kind of document.',
  ],
  'account.system-role-duplicate': ['warning', 'Two accounts claim the same system role.'],
  'document.subtotal-mismatch': ['error', 'Line amounts do not add up to the subtotal.'],
  'document.tax-mismatch': ['error', 'Line tax does not add up to the tax total.'],
  'document.total-mismatch': ['error', 'Subtotal plus tax is not the total.'],
  'document.amount-due-exceeds-total': ['error', 'The amount due is larger than the total.'],
  'document.conversion': [
    'info',
    'An open document before the cutover: migrated against the clearing account.',
  ],
  'document.closed-before-cutover': [
    'info',
    'A paid, void or draft document before the cutover: not migrated.',
  ],
  'document.due-before-date': ['warning', 'A due date before the document date.'],
  'line.amount-mismatch': [
    'error',
    'A line amount is not quantity × unit price (beyond rounding).',
  ],
  'balance.opening-unbalanced': ['error', 'Opening balance debits and credits differ.'],
  'balance.both-sides': ['warning', 'An opening balance line has both a debit and a credit.'],
  'balance.receivables-mismatch': [
    'warning',
    'The receivables opening balance differs from open invoices at cutover.',
  ],
  'balance.payables-mismatch': [
    'warning',
    'The payables opening balance differs from open bills at cutover.',
  ],
  'payment.over-allocated': ['error', 'A payment’s allocations add up to more than the payment.'],
  'payment.exceeds-document': [
    'error',
    'Payments and credits applied to a document exceed its total.',
  ],
  'payment.non-positive': ['error', 'A payment or allocation amount is zero or negative.'],
  'payment.under-allocated': [
    'warning',
    'Part of a payment is not allocated (it stays as a credit).',
  ],
  'credit.exceeds-credit': ['error', 'Applications of a credit exceed the credit’s total.'],
  'currency.mismatch': ['error', 'Currencies disagree (payment vs document, document vs party).'],
  'currency.foreign': ['info', 'A record in a currency other than the base currency.'],
  'currency.no-base-value': [
    'error',
    'A foreign-currency document that nothing values in base currency (no rate, no aged report, no trial balance).',
  ],
  'aged.report-date': [
    'warning',
    'An aged receivables or payables report not as at the day before the cutover: not used.',
  ],
  'aged.duplicate-document': [
    'warning',
    'An aged receivables or payables report lists a document twice: the first row is used.',
  ],
  'activity.unbalanced': [
    'error',
    'A transaction rebuilt from an activity report (Account Transactions, Journal) does not balance.',
  ],
  'activity.document-unreadable': [
    'error',
    'A document in an activity report has no receivables or payables line or no contact.',
  ],
  'activity.payment-inferred': [
    'warning',
    'An activity report’s payment names no document: the one it settles was inferred.',
  ],
  'activity.payment-unmatched': [
    'warning',
    'An activity report’s payment settles no document of the exports: migrated on account.',
  ],
  'activity.conversion-residual': [
    'info',
    'A foreign document’s parts settled a cent more than it had open: kept on the control account, no contact’s.',
  ],
  'activity.due-at-cutover-assumed': [
    'info',
    'What a foreign document had due at the cutover, in its currency, was assumed to be its total.',
  ],
  'currency.base-value-estimated': [
    'warning',
    'Foreign documents open at the cutover valued from the trial balance’s receivables or payables, pro rata.',
  ],
  'currency.invalid-rate': ['error', 'An exchange rate is zero, negative or not a number.'],
  'currency.foreign-payment': [
    'error',
    'A foreign-currency payment after the cutover (realised gains are not migrated).',
  ],
  'date.before-cutover': [
    'info',
    'A payment or bank transaction before the cutover: the opening balance covers it.',
  ],
  'date.after-end': ['error', 'A record dated after the migration end date.'],
  'balance.trial-unbalanced': ['warning', 'The legacy trial balance’s debits and credits differ.'],
  'balance.trial-on-cutover': [
    'error',
    'A trial balance is dated on the cutover itself; the opening balance is the day before.',
  ],
  'balance.trial-unused': [
    'warning',
    'A trial balance is dated neither the day before the cutover nor after it: not used.',
  ],
  'balance.trial-recognised': [
    'info',
    'A trial balance, recognised by its title and date, and the role its date gives it.',
  ],
  'balance.trial-date-mismatch': [
    'error',
    'The legacy trial balance is not as at the end date the verification checks.',
  ],
} as const satisfies Record<string, readonly [Severity, string]>;

export type ProblemCode = keyof typeof problemCatalog;

/** Where a problem points and which record it concerns. */
export interface ProblemTarget {
  location?: SourceLocation | undefined;
  entity?: EntityName | undefined;
  key?: string | undefined;
  /** Overrides the catalog's default severity (e.g. date.after-end on a trial balance line). */
  severity?: Severity;
}

/** Builds a problem with the catalog's severity for `code`. */
export function problemOf(code: ProblemCode, message: string, target: ProblemTarget = {}): Problem {
  const problem: Problem = {
    severity: target.severity ?? problemCatalog[code][0],
    code,
    message,
  };
  if (target.location) problem.location = target.location;
  if (target.entity) problem.entity = target.entity;
  if (target.key !== undefined) problem.key = target.key;
  return problem;
}
