import type { PartnerRoute } from '../http/route.js';
import { reportRoutes } from '../reports/report-routes.js';
import { billSettlementRoutes } from './bill-settlement.js';
import { billRoutes } from './bills-endpoints.js';
import { chartOfAccountsRoutes } from './chart-of-accounts.js';
import { connectionRoutes } from './connections.js';
import { customerDetailRoutes } from './customer-details.js';
import { customerMergeRoutes } from './customer-merge.js';
import { customerRoutes } from './customers-endpoints.js';
import { expenseReceiptRoutes } from './expense-receipts.js';
import { invoiceSettlementRoutes } from './invoice-settlement.js';
import { invoiceRoutes } from './invoices-endpoints.js';
import { journalEntryRoutes } from './journal-entries-endpoints.js';
import { openingBalanceRoutes } from './opening-balance-endpoints.js';
import { productRoutes } from './products-endpoints.js';
import { recurringTemplateRoutes } from './recurring-templates.js';
import { tagAndProjectRoutes } from './tags-and-projects.js';
import { tokenRoutes } from './token-exchange-endpoints.js';
import { transactionAssignmentRoutes } from './transaction-assignment.js';
import { transactionRoutes } from './transactions-endpoints.js';
import { vendorRoutes } from './vendors-endpoints.js';
import { webhookRoutes } from './webhooks.js';

/** Every /partners route the sandbox serves. */
export function partnerRoutes(): PartnerRoute[] {
  return [
    ...tokenRoutes,
    ...customerRoutes,
    ...customerDetailRoutes,
    ...customerMergeRoutes,
    ...vendorRoutes,
    ...productRoutes,
    ...tagAndProjectRoutes,
    ...chartOfAccountsRoutes,
    ...openingBalanceRoutes,
    ...invoiceRoutes,
    ...invoiceSettlementRoutes,
    ...recurringTemplateRoutes,
    ...billRoutes,
    ...billSettlementRoutes,
    ...transactionRoutes,
    ...transactionAssignmentRoutes,
    ...journalEntryRoutes,
    ...webhookRoutes,
    ...expenseReceiptRoutes,
    ...connectionRoutes,
    ...reportRoutes,
  ];
}
