import type { IifMapping } from '../../src/sources/iif/iif-mapping.js';
import type { LedgerItem } from '../../src/ledger/index.js';
import { readMappedIif } from '../../src/sources/read-mapped-iif.js';
import type { SourceSettings } from '../../src/sources/source-environment.js';
import { vocabulary, vocabularyKey } from '../../src/sources/table-mapping/row-fields.js';
import { quickBooksTrialBalances } from '../quickbooks-online/balances.js';
import {
  quickBooksJournal,
  quickBooksJournalDocuments,
  quickBooksJournalSettlements,
  quickBooksPayablesAging,
  quickBooksReceivablesAging,
} from '../quickbooks-online/journal.js';
import { noteCarriedKinds } from '../shared/activity/activity-records.js';
import type { TransactionKind } from '../shared/activity/reported-transaction.js';
import { quickBooksDesktopExports, quickBooksDesktopMissingExports } from './export-checklist.js';
import { mapIifAccount, mapIifCustomer, mapIifItem, mapIifVendor } from './lists.js';
import { BANK_SIDED, mapIifJournalEntry } from './journal.js';
import { mapIifBankTransaction, mapIifDocument, mapIifPayment } from './transactions.js';

/** The kind of transaction each IIF TRNSTYPE the passes migrate is, in the Journal report's terms. */
const iifKinds = vocabulary<TransactionKind>({
  INVOICE: 'invoice',
  'CREDIT MEMO': 'credit-note',
  BILL: 'bill',
  PAYMENT: 'customer-payment',
  BILLPMT: 'vendor-payment',
  'GENERAL JOURNAL': 'journal',
  ...Object.fromEntries([...BANK_SIDED].map((type) => [type, 'bank' as const])),
});

/**
 * QuickBooks Desktop (docs/mappings.md): the lists exported to IIF; the Trial Balance report at the
 * day before the cutover and at the end date; the Journal report from the cutover to the end date
 * for the transactions, and Open Invoices and Unpaid Bills Detail at the day before the cutover for
 * the documents open then (mappings/quickbooks-online/journal.ts, read as QuickBooks Online's), each
 * as CSV or Excel, found by its title. Transactions in the IIF files are still read; the Journal
 * leaves the kinds they hold to them, so nothing is migrated twice.
 */
const trialBalances = quickBooksTrialBalances(quickBooksDesktopExports);

const quickBooksDesktopIifPasses: IifMapping = {
  async prepare(scan, context) {
    const carried = new Set<TransactionKind>();
    await scan((trns) => {
      const kind = iifKinds.get(vocabularyKey(trns.text('TRNSTYPE') ?? ''));
      if (kind) carried.add(kind);
    });
    noteCarriedKinds(context, carried);
  },
  passes: [
    { kind: 'list', entity: 'account', rowType: 'ACCNT', map: mapIifAccount },
    { kind: 'list', entity: 'customer', rowType: 'CUST', map: mapIifCustomer },
    { kind: 'list', entity: 'vendor', rowType: 'VEND', map: mapIifVendor },
    { kind: 'list', entity: 'product', rowType: 'INVITEM', map: mapIifItem },
    { kind: 'table', spec: trialBalances.opening },
    { kind: 'transaction', entity: 'invoice', map: mapIifDocument('invoice') },
    { kind: 'transaction', entity: 'bill', map: mapIifDocument('bill') },
    { kind: 'table', spec: quickBooksReceivablesAging },
    { kind: 'table', spec: quickBooksPayablesAging },
    { kind: 'table', spec: quickBooksJournal },
    { kind: 'derived', step: quickBooksJournalDocuments },
    { kind: 'transaction', entity: 'bank-transaction', map: mapIifBankTransaction },
    { kind: 'transaction', entity: 'customer-payment', map: mapIifPayment('customer-payment') },
    { kind: 'transaction', entity: 'vendor-payment', map: mapIifPayment('vendor-payment') },
    { kind: 'derived', step: quickBooksJournalSettlements },
    { kind: 'transaction', entity: 'journal-entry', map: mapIifJournalEntry },
    { kind: 'table', spec: trialBalances.closing },
    { kind: 'derived', step: quickBooksDesktopMissingExports },
  ],
};

export function quickBooksDesktopIifMapping(
  settings: SourceSettings,
): AsyncGenerator<LedgerItem[]> {
  return readMappedIif(quickBooksDesktopIifPasses, settings);
}
