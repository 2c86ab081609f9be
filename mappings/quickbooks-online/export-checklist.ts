import type { DerivedTable } from '../../src/sources/table-mapping/table-spec.js';
import { exportItem, openItemsMissing, type FormatChecklist } from '../shared/export-checklist.js';

const RUN_AND_EXPORT = 'Run report; Export → Export to Excel';

/** Reports no real download of which was found: read like the real report workbooks. */
const likeOtherReports = {
  trust: 'guessed',
  evidence:
    'no real download found; read like the real report workbooks (../shared/real-layouts/README.md)',
} as const;

/** The Trial Balance: notes written against real downloads, and a real report workbook. */
const realTrialBalance = {
  trust: 'real',
  evidence:
    'notes on real downloads and a real workbook (../shared/real-layouts/EVIDENCE.md, target 4)',
} as const;

/**
 * What to export from QuickBooks Online's screens (docs/mappings.md, "QuickBooks Online"): lists
 * and reports, each run under Reports (found by name in its search box) and exported to Excel.
 */
export const quickBooksOnlineExports: FormatChecklist = {
  system: 'QuickBooks Online',
  items: [
    {
      id: 'accounts',
      name: 'Account List',
      period: 'listing',
      menuPath: 'Reports → Account List',
      choose: RUN_AND_EXPORT,
      fileName: 'Account List.xlsx',
      usedFor: 'the accounts, their numbers and types: every other file names accounts by them',
      need: 'required',
      layout: likeOtherReports,
    },
    {
      id: 'customers',
      name: 'Customer Contact List',
      period: 'listing',
      menuPath: 'Reports → Customer Contact List',
      choose: RUN_AND_EXPORT,
      fileName: 'Customer Contact List.xlsx',
      usedFor: 'the customers',
      need: 'required',
      layout: likeOtherReports,
    },
    {
      id: 'vendors',
      name: 'Vendor Contact List',
      period: 'listing',
      menuPath: 'Reports → Vendor Contact List',
      choose: RUN_AND_EXPORT,
      fileName: 'Vendor Contact List.xlsx',
      usedFor: 'the suppliers',
      need: 'required',
      layout: likeOtherReports,
    },
    {
      id: 'products',
      name: 'Products and Services',
      period: 'listing',
      menuPath: 'Sales → Products and services → Export to Excel',
      menuPathNote: 'menu path not documented in the sources searched: the list’s export icon',
      choose: 'Excel',
      fileName: 'Products and Services.xlsx',
      usedFor: 'the items documents name, with their income and expense accounts',
      need: 'optional',
      layout: {
        trust: 'guessed',
        evidence: "QuickBooks Online's product import layout (../shared/formats.md)",
      },
    },
    {
      id: 'opening-trial-balance',
      name: 'Trial Balance',
      period: 'opening',
      menuPath: 'Reports → Trial Balance',
      choose: `a report period ending on that date (the title reads "As of" it); ${RUN_AND_EXPORT}`,
      usedFor: 'the opening balance of every account at the cutover',
      need: 'required',
      layout: realTrialBalance,
    },
    {
      id: 'aged-receivables',
      name: 'A/R Aging Detail',
      orInstead: 'Open Invoices',
      period: 'opening',
      menuPath: 'Reports → A/R Aging Detail',
      choose: `As of that date; ${RUN_AND_EXPORT}`,
      usedFor: 'the invoices and credit memos open at the cutover, in the home currency',
      need: { requiredIf: 'customers owed money at the cutover' },
      layout: likeOtherReports,
    },
    {
      id: 'aged-payables',
      name: 'A/P Aging Detail',
      orInstead: 'Unpaid Bills',
      period: 'opening',
      menuPath: 'Reports → A/P Aging Detail',
      choose: `As of that date; ${RUN_AND_EXPORT}`,
      usedFor: 'the bills and vendor credits open at the cutover, in the home currency',
      need: { requiredIf: 'suppliers were owed money at the cutover' },
      layout: likeOtherReports,
    },
    {
      id: 'activity',
      name: 'Journal',
      period: 'activity',
      menuPath: 'Reports → Journal',
      choose: `the report period from the first date to the last; ${RUN_AND_EXPORT}`,
      usedFor:
        'every invoice, bill, credit, payment, deposit, expense, transfer and journal entry from the cutover on',
      need: 'required',
      layout: {
        trust: 'guessed',
        evidence:
          'no real download found; its columns and account spelling from notes on real downloads (../shared/real-layouts/EVIDENCE.md, target 4)',
      },
    },
    {
      id: 'closing-trial-balance',
      name: 'Trial Balance',
      period: 'closing',
      menuPath: 'Reports → Trial Balance',
      choose: `a report period ending on that date; ${RUN_AND_EXPORT}`,
      usedFor: 'what the migrated books are verified against, account by account',
      need: 'required',
      layout: realTrialBalance,
    },
  ],
  notes: [
    'Settings ⚙ → Export data writes these lists and reports as one ZIP: give it as `--source` or put it in the folder, unopened; its reports share one date range, so export the trial balance and aging reports as at the day before the cutover on their own',
    'Invoices, credit memos, bills and payments in the import tools\' layouts are a second way in, never required (docs/mappings.md, "QuickBooks Online")',
  ],
};

/**
 * The QuickBooks Online exports missing for what the folder holds, once every table is read: an
 * aging report (or a document import file), when the opening trial balance holds receivables or
 * payables that nothing says are open. (The closing trial balance is named by its own table.)
 */
export const quickBooksOnlineMissingExports: DerivedTable = {
  id: 'export-checklist',
  derive(context) {
    for (const problem of openItemsMissing(context, {
      receivable: {
        tables: ['aged_receivables', 'invoices', 'credit_memos'],
        item: exportItem(quickBooksOnlineExports, 'aged-receivables'),
        nor: 'an invoices file in the import layout',
      },
      payable: {
        tables: ['aged_payables', 'bills', 'vendor_credits'],
        item: exportItem(quickBooksOnlineExports, 'aged-payables'),
        nor: 'a bills file in the import layout',
      },
    }))
      context.report(problem);
    return [];
  },
};
