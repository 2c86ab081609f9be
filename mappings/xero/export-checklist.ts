import type { IsoDate, SourceLocation } from '../../src/ledger/index.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import type { DerivedTable } from '../../src/sources/table-mapping/table-spec.js';
import { carriedKinds } from '../shared/activity/activity-records.js';
import {
  datesOf,
  exportItem,
  missingExport,
  openItemsMissing,
  type FormatChecklist,
} from '../shared/export-checklist.js';
import { agedBaseDueOf } from './aged-detail.js';

const XERO_REPORTS =
  'Xero\'s help runs its reports from Reports → All Reports (under "Accounting"); organisations on the older menu find the same reports under Accounting → Reports';

const EXPORT_REPORT = 'Update; Export → Excel (or CSV)';

/**
 * What to export from Xero's screens (docs/mappings.md, "Xero"). Menu paths: Xero's help for the
 * contacts export and the Account Transactions report; the report pages of Xero's help and
 * third-party guides for the other reports; the lists' Export buttons are not in Xero's help.
 * Layout evidence: ../shared/real-layouts/EVIDENCE.md, ../shared/formats.md.
 */
export const xeroExports: FormatChecklist = {
  system: 'Xero',
  items: [
    {
      id: 'accounts',
      name: 'Chart of Accounts',
      period: 'listing',
      menuPath: 'Accounting → Chart of accounts → Export',
      menuPathNote:
        "menu path as documented by third-party guides; Xero's help documents the import on that screen",
      choose: 'CSV',
      fileName: 'Chart of Accounts.csv',
      usedFor: 'the accounts, their codes and types: every other file names accounts by them',
      need: 'required',
      layout: { trust: 'guessed', evidence: "Xero's import template (../shared/formats.md)" },
    },
    {
      id: 'contacts',
      name: 'Contacts',
      period: 'listing',
      menuPath: 'Contacts → All contacts → Export',
      choose: 'CSV',
      fileName: 'Contacts.csv',
      usedFor: 'the customers and suppliers',
      need: 'required',
      layout: { trust: 'guessed', evidence: "Xero's import template (../shared/formats.md)" },
    },
    {
      id: 'opening-trial-balance',
      name: 'Trial Balance',
      period: 'opening',
      menuPath: 'Accounting → Reports → Trial Balance',
      choose: `the date; ${EXPORT_REPORT}`,
      usedFor: 'the opening balance of every account at the cutover',
      need: 'required',
      layout: {
        trust: 'real',
        evidence: 'pasted from a real organisation (../shared/real-layouts/EVIDENCE.md, target 2)',
      },
    },
    {
      id: 'aged-receivables',
      name: 'Aged Receivables Detail',
      period: 'opening',
      menuPath: 'Accounting → Reports → Aged Receivables Detail',
      choose: `the date; Ageing by due date; ${EXPORT_REPORT}`,
      usedFor:
        'the invoices and credit notes open at the cutover, at their value in the base currency',
      need: { requiredIf: 'customers owed money at the cutover' },
      layout: {
        trust: 'real',
        evidence:
          'a parser and tests written against a real export (../shared/real-layouts/EVIDENCE.md, target 1)',
      },
    },
    {
      id: 'aged-payables',
      name: 'Aged Payables Detail',
      period: 'opening',
      menuPath: 'Accounting → Reports → Aged Payables Detail',
      choose: `the date; Ageing by due date; ${EXPORT_REPORT}`,
      usedFor:
        'the bills and credit notes open at the cutover, at their value in the base currency',
      need: { requiredIf: 'suppliers were owed money at the cutover' },
      layout: {
        trust: 'real',
        evidence:
          "the receivables report's twin, read alike (../shared/real-layouts/EVIDENCE.md, target 1)",
      },
    },
    {
      id: 'sales-invoices',
      name: 'Sales Invoices',
      period: 'documents',
      menuPath: 'Business → Invoices → Export',
      menuPathNote:
        "menu path not documented in the sources searched: the invoice list's Export button",
      choose: 'CSV, every status',
      fileName: 'Sales Invoices.csv',
      usedFor:
        'each invoice with its lines, items and tax in its own currency; without it, invoices are rebuilt from the aged report and Account Transactions, a line per account',
      need: 'optional',
      layout: {
        trust: 'guessed',
        evidence: "Xero's export layout as documented (../shared/formats.md)",
      },
    },
    {
      id: 'bills',
      name: 'Bills',
      period: 'documents',
      menuPath: 'Business → Bills to pay → Export',
      menuPathNote:
        "menu path not documented in the sources searched: the bill list's Export button",
      choose: 'CSV, every status',
      fileName: 'Bills.csv',
      usedFor:
        'each bill with its lines, items and tax in its own currency; without it, bills are rebuilt from the aged report and Account Transactions, a line per account',
      need: 'optional',
      layout: {
        trust: 'guessed',
        evidence: "Xero's export layout as documented (../shared/formats.md)",
      },
    },
    {
      id: 'activity',
      name: 'Account Transactions',
      period: 'activity',
      menuPath: 'Accounting → Reports → Account Transactions',
      choose: `every account (Select all); the period; ${EXPORT_REPORT}`,
      usedFor:
        'every payment, spend and receive money, transfer, refund and manual journal from the cutover on',
      need: 'required',
      layout: {
        trust: 'real',
        evidence: 'real downloads, layout only (../shared/real-layouts/EVIDENCE.md, target 3)',
      },
    },
    {
      id: 'closing-trial-balance',
      name: 'Trial Balance',
      period: 'closing',
      menuPath: 'Accounting → Reports → Trial Balance',
      choose: `the date; ${EXPORT_REPORT}`,
      usedFor: 'what the migrated books are verified against, account by account',
      need: 'required',
      layout: {
        trust: 'real',
        evidence: 'pasted from a real organisation (../shared/real-layouts/EVIDENCE.md, target 2)',
      },
    },
    {
      id: 'items',
      name: 'Inventory Items',
      period: 'listing',
      menuPath: 'Business → Products and services → Export',
      menuPathNote:
        "menu path not documented in the sources searched: the item list's Export button",
      choose: 'CSV',
      fileName: 'Inventory Items.csv',
      usedFor: 'the items documents name, with their default accounts',
      need: 'optional',
      layout: { trust: 'guessed', evidence: "Xero's import template (../shared/formats.md)" },
    },
  ],
  notes: [
    XERO_REPORTS,
    'A Payments file, a bank statement and manual journals in Xero\'s import layouts are a second way in, never required (docs/mappings.md, "Xero")',
  ],
};

/** Documents of one side whose export shows an amount paid that may fall from the cutover on. */
interface PaidDocuments {
  count: number;
  first: SourceLocation;
}

const PAID = 'xero:paid-documents';

function paidOf(context: MappingContext): Partial<Record<'invoice' | 'bill', PaidDocuments>> {
  const existing = context.facts.get(PAID) as
    Partial<Record<'invoice' | 'bill', PaidDocuments>> | undefined;
  if (existing) return existing;
  const created = {};
  context.facts.set(PAID, created);
  return created;
}

/**
 * Notes a document of the invoice or bill export with an amount paid (documents.ts): its payments
 * fall from the cutover on when it is dated from the cutover, or was open at the day before by the
 * aged report (without one, that cannot be ruled out). Only an activity report or a payments file
 * dates them.
 */
export function notePaidDocument(
  context: MappingContext,
  entity: 'invoice' | 'bill',
  document: { number: string | undefined; date: IsoDate; location: SourceLocation },
): void {
  const cutover = context.cutoverDate;
  if (cutover !== undefined && document.date < cutover) {
    const aged = agedBaseDueOf(context, entity);
    if (aged && !(document.number !== undefined && aged.due.has(document.number))) return;
  }
  const paid = paidOf(context);
  const side = paid[entity];
  if (side) side.count += 1;
  else paid[entity] = { count: 1, first: document.location };
}

/**
 * The Xero exports missing for what the folder holds, named from the checklist once every table is
 * read: the Account Transactions report, when the document exports show amounts paid that no
 * report or payments file dates; an aged report or document export, when the opening trial balance
 * holds receivables or payables that nothing says are open. (The closing trial balance is named by
 * its own table: shared/report-balances.ts.)
 */
export const xeroMissingExports: DerivedTable = {
  id: 'export-checklist',
  derive(context) {
    const dates = datesOf(context);
    const carried = carriedKinds(context);
    const paid = paidOf(context);
    const undated = (['invoice', 'bill'] as const).flatMap((entity) => {
      const side = paid[entity];
      const payments = entity === 'invoice' ? 'customer-payment' : 'vendor-payment';
      return side && !carried.has(payments) ? [{ entity, ...side }] : [];
    });
    const [first] = undated;
    if (first && !context.tablesFound.has('account_transactions')) {
      const counts = undated
        .map(({ entity, count }) => `${count} ${entity}${count === 1 ? '' : 's'}`)
        .join(' and ');
      context.report(
        missingExport('export.activity-missing', exportItem(xeroExports, 'activity'), dates, {
          withoutIt: `the amounts paid on ${counts} of the document exports cannot be dated, so their payments (and the spend money, transfers and manual journals of the period) cannot be migrated`,
          location: first.first,
        }),
      );
    }
    for (const problem of openItemsMissing(context, {
      receivable: {
        tables: ['aged_receivables', 'invoices'],
        item: exportItem(xeroExports, 'aged-receivables'),
        nor: 'a Sales Invoices export',
      },
      payable: {
        tables: ['aged_payables', 'bills'],
        item: exportItem(xeroExports, 'aged-payables'),
        nor: 'a Bills export',
      },
    }))
      context.report(problem);
    return [];
  },
};
