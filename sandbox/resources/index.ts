import type { PartnerRoute } from '../http/route.js';
import { reportRoutes } from '../reports/report-routes.js';
import { billSettlementRoutes } from './bill-settlement.js';
import { billRoutes } from './bills.js';
import { chartOfAccountsRoutes } from './chart-of-accounts.js';
import { connectionRoutes } from './connections.js';
import { customerDetailRoutes } from './customer-details.js';
import { customerMergeRoutes } from './customer-merge.js';
import { customerRoutes } from './customers.js';
import { expenseReceiptRoutes } from './expense-receipts.js';
import { invoiceSettlementRoutes } from './invoice-settlement.js';
import { invoiceRoutes } from './invoices.js';
import { journalEntryRoutes } from './journal-entries.js';
import { openingBalanceRoutes } from './opening-balance.js';
import { productRoutes } from './products.js';
import { recurringTemplateRoutes } from './recurring-templates.js';
import { tagAndProjectRoutes } from './tags-and-projects.js';
import { tokenRoutes } from './token-exchange.js';
import { transactionAssignmentRoutes } from './transaction-assignment.js';
import { transactionRoutes } from './transactions.js';
import { vendorRoutes } from './vendors.js';
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
