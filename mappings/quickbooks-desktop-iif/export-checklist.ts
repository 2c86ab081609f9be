import type { DerivedTable } from '../../src/sources/table-mapping/table-spec.js';
import { exportItem, openItemsMissing, type FormatChecklist } from '../shared/export-checklist.js';

const TO_CSV =
  'Advanced → Show report header: On printed report and screen; Excel → Create New Worksheet (or a .csv file)';

/** Seen in tests written against real exports that are not published (docs/mappings.md). */
const realDerived = (what: string) =>
  ({
    trust: 'real',
    evidence: `${what} seen in tests written against real exports (docs/mappings.md, "QuickBooks Desktop (IIF)")`,
  }) as const;

const noReportSeen = {
  trust: 'guessed',
  evidence: 'no real export found (docs/mappings.md, "QuickBooks Desktop (IIF)")',
} as const;

/**
 * What to export from QuickBooks Desktop (docs/mappings.md, "QuickBooks Desktop (IIF)"): its lists
 * through IIF, the only thing it exports to IIF, and its reports to Excel or CSV with their header,
 * so that the title and date are in the file. Intuit's help places the IIF utilities on the File
 * menu.
 */
export const quickBooksDesktopExports: FormatChecklist = {
  system: 'QuickBooks Desktop',
  items: [
    {
      id: 'lists',
      name: 'Lists to IIF',
      period: 'listing',
      menuPath: 'File → Utilities → Export → Lists to IIF Files',
      choose: 'Chart of Accounts, Customer List, Vendor List, Item List; OK; save as .iif',
      fileName: 'any name ending .iif (every .iif file of the folder is read)',
      usedFor: 'the accounts, customers, suppliers and items',
      need: 'required',
      layout: {
        trust: 'real',
        evidence: 'public IIF files QuickBooks wrote (docs/real-world-corpus.md)',
      },
    },
    {
      id: 'opening-trial-balance',
      name: 'Trial Balance',
      period: 'opening',
      menuPath: 'Reports → Accountant & Taxes → Trial Balance',
      choose: `Dates ending on that date; ${TO_CSV}`,
      usedFor: 'the opening balance of every account at the cutover (IIF carries no balances)',
      need: 'required',
      layout: realDerived('the layout'),
    },
    {
      id: 'aged-receivables',
      name: 'Open Invoices',
      period: 'opening',
      menuPath: 'Reports → Customers & Receivables → Open Invoices',
      choose: `Dates: that date; ${TO_CSV}`,
      usedFor: 'the invoices and credit memos open at the cutover',
      need: { requiredIf: 'customers owed money at the cutover' },
      layout: noReportSeen,
    },
    {
      id: 'aged-payables',
      name: 'Unpaid Bills Detail',
      period: 'opening',
      menuPath: 'Reports → Vendors & Payables → Unpaid Bills Detail',
      choose: `Dates: that date; ${TO_CSV}`,
      usedFor: 'the bills and vendor credits open at the cutover',
      need: { requiredIf: 'suppliers were owed money at the cutover' },
      layout: noReportSeen,
    },
    {
      id: 'activity',
      name: 'Journal',
      period: 'activity',
      menuPath: 'Reports → Accountant & Taxes → Journal',
      choose: `Dates from the first to the last; ${TO_CSV}`,
      usedFor:
        'every invoice, bill, credit, payment, deposit, check, transfer and general journal from the cutover on',
      need: 'required',
      layout: realDerived('the columns (the title rows a guess)'),
    },
    {
      id: 'closing-trial-balance',
      name: 'Trial Balance',
      period: 'closing',
      menuPath: 'Reports → Accountant & Taxes → Trial Balance',
      choose: `Dates ending on that date; ${TO_CSV}`,
      usedFor: 'what the migrated books are verified against, account by account',
      need: 'required',
      layout: realDerived('the layout'),
    },
  ],
  notes: [
    'Transactions in IIF files another program wrote (TRNS/SPL/ENDTRNS) are a second way in: the Journal leaves the kinds they hold to them (docs/mappings.md, "QuickBooks Desktop (IIF)")',
  ],
};

/**
 * The QuickBooks Desktop exports missing for what the folder holds, once every pass is read: Open
 * Invoices or Unpaid Bills Detail, when the opening trial balance holds receivables or payables
 * and neither that report nor the IIF files' documents say what was open. (The closing trial
 * balance is named by its own table.)
 */
export const quickBooksDesktopMissingExports: DerivedTable = {
  id: 'export-checklist',
  derive(context) {
    for (const problem of openItemsMissing(context, {
      receivable: {
        tables: ['aged_receivables'],
        kinds: ['invoice', 'credit-note'],
        item: exportItem(quickBooksDesktopExports, 'aged-receivables'),
        nor: 'invoices in the IIF files',
      },
      payable: {
        tables: ['aged_payables'],
        kinds: ['bill', 'vendor-credit'],
        item: exportItem(quickBooksDesktopExports, 'aged-payables'),
        nor: 'bills in the IIF files',
      },
    }))
      context.report(problem);
    return [];
  },
};
