import type { IifMapping } from '../../src/sources/iif/iif-mapping.js';
import type { LedgerItem } from '../../src/ledger/ledger-item.js';
import { readMappedIif } from '../../src/sources/read-mapped-iif.js';
import type { SourceSettings } from '../../src/sources/source-environment.js';
import { quickBooksTrialBalances } from '../quickbooks-online/balances.js';
import { quickBooksDesktopExports } from './export-checklist.js';
import { mapIifAccount, mapIifCustomer, mapIifItem, mapIifVendor } from './lists.js';
import { mapIifJournalEntry } from './journal.js';
import { mapIifBankTransaction, mapIifDocument, mapIifPayment } from './transactions.js';

/**
 * QuickBooks Desktop: the IIF export (lists and transactions) plus the Trial Balance report saved as
 * CSV at the day before the cutover ("Opening Trial Balance.csv") and at the end date ("Trial
 * Balance.csv"), since IIF carries no balances at a date.
 */
const trialBalances = quickBooksTrialBalances(quickBooksDesktopExports);

const quickBooksDesktopIifPasses: IifMapping = {
  passes: [
    { kind: 'list', entity: 'account', rowType: 'ACCNT', map: mapIifAccount },
    { kind: 'list', entity: 'customer', rowType: 'CUST', map: mapIifCustomer },
    { kind: 'list', entity: 'vendor', rowType: 'VEND', map: mapIifVendor },
    { kind: 'list', entity: 'product', rowType: 'INVITEM', map: mapIifItem },
    { kind: 'table', spec: trialBalances.opening },
    { kind: 'transaction', entity: 'invoice', map: mapIifDocument('invoice') },
    { kind: 'transaction', entity: 'bill', map: mapIifDocument('bill') },
    { kind: 'transaction', entity: 'bank-transaction', map: mapIifBankTransaction },
    { kind: 'transaction', entity: 'customer-payment', map: mapIifPayment('customer-payment') },
    { kind: 'transaction', entity: 'vendor-payment', map: mapIifPayment('vendor-payment') },
    { kind: 'transaction', entity: 'journal-entry', map: mapIifJournalEntry },
    { kind: 'table', spec: trialBalances.closing },
  ],
};

export function quickBooksDesktopIifMapping(
  settings: SourceSettings,
): AsyncGenerator<LedgerItem[]> {
  return readMappedIif(quickBooksDesktopIifPasses, settings);
}
