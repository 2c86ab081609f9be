import type { TableMapping } from '../../src/sources/table-mapping/table-spec.js';
import { xeroAccounts } from './accounts.js';
import {
  xeroAccountTransactions,
  xeroActivityDocuments,
  xeroActivitySettlements,
} from './account-transactions.js';
import { gatherCarriedKinds } from '../shared/activity/activity-records.js';
import { xeroAgedPayables, xeroAgedReceivables } from './aged-detail.js';
import { xeroOpeningBalance, xeroTrialBalance } from './balances.js';
import { xeroBankStatement } from './bank-statement.js';
import { gatherContactRoles, xeroCustomers, xeroVendors } from './contacts.js';
import { documentNumberCounter, xeroBills, xeroInvoices } from './documents.js';
import { xeroMissingExports } from './export-checklist.js';
import { xeroItems } from './items.js';
import { xeroManualJournals } from './manual-journals.js';
import { xeroCreditAllocations, xeroCustomerPayments, xeroVendorPayments } from './payments.js';

/** Xero's exports (see docs/mappings.md for file names, columns and what Xero cannot carry). */
export const xeroMapping: TableMapping = {
  async prepare(scan, context) {
    const numbers = documentNumberCounter();
    await gatherContactRoles(scan, context, (table) => numbers.visit(table));
    numbers.finish(context);
    // The Account Transactions report leaves to these exports what they hold.
    await gatherCarriedKinds(scan, context, [
      ['bank_transactions', ['bank']],
      ['customer_payments', ['customer-payment', 'vendor-payment']],
      ['manual_journals', ['journal']],
    ]);
  },
  tables: [
    xeroAccounts,
    xeroCustomers,
    xeroVendors,
    xeroItems,
    xeroOpeningBalance,
    xeroAgedReceivables,
    xeroAgedPayables,
    xeroAccountTransactions,
    xeroInvoices,
    xeroBills,
    xeroActivityDocuments,
    xeroBankStatement,
    xeroCustomerPayments,
    xeroVendorPayments,
    xeroCreditAllocations,
    xeroActivitySettlements,
    xeroManualJournals,
    xeroTrialBalance,
    xeroMissingExports,
  ],
};
