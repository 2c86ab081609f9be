import type { AnyTableSpec, TableMapping } from '../../src/sources/table-mapping/table-spec.js';
import { genericSampleRow } from './columns.js';
import { genericOpeningBalances, genericTrialBalance } from './balances.js';
import { genericBills, genericInvoices } from './documents.js';
import {
  genericAccounts,
  genericCustomers,
  genericProducts,
  genericVendors,
} from './master-data.js';
import {
  genericBankTransactions,
  genericCreditApplications,
  genericCustomerPayments,
  genericVendorPayments,
} from './money-movements.js';

/**
 * Ledgerlift's own templates (see template.ts and docs/mappings.md): one file or workbook sheet per
 * entity, named like the entity ("invoices.csv", or a sheet "invoices" in any workbook).
 */
export const genericMapping: TableMapping = {
  tables: [
    genericAccounts,
    genericCustomers,
    genericVendors,
    genericProducts,
    genericOpeningBalances,
    genericInvoices,
    genericBills,
    genericBankTransactions,
    genericCustomerPayments,
    genericVendorPayments,
    genericCreditApplications,
    genericTrialBalance,
  ].map((spec): AnyTableSpec => ({ ...spec, sampleRow: genericSampleRow(spec.id) })),
};
