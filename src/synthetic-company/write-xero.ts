import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { LedgerRecord } from '../ledger/index.js';
import { centsOf, type Cents } from '../money/index.js';
import type { GeneratedCompany } from './company-generator.js';
import { CsvFile, type Row } from './xero/csv-file.js';
import { documentRows } from './xero/document-rows.js';
import { addDays } from './xero/xero-values.js';
import * as layouts from '../../mappings/xero/export-layouts.js';
import { accountRow, contactRow, itemRow } from './xero/master-data-rows.js';
import { References } from './xero/references.js';
import { bankStatementRow, creditAllocationRow, paymentRows } from './xero/movement-rows.js';
import { trialBalanceReportLines } from './xero/trial-balance-report.js';

/** The organisation name printed in the report titles. */
const ORGANISATION = 'Ledgerlift Sample Company';

/** Which export file each entity goes to (the two balance reports are written at the end). */
const layoutOf: Partial<Record<LedgerRecord['entity'], layouts.Layout>> = {
  account: layouts.chartOfAccounts,
  customer: layouts.contacts,
  vendor: layouts.contacts,
  product: layouts.inventoryItems,
  invoice: layouts.salesInvoices,
  bill: layouts.bills,
  'bank-transaction': layouts.bankStatement,
  'customer-payment': layouts.payments,
  'vendor-payment': layouts.payments,
  'credit-application': layouts.creditNoteAllocations,
};

/** The export rows of one record, noting master data and balances on the way. */
function rowsOf(
  record: LedgerRecord,
  refs: References,
  balances: { opening: Map<string, Cents>; closing: Map<string, Cents> },
): Row[] {
  const net = (line: { debit: string; credit: string }) =>
    centsOf(line.debit) - centsOf(line.credit);
  switch (record.entity) {
    case 'account':
      refs.accounts.set(record.value.key, record.value);
      return [accountRow(record.value)];
    case 'customer':
      refs.customers.set(record.value.key, record.value);
      return [contactRow(record.value, refs.contactDefaults('customer'))];
    case 'vendor':
      refs.vendors.set(record.value.key, record.value);
      return [contactRow(record.value, refs.contactDefaults('vendor'))];
    case 'product':
      return [itemRow(record.value, refs.codeOf)];
    case 'opening-balance': {
      const { accountKey } = record.value;
      balances.opening.set(
        accountKey,
        (balances.opening.get(accountKey) ?? 0n) + net(record.value),
      );
      return [];
    }
    case 'invoice':
      return documentRows(record.value, refs.customers.get(record.value.customerKey), refs.codeOf);
    case 'bill':
      return documentRows(record.value, refs.vendors.get(record.value.vendorKey), refs.codeOf);
    case 'bank-transaction':
      return [bankStatementRow(record.value, refs.codeOf, refs.bankLineName(record.value))];
    case 'customer-payment':
    case 'vendor-payment': {
      const party = record.entity === 'customer-payment' ? 'customer' : 'vendor';
      const name = refs.nameOf(party, record.value.partyKey);
      return paymentRows(record.entity, record.value, name, refs.codeOf);
    }
    case 'credit-application':
      return [creditAllocationRow(record.value)];
    case 'journal-entry':
      // Generated companies hold no manual journals.
      return [];
    case 'trial-balance': {
      const { accountKey } = record.value;
      balances.closing.set(
        accountKey,
        (balances.closing.get(accountKey) ?? 0n) + net(record.value),
      );
      return [];
    }
  }
}

/**
 * Writes a generated company as the files a Xero organisation exports (chart of accounts, contacts,
 * inventory items, sales invoices, bills, bank statement, the documented payments and credit note
 * allocations layouts, and the Trial Balance report at the day before the cutover and at the end
 * date), in a US organisation's formats. Rows stream to disk as records are visited, so records must
 * come in entity dependency order (as `generateCompany` gives them): rows name accounts by code and
 * contacts by name, looked up from the master data already seen. Deterministic: the same company
 * gives the same bytes. Answers the files written, sorted.
 */
export async function writeXeroExport(
  company: GeneratedCompany,
  folder: string,
): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  const files = new Map<layouts.Layout, CsvFile>();
  const refs = new References();
  const balances = { opening: new Map<string, Cents>(), closing: new Map<string, Cents>() };
  for (const record of company.records) {
    const rows = rowsOf(record, refs, balances);
    const layout = layoutOf[record.entity];
    if (!layout || rows.length === 0) continue;
    let file = files.get(layout);
    if (!file) {
      file = new CsvFile(path.join(folder, layout.file), layout.headers);
      files.set(layout, file);
    }
    for (const row of rows) await file.row(row);
  }
  const written = await Promise.all([...files.values()].map((file) => file.close()));

  // The cutover is the start of the financial year, so the opening report's YTD columns hold only
  // balance sheet balances; its Debit/Credit (December's movement) is history the generator does not
  // keep, so it stays blank. The closing report's period is the migrated window.
  const reports = [
    {
      file: layouts.openingTrialBalanceFile,
      asOf: addDays(company.cutoverDate, -1),
      balances: balances.opening,
      movements: new Map<string, Cents>(),
    },
    {
      file: layouts.trialBalanceFile,
      asOf: company.endDate,
      balances: balances.closing,
      movements: movementsBetween(balances.opening, balances.closing),
    },
  ];
  for (const report of reports) {
    const file = new CsvFile(path.join(folder, report.file));
    const lines = trialBalanceReportLines({
      organisation: ORGANISATION,
      asOf: report.asOf,
      accounts: refs.accounts,
      balances: report.balances,
      movements: report.movements,
    });
    for (const line of lines) await file.line(line);
    written.push(await file.close());
  }
  return written.sort();
}

/** Closing less opening balance, per account in either. */
function movementsBetween(
  opening: ReadonlyMap<string, Cents>,
  closing: ReadonlyMap<string, Cents>,
): Map<string, Cents> {
  const movements = new Map<string, Cents>();
  for (const key of new Set([...opening.keys(), ...closing.keys()]))
    movements.set(key, (closing.get(key) ?? 0n) - (opening.get(key) ?? 0n));
  return movements;
}
