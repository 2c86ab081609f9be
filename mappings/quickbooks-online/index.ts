import type { TableMapping } from '../../src/sources/table-mapping/table-spec.js';
import { quickBooksOnlineAccounts } from './accounts.js';
import { reportOpeningBalance, reportTrialBalance } from './balances.js';
import {
  quickBooksOnlineBills,
  quickBooksOnlineCreditMemos,
  quickBooksOnlineInvoices,
  quickBooksOnlineVendorCredits,
} from './documents.js';
import { quickBooksOnlineJournal } from './journal.js';
import { quickBooksOnlineJournalEntries } from './journal-entries.js';
import { quickBooksOnlineCustomers, quickBooksOnlineVendors } from './parties.js';
import { quickBooksOnlineCustomerPayments, quickBooksOnlineVendorPayments } from './payments.js';
import { quickBooksOnlineProducts } from './products.js';

/** QuickBooks Online's list exports, import layouts and reports (see docs/mappings.md). */
export const quickBooksOnlineMapping: TableMapping = {
  tables: [
    quickBooksOnlineAccounts,
    quickBooksOnlineCustomers,
    quickBooksOnlineVendors,
    quickBooksOnlineProducts,
    reportOpeningBalance,
    quickBooksOnlineInvoices,
    quickBooksOnlineCreditMemos,
    quickBooksOnlineBills,
    quickBooksOnlineVendorCredits,
    quickBooksOnlineJournal,
    quickBooksOnlineCustomerPayments,
    quickBooksOnlineVendorPayments,
    quickBooksOnlineJournalEntries,
    reportTrialBalance,
  ],
};
