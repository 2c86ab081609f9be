import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Account, LedgerRecord, PurchaseDocument, SalesDocument } from '../ledger/index.js';
import { centsOf, type Cents } from '../money/index.js';
import type { GeneratedCompany } from './company-generator.js';
import * as layouts from '../../mappings/xero/export-layouts.js';
import { AccountTransactionsReport } from './xero/account-transactions-report.js';
import { agedDetailLines, type AgedItem } from './xero/aged-detail-report.js';
import { CsvFile } from './xero/csv-file.js';
import { documentRows } from './xero/document-rows.js';
import { accountRow, contactRow, itemRow } from './xero/master-data-rows.js';
import { References } from './xero/references.js';
import {
  bankPostings,
  documentPostings,
  journalPostings,
  paymentPostings,
  type ControlAccounts,
} from './xero/report-postings.js';
import { trialBalanceReportLines } from './xero/trial-balance-report.js';
import { addDays } from './xero/xero-values.js';

/** The organisation name printed in the report titles. */
const ORGANISATION = 'Ledgerlift Sample Company';

type Document = SalesDocument | PurchaseDocument;

/**
 * What was settled on each document after the cutover (payments and credits applied), by document
 * key: with what is due at the end, what was due at the cutover (the aged reports' amount).
 */
function settledAfterCutover(records: readonly LedgerRecord[]): Map<string, Cents> {
  const settled = new Map<string, Cents>();
  const add = (key: string, amount: string) =>
    settled.set(key, (settled.get(key) ?? 0n) + centsOf(amount));
  for (const record of records) {
    if (record.entity === 'customer-payment' || record.entity === 'vendor-payment')
      for (const allocation of record.value.allocations)
        add(allocation.documentKey, allocation.amount);
    else if (record.entity === 'credit-application') {
      add(record.value.documentKey, record.value.amount);
      add(record.value.creditKey, record.value.amount);
    }
  }
  return settled;
}

/** The chart's receivables, payables and tax accounts, by their system role. */
function controlAccounts(accounts: ReadonlyMap<string, Account>): ControlAccounts {
  const withRole = (role: Account['systemRole']) => {
    const account = [...accounts.values()].find((candidate) => candidate.systemRole === role);
    if (!account) throw new Error(`the chart has no ${String(role)} account`);
    return account.key;
  };
  return { receivable: withRole('receivable'), payable: withRole('payable'), tax: withRole('tax') };
}

/**
 * Writes a generated company as a consultant gets it from Xero's screens, every file found by its
 * content: Chart of Accounts, Contacts and Inventory Items (the lists' CSV exports), Sales Invoices
 * and Bills (the documents' CSV exports, credit notes with them), the Trial Balance report at the
 * day before the cutover and at the end date, Aged Receivables Detail and Aged Payables Detail at
 * the day before the cutover, and the Account Transactions report from the cutover to the end date,
 * the one file holding every payment, bank line, transfer and manual journal (Xero posts nothing
 * for a credit note's allocation: the documents' amounts due carry it). No payments, statement or
 * allocations file, no import layout. The company must be in one currency (the aged reports' base
 * values are the documents' own) and come in entity dependency order, as `generateCompany` gives
 * it. Deterministic: the same company gives the same bytes. Answers the files written, sorted.
 */
export async function writeXeroReports(
  company: GeneratedCompany,
  folder: string,
): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  const opening = addDays(company.cutoverDate, -1);
  const refs = new References();
  const files = new Map<layouts.Layout, CsvFile>();
  const fileFor = (layout: layouts.Layout) => {
    let file = files.get(layout);
    if (!file) {
      file = new CsvFile(path.join(folder, layout.file), layout.headers);
      files.set(layout, file);
    }
    return file;
  };
  const balances = { opening: new Map<string, Cents>(), closing: new Map<string, Cents>() };
  const addTo = (map: Map<string, Cents>, key: string, line: { debit: string; credit: string }) =>
    map.set(key, (map.get(key) ?? 0n) + centsOf(line.debit) - centsOf(line.credit));
  const settled = settledAfterCutover(company.records);
  const numbers = new Map<string, string>();
  const aged: { receivable: AgedItem[]; payable: AgedItem[] } = { receivable: [], payable: [] };
  const activity = new AccountTransactionsReport(refs.accounts);
  let controls: ControlAccounts | undefined;
  const controlsOf = () => (controls ??= controlAccounts(refs.accounts));
  const inPeriod = (date: string) => date >= company.cutoverDate && date <= company.endDate;

  const document = async (value: Document, sales: boolean) => {
    const party = sales
      ? refs.customers.get((value as SalesDocument).customerKey)
      : refs.vendors.get((value as PurchaseDocument).vendorKey);
    const contact = party?.name ?? ('customerKey' in value ? value.customerKey : value.vendorKey);
    if (value.currency !== company.currency)
      throw new Error(
        `${value.number} is in ${value.currency}: the aged reports need its base value`,
      );
    numbers.set(value.key, value.number);
    const file = fileFor(sales ? layouts.salesInvoices : layouts.bills);
    for (const row of documentRows(value, party, refs.codeOf)) await file.row(row);
    if (inPeriod(value.date) && value.status !== 'draft' && value.status !== 'void')
      activity.post(documentPostings(value, contact, controlsOf()));
    if (company.openAtCutover.has(value.key)) {
      const due = centsOf(value.amountDue ?? value.total) + (settled.get(value.key) ?? 0n);
      const credit = value.type === 'credit-note' || value.type === 'vendor-credit';
      aged[sales ? 'receivable' : 'payable'].push({
        contact,
        date: value.date,
        dueDate: value.dueDate,
        number: value.number,
        reference: value.reference,
        due: credit ? -due : due,
        taxTotal: centsOf(value.taxTotal),
        total: centsOf(value.total),
      });
    }
  };

  for (const record of company.records) {
    switch (record.entity) {
      case 'account':
        refs.accounts.set(record.value.key, record.value);
        await fileFor(layouts.chartOfAccounts).row(accountRow(record.value));
        break;
      case 'customer':
        refs.customers.set(record.value.key, record.value);
        await fileFor(layouts.contacts).row(
          contactRow(record.value, refs.contactDefaults('customer')),
        );
        break;
      case 'vendor':
        refs.vendors.set(record.value.key, record.value);
        await fileFor(layouts.contacts).row(
          contactRow(record.value, refs.contactDefaults('vendor')),
        );
        break;
      case 'product':
        await fileFor(layouts.inventoryItems).row(itemRow(record.value, refs.codeOf));
        break;
      case 'opening-balance':
        addTo(balances.opening, record.value.accountKey, record.value);
        break;
      case 'invoice':
        await document(record.value, true);
        break;
      case 'bill':
        await document(record.value, false);
        break;
      case 'bank-transaction':
        if (inPeriod(record.value.date))
          activity.post(bankPostings(record.value, refs.accounts, refs.bankLineName(record.value)));
        break;
      case 'customer-payment':
      case 'vendor-payment': {
        const party = record.entity === 'customer-payment' ? 'customer' : 'vendor';
        const contact = refs.nameOf(party, record.value.partyKey);
        const numberOf = (key: string) => numbers.get(key) ?? key;
        if (inPeriod(record.value.date))
          activity.post(
            paymentPostings(record.entity, record.value, contact, numberOf, controlsOf()),
          );
        break;
      }
      case 'credit-application':
        // Xero posts no journal for an allocation: the documents' amounts due carry it.
        break;
      case 'journal-entry':
        if (inPeriod(record.value.date)) activity.post(journalPostings(record.value));
        break;
      case 'trial-balance':
        addTo(balances.closing, record.value.accountKey, record.value);
        break;
    }
  }
  const written = await Promise.all([...files.values()].map((file) => file.close()));

  const report = async (name: string, lines: Iterable<readonly string[]>) => {
    const file = new CsvFile(path.join(folder, name));
    for (const line of lines) await file.line(line);
    written.push(await file.close());
  };
  // The cutover starts the financial year: the opening report's period movement is history the
  // generator does not keep, so its Debit/Credit stay blank (as write-xero.ts does).
  await report(
    `Trial Balance ${opening}.csv`,
    trialBalanceReportLines({
      organisation: ORGANISATION,
      asOf: opening,
      accounts: refs.accounts,
      balances: balances.opening,
      movements: new Map(),
    }),
  );
  const movements = new Map<string, Cents>();
  for (const key of new Set([...balances.opening.keys(), ...balances.closing.keys()]))
    movements.set(key, (balances.closing.get(key) ?? 0n) - (balances.opening.get(key) ?? 0n));
  await report(
    `Trial Balance ${company.endDate}.csv`,
    trialBalanceReportLines({
      organisation: ORGANISATION,
      asOf: company.endDate,
      accounts: refs.accounts,
      balances: balances.closing,
      movements,
    }),
  );
  for (const sales of [true, false]) {
    const title = sales ? 'Aged Receivables Detail' : 'Aged Payables Detail';
    await report(
      `${title} ${opening}.csv`,
      agedDetailLines({
        sales,
        organisation: ORGANISATION,
        asOf: opening,
        items: aged[sales ? 'receivable' : 'payable'],
      }),
    );
  }
  await report(
    `Account Transactions ${company.cutoverDate}-${company.endDate}.csv`,
    activity.lines({
      organisation: ORGANISATION,
      from: company.cutoverDate,
      to: company.endDate,
      opening: balances.opening,
    }),
  );
  return written.sort();
}
