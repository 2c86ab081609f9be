import type { TableMapping } from '../../src/sources/table-mapping/table-spec.js';
import { quickBooksOnlineAccounts } from './accounts.js';
import { reportOpeningBalance, reportTrialBalance } from './balances.js';
import {
  quickBooksOnlineBills,
  quickBooksOnlineCreditMemos,
  quickBooksOnlineInvoices,
  quickBooksOnlineVendorCredits,
} from './documents.js';
import {
  quickBooksJournal,
  quickBooksJournalDocuments,
  quickBooksJournalSettlements,
  quickBooksPayablesAging,
  quickBooksReceivablesAging,
} from './journal.js';
import { gatherCarriedKinds } from '../shared/activity/activity-records.js';
import { quickBooksOnlineCustomers, quickBooksOnlineVendors } from './parties.js';
import { quickBooksOnlineCustomerPayments, quickBooksOnlineVendorPayments } from './payments.js';
import { quickBooksOnlineProducts } from './products.js';
import { quickBooksOnlineMissingExports } from './export-checklist.js';

/** QuickBooks Online's list exports, reports and import layouts (see docs/mappings.md). */
export const quickBooksOnlineMapping: TableMapping = {
  async prepare(scan, context) {
    // The Journal report leaves to these import layouts the payments they hold.
    await gatherCarriedKinds(scan, context, [
      ['customer_payments', ['customer-payment']],
      ['vendor_payments', ['vendor-payment']],
    ]);
  },
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
    quickBooksReceivablesAging,
    quickBooksPayablesAging,
    quickBooksJournal,
    quickBooksJournalDocuments,
    quickBooksOnlineCustomerPayments,
    quickBooksOnlineVendorPayments,
    quickBooksJournalSettlements,
    reportTrialBalance,
    quickBooksOnlineMissingExports,
  ],
};
