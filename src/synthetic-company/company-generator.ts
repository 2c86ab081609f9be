import { centsOf, formatCents, lineAmountCents, type Cents } from '../money/index.js';
import type {
  Account,
  BankTransaction,
  CreditApplication,
  LedgerRecord,
  OpeningBalanceLine,
  Party,
  Payment,
  Product,
  PurchaseDocument,
  SalesDocument,
  SourceLocation,
  TrialBalanceLine,
} from '../ledger/index.js';
import { seededRandom, type Random } from './random.js';
import { groupInto } from '../collections/group-into.js';

/** How big a company to make. Counts are approximate where noted. */
export interface CompanySize {
  customers: number;
  vendors: number;
  products: number;
  /** Invoices after the cutover (plus about 1 in 6 open at the cutover, 1 in 12 settled before). */
  invoices: number;
  bills: number;
  bankTransactions: number;
  /** Share of invoices and bills that get paid (0..1). */
  paidShare: number;
}

export const companySizes = {
  /** About 1,000 records across all entities. */
  small: {
    customers: 60,
    vendors: 25,
    products: 30,
    invoices: 300,
    bills: 160,
    bankTransactions: 150,
    paidShare: 0.6,
  },
  /** About 20,000 records. */
  medium: {
    customers: 1200,
    vendors: 400,
    products: 300,
    invoices: 6000,
    bills: 3500,
    bankTransactions: 3000,
    paidShare: 0.6,
  },
  /** About 200,000 records. */
  large: {
    customers: 12000,
    vendors: 4000,
    products: 2500,
    invoices: 60000,
    bills: 35000,
    bankTransactions: 30000,
    paidShare: 0.6,
  },
} satisfies Record<string, CompanySize>;

export interface GeneratedCompany {
  cutoverDate: string;
  endDate: string;
  currency: string;
  /** Every record, in entity dependency order, ending with the legacy trial balance at the end date. */
  records: LedgerRecord[];
  /** The legacy system's own books at the end date, kept independently of Ledgerlift's rules. */
  trialBalance: Map<string, Cents>;
  /** Keys of the documents dated before the cutover that were still open at it. */
  openAtCutover: Set<string>;
}

const CUTOVER = '2026-01-01';
const END = '2026-03-31';

const chart: Array<Omit<Account, 'source' | 'active'>> = [
  { key: '1000', code: '1000', name: 'Business Checking', kind: 'bank' },
  { key: '1010', code: '1010', name: 'Savings', kind: 'bank' },
  {
    key: '1100',
    code: '1100',
    name: 'Accounts Receivable',
    kind: 'receivable',
    systemRole: 'receivable',
  },
  { key: '1200', code: '1200', name: 'Prepaid Insurance', kind: 'prepayment' },
  { key: '1500', code: '1500', name: 'Equipment', kind: 'fixed-asset' },
  { key: '2000', code: '2000', name: 'Accounts Payable', kind: 'payable', systemRole: 'payable' },
  { key: '2200', code: '2200', name: 'Sales Tax Payable', kind: 'tax', systemRole: 'tax' },
  { key: '2500', code: '2500', name: 'Equipment Loan', kind: 'non-current-liability' },
  { key: '3000', code: '3000', name: "Owner's Capital", kind: 'equity' },
  {
    key: '3100',
    code: '3100',
    name: 'Retained Earnings',
    kind: 'retained-earnings',
    systemRole: 'retained-earnings',
  },
  { key: '4000', code: '4000', name: 'Product Sales', kind: 'revenue' },
  { key: '4100', code: '4100', name: 'Service Revenue', kind: 'revenue' },
  { key: '5000', code: '5000', name: 'Cost of Goods Sold', kind: 'cost-of-sales' },
  { key: '6000', code: '6000', name: 'Rent', kind: 'expense' },
  { key: '6100', code: '6100', name: 'Utilities', kind: 'expense' },
  { key: '6200', code: '6200', name: 'Office Supplies', kind: 'expense' },
  { key: '6300', code: '6300', name: 'Bank Fees', kind: 'expense' },
  { key: '6400', code: '6400', name: 'Professional Fees', kind: 'expense' },
];

const expenseAccounts = ['5000', '6000', '6100', '6200', '6400'];
const firstNames = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'John',
  'Radia',
  'Ken',
];
const nouns = [
  'Harbor',
  'Summit',
  'Cedar',
  'Pioneer',
  'Atlas',
  'Beacon',
  'Orchard',
  'Granite',
  'Meridian',
  'Willow',
];
const trades = [
  'Bakery',
  'Logistics',
  'Studio',
  'Dental',
  'Builders',
  'Cafe',
  'Analytics',
  'Florist',
  'Garage',
  'Farms',
];

/**
 * A deterministic, consistent company: the opening balances at the cutover equal what the legacy
 * documents leave open, payments never exceed what is due, and the legacy trial balance at the end
 * date is computed by plain double entry as each transaction is generated.
 */
export function generateCompany(size: CompanySize, seed = 1): GeneratedCompany {
  const random = seededRandom(seed);
  const books = new Map<string, Cents>();
  const post = (account: string, debit: Cents) =>
    books.set(account, (books.get(account) ?? 0n) + debit);
  const at = (file: string, row: number): SourceLocation => ({ file, row });

  const accounts: Account[] = chart.map((a, i) => ({
    ...a,
    active: true,
    source: at('accounts.csv', i + 2),
  }));
  const customers = Array.from({ length: size.customers }, (_, i) =>
    partyOf(
      `C${String(i + 1).padStart(5, '0')}`,
      companyName(random, i),
      at('customers.csv', i + 2),
      random,
    ),
  );
  const vendors = Array.from({ length: size.vendors }, (_, i) =>
    partyOf(
      `V${String(i + 1).padStart(5, '0')}`,
      `${companyName(random, i + 7)} Supply`,
      at('vendors.csv', i + 2),
      random,
    ),
  );
  const products: Product[] = Array.from({ length: size.products }, (_, i) => {
    const service = i % 3 === 0;
    return {
      key: `ITEM-${String(i + 1).padStart(4, '0')}`,
      name: `${service ? 'Service' : 'Product'} ${nouns[i % nouns.length]} ${i + 1}`,
      type: service ? 'service' : 'product',
      salesPrice: formatCents(BigInt(random.int(500, 50_000))),
      incomeAccountKey: service ? '4100' : '4000',
      ...(service ? {} : { expenseAccountKey: '5000' }),
      taxable: !service,
      active: true,
      source: at('products.csv', i + 2),
    };
  });

  const invoices: SalesDocument[] = [];
  const bills: PurchaseDocument[] = [];
  const payments: Array<{ entity: 'customer-payment' | 'vendor-payment'; value: Payment }> = [];
  const bank: BankTransaction[] = [];
  const credits: CreditApplication[] = [];
  const openAtCutover = { receivable: 0n, payable: 0n };
  const openDocuments = new Set<string>();
  const row = { invoices: 2, bills: 2, payments: 2, bank: 2, credits: 2 };

  /** A sales or purchase document with 1 to 3 lines; taxed lines at 8.25%. */
  const makeLines = (sales: boolean, file: string) => {
    const count = random.int(1, 3);
    return Array.from({ length: count }, () => {
      const product = sales ? random.pick(products) : undefined;
      const quantity = String(random.int(1, 5));
      const unitPrice = product?.salesPrice ?? formatCents(BigInt(random.int(1_000, 80_000)));
      const amount = lineAmountCents(quantity, unitPrice);
      const taxed = sales ? product?.taxable === true : random.chance(0.3);
      const tax = taxed ? (amount * 825n + 5000n) / 10000n : 0n;
      return {
        description:
          product?.name ??
          random.pick(['Monthly service', 'Supplies', 'Repairs', 'Consulting', 'Parts']),
        ...(product ? { itemKey: product.key } : {}),
        quantity,
        unitPrice,
        amount: formatCents(amount),
        accountKey: product?.incomeAccountKey ?? random.pick(expenseAccounts),
        taxAmount: formatCents(tax),
        ...(taxed ? { taxCode: 'TAX8.25' } : {}),
        source: at(file, 0),
      };
    });
  };
  const totalsOf = (lines: ReturnType<typeof makeLines>) => {
    const subtotal = lines.reduce((sum, l) => sum + centsOf(l.amount), 0n);
    const tax = lines.reduce((sum, l) => sum + centsOf(l.taxAmount), 0n);
    return {
      subtotal: formatCents(subtotal),
      taxTotal: formatCents(tax),
      total: formatCents(subtotal + tax),
    };
  };

  /** Posts a document dated on or after the cutover, as the legacy system did. */
  const postDocument = (sales: boolean, credit: boolean, lines: ReturnType<typeof makeLines>) => {
    const sign = (sales ? 1n : -1n) * (credit ? -1n : 1n);
    let total = 0n;
    for (const line of lines) {
      post(line.accountKey, -sign * centsOf(line.amount));
      post('2200', -sign * centsOf(line.taxAmount));
      total += centsOf(line.amount) + centsOf(line.taxAmount);
    }
    post(sales ? '1100' : '2000', sign * total);
  };

  const makeDocuments = (sales: boolean, count: number) => {
    const parties = sales ? customers : vendors;
    const file = sales ? 'invoices.csv' : 'bills.csv';
    const list: Array<SalesDocument | PurchaseDocument> = [];
    const prefix = sales ? 'INV' : 'BILL';
    const total = count + Math.ceil(count / 6) + Math.ceil(count / 12);
    for (let i = 0; i < total; i += 1) {
      const era =
        i < count
          ? 'after'
          : i < count + Math.ceil(count / 6)
            ? 'open-at-cutover'
            : 'settled-before';
      const date =
        era === 'after'
          ? random.dateBetween('2026-01-02', END)
          : random.dateBetween('2025-10-01', '2025-12-31');
      const credit = era === 'after' && random.chance(0.04);
      const lines = makeLines(sales, file);
      const totals = totalsOf(lines);
      const number = `${credit ? (sales ? 'CN' : 'VC') : prefix}-${String(i + 1).padStart(6, '0')}`;
      const party = random.pick(parties).key;
      const base = {
        key: number,
        number,
        date,
        dueDate: addDays(date, 30),
        currency: 'USD',
        lines: lines.map((line) => ({
          ...line,
          source: at(file, sales ? row.invoices : row.bills),
        })),
        ...totals,
        status: 'open' as const,
        source: at(file, sales ? row.invoices : row.bills),
      };
      if (sales) row.invoices += lines.length;
      else row.bills += lines.length;
      const document = sales
        ? ({
            ...base,
            type: credit ? 'credit-note' : 'invoice',
            customerKey: party,
          } as SalesDocument)
        : ({
            ...base,
            type: credit ? 'vendor-credit' : 'bill',
            vendorKey: party,
          } as PurchaseDocument);
      if (era === 'after') postDocument(sales, credit, lines);
      else if (era === 'settled-before')
        Object.assign(document, { status: 'paid', amountDue: '0.00' });
      else {
        // Open at the cutover: some were part paid before it (outside the export).
        const paidBefore = random.chance(0.3) ? centsOf(totals.total) / 3n : 0n;
        const open = centsOf(totals.total) - paidBefore;
        openAtCutover[sales ? 'receivable' : 'payable'] += open;
        openDocuments.add(number);
        post(sales ? '1100' : '2000', sales ? open : -open);
        Object.assign(document, { amountDue: formatCents(open) });
      }
      list.push(document);
    }
    return list;
  };

  invoices.push(...(makeDocuments(true, size.invoices) as SalesDocument[]));
  bills.push(...(makeDocuments(false, size.bills) as PurchaseDocument[]));

  /** Pays some open documents after the cutover; a few payments settle two documents at once. */
  const pay = (sales: boolean, documents: Array<SalesDocument | PurchaseDocument>) => {
    const due = new Map<string, Cents>(
      documents
        .filter((d) => d.type === 'invoice' || d.type === 'bill')
        .filter((d) => d.status === 'open')
        .map((d) => [d.key, d.amountDue !== undefined ? centsOf(d.amountDue) : centsOf(d.total)]),
    );
    const open = documents.filter((d) => due.has(d.key) && random.chance(size.paidShare));
    const byParty = new Map<string, Array<SalesDocument | PurchaseDocument>>();
    for (const d of open) {
      const party = 'customerKey' in d ? d.customerKey : d.vendorKey;
      groupInto(byParty, party, d);
    }
    let n = 0;
    for (const [party, docs] of byParty) {
      for (let i = 0; i < docs.length;) {
        const group = docs.slice(i, i + (random.chance(0.15) ? 2 : 1));
        i += group.length;
        const latest = group
          .map((d) => d.date)
          .sort()
          .at(-1) as string;
        const date = random.dateBetween(maxDate(latest, '2026-01-02'), END);
        const allocations = group.map((d) => {
          const full = due.get(d.key) as Cents;
          const amount = random.chance(0.2) ? full / 2n : full;
          due.set(d.key, full - amount);
          return {
            documentKey: d.key,
            amount: formatCents(amount),
            source: at(sales ? 'customer_payments.csv' : 'vendor_payments.csv', row.payments++),
          };
        });
        const allocated = allocations.reduce((s, a) => s + centsOf(a.amount), 0n);
        n += 1;
        const payment: Payment = {
          key: `${sales ? 'RCPT' : 'PMT'}-${String(n).padStart(6, '0')}`,
          date,
          bankAccountKey: '1000',
          amount: formatCents(allocated),
          currency: 'USD',
          partyKey: party,
          reference: `REF${random.int(10000, 99999)}`,
          allocations,
          source: allocations[0]?.source as SourceLocation,
        };
        payments.push({ entity: sales ? 'customer-payment' : 'vendor-payment', value: payment });
        const sign = sales ? 1n : -1n;
        post('1000', sign * allocated);
        post(sales ? '1100' : '2000', -sign * allocated);
      }
    }
    return due;
  };
  const invoiceDue = pay(true, invoices);
  const billDue = pay(false, bills);

  // Credit notes: applied to an open invoice of the same customer where one has enough due.
  for (const note of invoices.filter((d) => d.type === 'credit-note')) {
    const target = invoices.find(
      (d) =>
        d.type === 'invoice' &&
        d.customerKey === note.customerKey &&
        (invoiceDue.get(d.key) ?? 0n) >= centsOf(note.total) &&
        d.date <= note.date,
    );
    if (!target) continue;
    invoiceDue.set(target.key, (invoiceDue.get(target.key) ?? 0n) - centsOf(note.total));
    credits.push({
      key: `${note.key}>${target.key}`,
      kind: 'customer-credit',
      date: note.date,
      creditKey: note.key,
      documentKey: target.key,
      amount: note.total,
      source: at('credit_applications.csv', row.credits++),
    });
  }
  for (const note of bills.filter((d) => d.type === 'vendor-credit')) {
    const target = bills.find(
      (d) =>
        d.type === 'bill' &&
        d.vendorKey === note.vendorKey &&
        (billDue.get(d.key) ?? 0n) >= centsOf(note.total) &&
        d.date <= note.date,
    );
    if (!target) continue;
    billDue.set(target.key, (billDue.get(target.key) ?? 0n) - centsOf(note.total));
    credits.push({
      key: `${note.key}>${target.key}`,
      kind: 'vendor-credit',
      date: note.date,
      creditKey: note.key,
      documentKey: target.key,
      amount: note.total,
      source: at('credit_applications.csv', row.credits++),
    });
  }
  const applied = new Set(credits.map((c) => c.creditKey));
  // What each document still owes at the end (the export's AmountDue).
  for (const d of [...invoices, ...bills]) {
    if (d.status !== 'open') continue;
    const due =
      d.type === 'invoice'
        ? invoiceDue.get(d.key)
        : d.type === 'bill'
          ? billDue.get(d.key)
          : applied.has(d.key)
            ? 0n
            : centsOf(d.total);
    Object.assign(d, { amountDue: formatCents(due ?? 0n), status: due === 0n ? 'paid' : 'open' });
  }

  for (let i = 0; i < size.bankTransactions; i += 1) {
    const outgoing = random.chance(0.85);
    const amount = BigInt(random.int(500, outgoing ? 250_000 : 400_000));
    const category = outgoing ? random.pick(['6000', '6100', '6200', '6300', '6400']) : '4100';
    const line: BankTransaction = {
      key: `BT-${String(i + 1).padStart(6, '0')}`,
      bankAccountKey: random.chance(0.9) ? '1000' : '1010',
      date: random.dateBetween('2026-01-02', END),
      amount: formatCents(outgoing ? -amount : amount),
      description: outgoing
        ? `Card payment ${random.pick(nouns)}`
        : `Deposit ${random.pick(nouns)}`,
      reference: `T${random.int(100000, 999999)}`,
      categoryAccountKey: category,
      source: at('bank_transactions.csv', row.bank++),
    };
    bank.push(line);
    post(line.bankAccountKey, centsOf(line.amount));
    post(category, -centsOf(line.amount));
  }

  // Balances at the cutover: receivables and payables equal the open documents; cash, tax, loan
  // and equity complete a balanced set.
  const opening: Array<[string, Cents]> = [
    ['1000', 5_000_000n],
    ['1010', 2_000_000n],
    ['1100', openAtCutover.receivable],
    ['1200', 120_000n],
    ['1500', 3_500_000n],
    ['2000', -openAtCutover.payable],
    ['2200', -85_000n],
    ['2500', -2_000_000n],
    ['3100', -1_250_000n],
  ];
  const equity = -opening.reduce((sum, [, v]) => sum + v, 0n);
  opening.push(['3000', equity]);
  // Receivables and payables are already in the books, document by document.
  for (const [key, value] of opening) if (key !== '1100' && key !== '2000') post(key, value);
  const openingLines: OpeningBalanceLine[] = opening.map(([accountKey, value], i) => ({
    accountKey,
    debit: formatCents(value > 0n ? value : 0n),
    credit: formatCents(value < 0n ? -value : 0n),
    source: at('opening_balances.csv', i + 2),
  }));
  const trialBalanceLines: TrialBalanceLine[] = [...books]
    .filter(([, value]) => value !== 0n)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([accountKey, value], i) => ({
      asOf: END,
      accountKey,
      debit: formatCents(value > 0n ? value : 0n),
      credit: formatCents(value < 0n ? -value : 0n),
      source: at('trial_balance.csv', i + 2),
    }));

  const records: LedgerRecord[] = [
    ...accounts.map((value) => ({ entity: 'account' as const, value })),
    ...customers.map((value) => ({ entity: 'customer' as const, value })),
    ...vendors.map((value) => ({ entity: 'vendor' as const, value })),
    ...products.map((value) => ({ entity: 'product' as const, value })),
    ...openingLines.map((value) => ({ entity: 'opening-balance' as const, value })),
    ...invoices.map((value) => ({ entity: 'invoice' as const, value })),
    ...bills.map((value) => ({ entity: 'bill' as const, value })),
    ...bank.map((value) => ({ entity: 'bank-transaction' as const, value })),
    ...payments.filter((p) => p.entity === 'customer-payment'),
    ...payments.filter((p) => p.entity === 'vendor-payment'),
    ...credits.map((value) => ({ entity: 'credit-application' as const, value })),
    ...trialBalanceLines.map((value) => ({ entity: 'trial-balance' as const, value })),
  ];
  return {
    cutoverDate: CUTOVER,
    endDate: END,
    currency: 'USD',
    records,
    trialBalance: books,
    openAtCutover: openDocuments,
  };
}

function partyOf(key: string, name: string, source: SourceLocation, random: Random): Party {
  const first = random.pick(firstNames);
  return {
    key,
    name,
    email: `${first.toLowerCase()}@${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
    phone: `555-${String(random.int(1000, 9999))}`,
    contactPerson: { firstName: first, lastName: random.pick(nouns) },
    billingAddress: {
      street: `${random.int(1, 999)} Main St`,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'US',
    },
    active: true,
    source,
  };
}

function companyName(random: Random, salt: number): string {
  return `${random.pick(nouns)} ${random.pick(trades)} ${salt + 1}`;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}
