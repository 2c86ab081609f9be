import type {
  Account,
  BankTransaction,
  OpeningBalanceLine,
  Party,
  Payment,
  PurchaseDocument,
  SalesDocument,
} from '../../src/ledger/index.js';
import type { StagingItem } from '../../src/migration/contracts/staged-row.js';

/** Small builders for hand-written ledgers in tests. Amounts are money text, as in the model. */
let row = 1;
const at = (file: string) => ({ file, row: ++row });

export function account(
  key: string,
  name: string,
  kind: Account['kind'],
  extra: Partial<Account> = {},
): Account {
  return { key, code: key, name, kind, active: true, source: at('accounts.csv'), ...extra };
}

export function party(key: string, name: string, file = 'customers.csv'): Party {
  return { key, name, active: true, source: at(file) };
}

export function opening(accountKey: string, debit: string, credit: string): OpeningBalanceLine {
  return { accountKey, debit, credit, source: at('opening_balances.csv') };
}

interface DocumentInput {
  key: string;
  date: string;
  party: string;
  lines: Array<{
    account: string;
    amount: string;
    tax?: string;
    quantity?: string;
    unitPrice?: string;
  }>;
  status?: SalesDocument['status'];
  amountDue?: string;
}

function documentFields(input: DocumentInput, file: string) {
  let subtotal = 0n;
  let tax = 0n;
  const lines = input.lines.map((line) => {
    subtotal += BigInt(line.amount.replace('.', ''));
    tax += BigInt((line.tax ?? '0.00').replace('.', ''));
    return {
      description: `Line for ${line.account}`,
      quantity: line.quantity ?? '1',
      unitPrice: line.unitPrice ?? line.amount,
      amount: line.amount,
      accountKey: line.account,
      taxAmount: line.tax ?? '0.00',
      source: at(file),
    };
  });
  const money = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return {
    key: input.key,
    number: input.key,
    date: input.date,
    dueDate: input.date,
    currency: 'USD',
    lines,
    subtotal: money(subtotal),
    taxTotal: money(tax),
    total: money(subtotal + tax),
    status: input.status ?? 'open',
    ...(input.amountDue !== undefined ? { amountDue: input.amountDue } : {}),
    source: at(file),
  };
}

export function invoice(
  input: DocumentInput,
  type: SalesDocument['type'] = 'invoice',
): SalesDocument {
  return { ...documentFields(input, 'invoices.csv'), type, customerKey: input.party };
}

export function bill(
  input: DocumentInput,
  type: PurchaseDocument['type'] = 'bill',
): PurchaseDocument {
  return { ...documentFields(input, 'bills.csv'), type, vendorKey: input.party };
}

export function bankLine(
  key: string,
  date: string,
  bank: string,
  amount: string,
  category?: string,
): BankTransaction {
  return {
    key,
    bankAccountKey: bank,
    date,
    amount,
    description: `Bank line ${key}`,
    ...(category ? { categoryAccountKey: category } : {}),
    source: at('bank_transactions.csv'),
  };
}

export function payment(
  key: string,
  date: string,
  bank: string,
  partyKey: string,
  amount: string,
  allocations: Array<[documentKey: string, amount: string]>,
): Payment {
  return {
    key,
    date,
    bankAccountKey: bank,
    amount,
    currency: 'USD',
    partyKey,
    allocations: allocations.map(([documentKey, allocated]) => ({
      documentKey,
      amount: allocated,
      source: at('payments.csv'),
    })),
    source: at('payments.csv'),
  };
}

/** Wraps records as the validated item stream staging consumes. */
export function* itemsOf(
  records: Array<{
    entity: StagingItem extends { record: infer R }
      ? R extends { entity: infer E }
        ? E
        : never
      : never;
    value: unknown;
  }>,
): Generator<StagingItem> {
  for (const record of records) yield { kind: 'record', record, problems: [] };
}
