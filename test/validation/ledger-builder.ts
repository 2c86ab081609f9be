import type { LedgerRecord, RecordOf, LedgerItem } from '../../src/ledger/index.js';

/** Small builders for hand-made ledgers in validation tests; each record gets its own row. */
let row = 1;
const at = (file: string) => ({ file, row: ++row });

export const account = (
  key: string,
  kind: RecordOf<'account'>['kind'] = 'expense',
  extra: Partial<RecordOf<'account'>> = {},
): LedgerRecord => ({
  entity: 'account',
  value: {
    key,
    code: key,
    name: `Account ${key}`,
    kind,
    active: true,
    source: at('accounts.csv'),
    ...extra,
  },
});

export const customer = (key: string, currency?: string): LedgerRecord => ({
  entity: 'customer',
  value: {
    key,
    name: key,
    active: true,
    source: at('customers.csv'),
    ...(currency ? { currency } : {}),
  },
});

const vendor = (key: string): LedgerRecord => ({
  entity: 'vendor',
  value: { key, name: key, active: true, source: at('vendors.csv') },
});

export const openingBalance = (
  accountKey: string,
  debit: string,
  credit: string,
): LedgerRecord => ({
  entity: 'opening-balance',
  value: { accountKey, debit, credit, source: at('opening_balances.csv') },
});

export function invoice(key: string, overrides: Partial<RecordOf<'invoice'>> = {}): LedgerRecord {
  const source = at('invoices.csv');
  return {
    entity: 'invoice',
    value: {
      key,
      number: key,
      date: '2024-01-10',
      currency: 'USD',
      lines: [
        {
          description: 'Widget',
          quantity: '2',
          unitPrice: '50',
          amount: '100.00',
          accountKey: '4000',
          taxAmount: '10.00',
          source,
        },
      ],
      subtotal: '100.00',
      taxTotal: '10.00',
      total: '110.00',
      status: 'open',
      type: 'invoice',
      customerKey: 'Acme',
      source,
      ...overrides,
    },
  };
}

export function bill(key: string, overrides: Partial<RecordOf<'bill'>> = {}): LedgerRecord {
  const source = at('bills.csv');
  return {
    entity: 'bill',
    value: {
      key,
      number: key,
      date: '2024-01-10',
      currency: 'USD',
      lines: [
        {
          description: 'Paper',
          quantity: '1',
          unitPrice: '100',
          amount: '100.00',
          accountKey: '6000',
          taxAmount: '0.00',
          source,
        },
      ],
      subtotal: '100.00',
      taxTotal: '0.00',
      total: '100.00',
      status: 'open',
      type: 'bill',
      vendorKey: 'Paper Co',
      source,
      ...overrides,
    },
  };
}

export function customerPayment(
  key: string,
  amount: string,
  allocations: [string, string][],
  overrides: Partial<RecordOf<'customer-payment'>> = {},
): LedgerRecord {
  const source = at('customer_payments.csv');
  return {
    entity: 'customer-payment',
    value: {
      key,
      date: '2024-01-20',
      bankAccountKey: '1000',
      amount,
      currency: 'USD',
      partyKey: 'Acme',
      allocations: allocations.map(([documentKey, allocated]) => ({
        documentKey,
        amount: allocated,
        source,
      })),
      source,
      ...overrides,
    },
  };
}

export const bankTransaction = (
  key: string,
  date: string,
  overrides: Partial<RecordOf<'bank-transaction'>> = {},
): LedgerRecord => ({
  entity: 'bank-transaction',
  value: {
    key,
    bankAccountKey: '1000',
    date,
    amount: '-15.00',
    description: 'Fee',
    categoryAccountKey: '6000',
    source: at('bank_transactions.csv'),
    ...overrides,
  },
});

/** The chart every test ledger starts with. */
export const chart = (): LedgerRecord[] => [
  account('1000', 'bank'),
  account('1100', 'receivable', { systemRole: 'receivable' }),
  account('2000', 'payable', { systemRole: 'payable' }),
  account('3000', 'equity'),
  account('4000', 'revenue'),
  account('6000', 'expense'),
  customer('Acme'),
  vendor('Paper Co'),
];

/** The records as the item stream readLedger would produce. */
export async function* itemsOf(records: readonly LedgerRecord[]): AsyncGenerator<LedgerItem> {
  for (const record of records)
    yield await Promise.resolve({ kind: 'record', record, problems: [] } as const);
}
