import type { FormatChecklist } from '../shared/export-checklist.js';

const TO_CSV = 'Excel → Create New Worksheet → a comma separated values (.csv) file';

/** No QuickBooks Desktop report export was found (../shared/real-layouts/README.md). */
const noReportSeen = {
  trust: 'guessed',
  evidence: 'no QuickBooks Desktop report export found (../shared/real-layouts/README.md)',
} as const;

const NOT_READ_YET = {
  notReadYet:
    'the quickbooks-desktop-iif format takes transactions from IIF files only, which QuickBooks Desktop does not export',
};

/**
 * What to export from QuickBooks Desktop (docs/mappings.md, "QuickBooks Desktop (IIF)"): its lists
 * through IIF, the only thing it exports to IIF, and its reports to CSV. Intuit's help places the
 * IIF utilities on the File menu.
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
      layout: noReportSeen,
    },
    {
      id: 'aged-receivables',
      name: 'Open Invoices',
      period: 'opening',
      menuPath: 'Reports → Customers & Receivables → Open Invoices',
      choose: `Dates: that date; ${TO_CSV}`,
      usedFor: 'the invoices and credits open at the cutover',
      need: NOT_READ_YET,
      layout: noReportSeen,
    },
    {
      id: 'aged-payables',
      name: 'Unpaid Bills Detail',
      period: 'opening',
      menuPath: 'Reports → Vendors & Payables → Unpaid Bills Detail',
      choose: `Dates: that date; ${TO_CSV}`,
      usedFor: 'the bills and supplier credits open at the cutover',
      need: NOT_READ_YET,
      layout: noReportSeen,
    },
    {
      id: 'activity',
      name: 'Journal',
      period: 'activity',
      menuPath: 'Reports → Accountant & Taxes → Journal',
      choose: `Dates from the first to the last; ${TO_CSV}`,
      usedFor:
        'every invoice, bill, credit, payment, deposit, check, transfer and journal entry from the cutover on',
      need: NOT_READ_YET,
      layout: noReportSeen,
    },
    {
      id: 'closing-trial-balance',
      name: 'Trial Balance',
      period: 'closing',
      menuPath: 'Reports → Accountant & Taxes → Trial Balance',
      choose: `Dates ending on that date; ${TO_CSV}`,
      usedFor: 'what the migrated books are verified against, account by account',
      need: 'required',
      layout: noReportSeen,
    },
  ],
  notes: [
    'Transactions come from IIF files another program wrote (TRNS/SPL/ENDTRNS): QuickBooks Desktop exports only lists to IIF (docs/mappings.md, "QuickBooks Desktop (IIF)")',
  ],
};
