/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- the sandbox's answers are untyped JSON */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonNumber, stringifyJsonExact } from '../../../src/json/exact-json.js';
import type {
  AccountBody,
  BillBody,
  CustomerBody,
  InvoiceBody,
  JournalEntryBody,
  ProductBody,
  TransactionBody,
  VendorBody,
} from '../../../src/migration/contracts/migration-api.js';
import {
  accountRefusal,
  billRefusal,
  customerRefusal,
  invoiceRefusal,
  journalEntryRefusal,
  openingBalanceRefusal,
  productRefusal,
  transactionRefusal,
  vendorRefusal,
} from '../../../src/migration/handlers/request-rules.js';
import { authorize, startTestSandbox, type TestSandbox } from '../../sandbox/support/harness.js';
import { basicLedger, SUB_TYPE, type BasicLedger } from '../../sandbox/support/ledger-fixtures.js';

/**
 * The dry run's prediction and the API's answer agree, rule by rule: for each rule the sandbox
 * enforces on a row Ledgerlift sends (docs/api-assumptions.md, "Row rules"), a body that breaks it
 * is refused by the sandbox (400) and predicted refused by src/migration/handlers/request-rules.ts,
 * and the same body without the fault is created and predicted created.
 */
let t: TestSandbox;
let l: BasicLedger;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  t.sandbox.admin.reset();
  await authorize(t.sandbox, t.api);
  l = await basicLedger(t.api);
  await t.api.expect(200, 'PATCH', '/workspace', { cutoverDate: '2026-01-01' });
});

/** Money, quantities and prices go as exact JSON numbers, as the client writes them (T10). */
const NUMERIC = new Set(['amount', 'debit', 'credit', 'quantity', 'unitPrice', 'price', 'cost']);
function wire(body: unknown): string {
  const convert = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => convert(item));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v, k)]));
    return typeof value === 'string' && key !== undefined && NUMERIC.has(key)
      ? jsonNumber(value)
      : value;
  };
  return stringifyJsonExact(convert(body));
}

async function answer(path: string, body: unknown): Promise<number> {
  // Opening balance amounts are string decimals (spec); every other amount is a number.
  const text = path === '/opening-balance' ? JSON.stringify(body) : wire(body);
  return (await t.api.call('POST', path, text)).status;
}

interface Rule<B> {
  rule: string;
  /** The body without the fault, then with it. */
  valid: (l: BasicLedger) => B;
  broken: (body: B) => B;
}

const long = (n: number) => 'x'.repeat(n);

function route<B>(
  path: string,
  refusal: (body: B) => string | undefined,
  rules: Array<Rule<B>>,
): Array<[string, string, Rule<B>, (body: B) => string | undefined]> {
  return rules.map((rule) => [path, rule.rule, rule, refusal]);
}

const invoice = (l: BasicLedger): InvoiceBody => ({
  invoiceType: 'invoice',
  invoiceNumber: 'INV-1',
  customerUuid: l.customer.id,
  date: '2026-01-05',
  dueDate: '2026-02-04',
  currency: 'USD',
  isDraft: false,
  products: [
    {
      name: 'Consulting',
      description: 'Consulting',
      quantity: '2',
      unitPrice: '50.00',
      categoryAccountUuid: l.sales.id,
      nonTaxable: true,
    },
  ],
});
const line = (body: InvoiceBody, change: Partial<InvoiceBody['products'][number]>) => ({
  ...body,
  products: body.products.map((p) => ({ ...p, ...change })),
});

const bill = (l: BasicLedger): BillBody => ({
  billType: 'bill',
  billNumber: 'BILL-1',
  vendorUuid: l.vendor.id,
  date: '2026-01-05',
  dueDate: '2026-02-04',
  currency: 'USD',
  approvalStatus: 'approved',
  notes: 'Ledgerlift ref: bill/BILL-1',
  lineItems: [
    { description: 'Rent', quantity: '1', price: '100.00', categoryAccountUuid: l.rent.id },
  ],
});
const billLine = (body: BillBody, change: Partial<BillBody['lineItems'][number]>) => ({
  ...body,
  lineItems: body.lineItems.map((item) => ({ ...item, ...change })),
});

const transaction = (l: BasicLedger): TransactionBody => ({
  accountUuid: l.bank.id,
  amount: '-25.00',
  postedDate: '2026-01-05',
  description: 'Bank fee',
  notes: 'Ledgerlift ref: bank-transaction/T1',
  categoryAccountUuid: l.rent.id,
});

const journal = (l: BasicLedger): JournalEntryBody => ({
  date: '2026-01-05',
  memo: 'Accrual',
  referenceNumber: 'JE-1',
  lines: [
    { accountUuid: l.rent.id, debit: '10.00', credit: '0.00', description: 'Rent' },
    { accountUuid: l.equity.id, debit: '0.00', credit: '10.00' },
  ],
});
const journalLine = (
  body: JournalEntryBody,
  change: Partial<JournalEntryBody['lines'][number]>,
): JournalEntryBody => ({
  ...body,
  lines: body.lines.map((item, index) => (index === 0 ? { ...item, ...change } : item)),
});

interface OpeningBalanceBody {
  rows: Array<{ accountUuid: string; debit: string; credit: string }>;
  /** Replaces what a refused attempt left as a draft (R33), so the valid body is published. */
  replaceExisting: true;
}
const opening = (l: BasicLedger): OpeningBalanceBody => ({
  rows: [
    { accountUuid: l.bank.id, debit: '100.00', credit: '0.00' },
    { accountUuid: l.equity.id, debit: '0.00', credit: '100.00' },
  ],
  replaceExisting: true,
});

const customer = (): CustomerBody => ({
  customer: 'Bright Co',
  email: 'ap@bright.example',
  mainPhone: '555-0100',
  notes: 'Net 30',
  billingAddress: { street: '1 Main St', zipCode: '10001' },
  contacts: [{ firstName: 'Ann', email: 'ann@bright.example', isPrimary: true }],
});

const vendor = (): VendorBody => ({ name: 'Paper Co', email: 'ar@paper.example', taxId: '12-3' });

const product = (l: BasicLedger): ProductBody => ({
  name: 'Widget',
  sku: 'W-1',
  type: 'product',
  price: '19.99',
  incomeAccountUuid: l.sales.id,
});

const account = (): AccountBody => ({
  name: 'Freight',
  subTypeId: SUB_TYPE.operatingExpenses,
  accountNumber: '425',
  description: 'Carriage',
});

const cases = [
  ...route<InvoiceBody>('/invoices', invoiceRefusal, [
    {
      rule: 'number of 50 characters at most',
      valid: invoice,
      broken: (b) => ({ ...b, invoiceNumber: long(51) }),
    },
    {
      rule: 'due date not before the date',
      valid: invoice,
      broken: (b) => ({ ...b, dueDate: '2026-01-04' }),
    },
    {
      rule: 'currency an ISO 4217 code',
      valid: invoice,
      broken: (b) => ({ ...b, currency: 'usd' }),
    },
    {
      rule: 'line name of 255 characters at most',
      valid: invoice,
      broken: (b) => line(b, { name: long(256) }),
    },
    {
      rule: 'free-text line name not blank',
      valid: invoice,
      broken: (b) => line(b, { name: '  ' }),
    },
    {
      rule: 'line description of 4,000 characters at most',
      valid: invoice,
      broken: (b) => line(b, { description: long(4001) }),
    },
    {
      rule: 'quantity of 4 decimal places at most',
      valid: invoice,
      broken: (b) => line(b, { quantity: '1.00001', unitPrice: '100' }),
    },
    {
      rule: 'unit price of 4 decimal places at most',
      valid: invoice,
      broken: (b) => line(b, { quantity: '1', unitPrice: '17.49125' }),
    },
    { rule: 'total not negative', valid: invoice, broken: (b) => line(b, { unitPrice: '-50.00' }) },
    {
      rule: 'a posted document has a line',
      valid: invoice,
      broken: (b) => ({ ...b, products: [] }),
    },
  ]),
  ...route<BillBody>('/bills', billRefusal, [
    {
      rule: 'number of 50 characters at most',
      valid: bill,
      broken: (b) => ({ ...b, billNumber: long(51) }),
    },
    {
      rule: 'due date not before the date',
      valid: bill,
      broken: (b) => ({ ...b, dueDate: '2026-01-04' }),
    },
    {
      rule: 'notes of 10,000 characters at most',
      valid: bill,
      broken: (b) => ({ ...b, notes: long(10_001) }),
    },
    {
      rule: 'line description of 4,000 characters at most',
      valid: bill,
      broken: (b) => billLine(b, { description: long(4001) }),
    },
    {
      rule: 'price of 4 decimal places at most',
      valid: bill,
      broken: (b) => billLine(b, { price: '17.49125' }),
    },
    { rule: 'total not negative', valid: bill, broken: (b) => billLine(b, { price: '-100.00' }) },
    { rule: 'an approved bill has a line', valid: bill, broken: (b) => ({ ...b, lineItems: [] }) },
  ]),
  ...route<TransactionBody>('/transactions', transactionRefusal, [
    { rule: 'amount not zero', valid: transaction, broken: (b) => ({ ...b, amount: '0.00' }) },
    {
      rule: 'description of 1,000 characters at most',
      valid: transaction,
      broken: (b) => ({ ...b, description: long(1001) }),
    },
    {
      rule: 'notes of 10,000 characters at most',
      valid: transaction,
      broken: (b) => ({ ...b, notes: long(10_001) }),
    },
    {
      rule: 'category not the account itself',
      valid: transaction,
      broken: (b) => ({ ...b, categoryAccountUuid: b.accountUuid }),
    },
  ]),
  ...route<JournalEntryBody>('/journal-entries', journalEntryRefusal, [
    {
      rule: 'each line has an amount',
      valid: journal,
      broken: (b) => ({
        ...b,
        lines: [
          ...b.lines,
          { accountUuid: b.lines[0]!.accountUuid, debit: '0.00', credit: '0.00' },
        ],
      }),
    },
    {
      rule: 'each line is a debit or a credit, not both',
      valid: journal,
      broken: (b) => ({
        ...b,
        lines: [{ ...b.lines[0]!, debit: '15.00', credit: '5.00' }, b.lines[1]!],
      }),
    },
    { rule: 'two lines at least', valid: journal, broken: (b) => ({ ...b, lines: [b.lines[0]!] }) },
    {
      rule: 'debits equal credits',
      valid: journal,
      broken: (b) => journalLine(b, { debit: '11.00' }),
    },
    {
      rule: 'memo of 1,000 characters at most',
      valid: journal,
      broken: (b) => ({ ...b, memo: long(1001) }),
    },
    {
      rule: 'reference of 100 characters at most',
      valid: journal,
      broken: (b) => ({ ...b, referenceNumber: long(101) }),
    },
    {
      rule: 'line description of 1,000 characters at most',
      valid: journal,
      broken: (b) => journalLine(b, { description: long(1001) }),
    },
  ]),
  ...route<OpeningBalanceBody>('/opening-balance', (b) => openingBalanceRefusal(b.rows), [
    {
      rule: 'rows not empty',
      valid: opening,
      broken: (b) => ({ ...b, rows: [] }),
    },
    {
      rule: 'each row a debit or a credit, not zero',
      valid: opening,
      broken: (b) => ({
        ...b,
        rows: [...b.rows, { accountUuid: l.rent.id, debit: '0.00', credit: '0.00' }],
      }),
    },
    {
      rule: 'an account once',
      valid: opening,
      broken: (b) => ({
        ...b,
        rows: [
          b.rows[0]!,
          { ...b.rows[1]!, credit: '95.00' },
          { accountUuid: b.rows[0]!.accountUuid, debit: '0.00', credit: '5.00' },
        ],
      }),
    },
    {
      rule: 'debits equal credits',
      valid: opening,
      broken: (b) => ({ ...b, rows: [b.rows[0]!, { ...b.rows[1]!, credit: '90.00' }] }),
    },
  ]),
  ...route<CustomerBody>('/customers', customerRefusal, [
    {
      rule: 'name of 255 characters at most',
      valid: customer,
      broken: (b) => ({ ...b, customer: long(256) }),
    },
    {
      rule: 'email one address',
      valid: customer,
      broken: (b) => ({ ...b, email: 'a@b.example; c@d.example' }),
    },
    {
      rule: 'phone of 50 characters at most',
      valid: customer,
      broken: (b) => ({ ...b, mainPhone: long(51) }),
    },
    {
      rule: 'notes of 10,000 characters at most',
      valid: customer,
      broken: (b) => ({ ...b, notes: long(10_001) }),
    },
    {
      rule: 'zip code of 20 characters at most',
      valid: customer,
      broken: (b) => ({ ...b, billingAddress: { zipCode: long(21) } }),
    },
    {
      rule: "contact's email one address",
      valid: customer,
      broken: (b) => ({ ...b, contacts: [{ email: 'ann at bright' }] }),
    },
  ]),
  ...route<VendorBody>('/vendors', vendorRefusal, [
    {
      rule: 'name of 255 characters at most',
      valid: vendor,
      broken: (b) => ({ ...b, name: long(256) }),
    },
    { rule: 'email one address', valid: vendor, broken: (b) => ({ ...b, email: 'accounts' }) },
    {
      rule: 'tax id of 50 characters at most',
      valid: vendor,
      broken: (b) => ({ ...b, taxId: long(51) }),
    },
  ]),
  ...route<ProductBody>('/products', productRefusal, [
    {
      rule: 'name of 255 characters at most',
      valid: product,
      broken: (b) => ({ ...b, name: long(256) }),
    },
    {
      rule: 'SKU of 100 characters at most',
      valid: product,
      broken: (b) => ({ ...b, sku: long(101) }),
    },
    {
      rule: 'price of 4 decimal places at most',
      valid: product,
      broken: (b) => ({ ...b, price: '0.123456' }),
    },
  ]),
  ...route<AccountBody>('/chart-of-accounts', accountRefusal, [
    {
      rule: 'name of 200 characters at most',
      valid: account,
      broken: (b) => ({ ...b, name: long(201) }),
    },
    {
      rule: 'number of 50 characters at most',
      valid: account,
      broken: (b) => ({ ...b, accountNumber: long(51) }),
    },
    {
      rule: 'description of 1,000 characters at most',
      valid: account,
      broken: (b) => ({ ...b, description: long(1001) }),
    },
  ]),
] as Array<[string, string, Rule<unknown>, (body: unknown) => string | undefined]>;

describe('the dry run predicts what the API refuses', () => {
  it.each(cases)('POST %s: %s', async (path, _rule, rule, refusal) => {
    const valid = rule.valid(l);
    expect(refusal(valid)).toBeUndefined();
    const broken = rule.broken(valid);
    expect(refusal(broken)).toBeDefined();
    expect(await answer(path, broken)).toBe(400);
    expect(await answer(path, valid)).toBe(201);
  });
});
