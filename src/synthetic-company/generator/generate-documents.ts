import { centsOf, formatCents, lineAmountCents } from '../../money/index.js';
import type { Product, PurchaseDocument, SalesDocument } from '../../ledger/index.js';
import { END, expenseAccounts } from './generate-chart-of-accounts.js';
import { addDays, at, post, type Generation } from './generation.js';
import type { MasterData } from './generate-master-data.js';

/** A sales or purchase document with 1 to 3 lines; taxed lines at 8.25%. */
function makeLines(generation: Generation, products: Product[], sales: boolean, file: string) {
  const { random } = generation;
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
}

type Lines = ReturnType<typeof makeLines>;

function totalsOf(lines: Lines) {
  const subtotal = lines.reduce((sum, l) => sum + centsOf(l.amount), 0n);
  const tax = lines.reduce((sum, l) => sum + centsOf(l.taxAmount), 0n);
  return {
    subtotal: formatCents(subtotal),
    taxTotal: formatCents(tax),
    total: formatCents(subtotal + tax),
  };
}

/** Posts a document dated on or after the cutover, as the legacy system did. */
function postDocument(generation: Generation, sales: boolean, credit: boolean, lines: Lines) {
  const sign = (sales ? 1n : -1n) * (credit ? -1n : 1n);
  let total = 0n;
  for (const line of lines) {
    post(generation, line.accountKey, -sign * centsOf(line.amount));
    post(generation, '2200', -sign * centsOf(line.taxAmount));
    total += centsOf(line.amount) + centsOf(line.taxAmount);
  }
  post(generation, sales ? '1100' : '2000', sign * total);
}

/**
 * The invoices (or bills) of a company: `count` dated after the cutover, about one in six open at
 * the cutover (some part paid before it) and one in twelve settled before it.
 */
export function makeDocuments(
  generation: Generation,
  { customers, vendors, products }: MasterData,
  sales: boolean,
  count: number,
): Array<SalesDocument | PurchaseDocument> {
  const { random, rows: row, openAtCutover, openDocuments } = generation;
  const parties = sales ? customers : vendors;
  const file = sales ? 'invoices.csv' : 'bills.csv';
  const list: Array<SalesDocument | PurchaseDocument> = [];
  const prefix = sales ? 'INV' : 'BILL';
  const total = count + Math.ceil(count / 6) + Math.ceil(count / 12);
  for (let i = 0; i < total; i += 1) {
    const era =
      i < count ? 'after' : i < count + Math.ceil(count / 6) ? 'open-at-cutover' : 'settled-before';
    const date =
      era === 'after'
        ? random.dateBetween('2026-01-02', END)
        : random.dateBetween('2025-10-01', '2025-12-31');
    const credit = era === 'after' && random.chance(0.04);
    const lines = makeLines(generation, products, sales, file);
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
    if (era === 'after') postDocument(generation, sales, credit, lines);
    else if (era === 'settled-before')
      Object.assign(document, { status: 'paid', amountDue: '0.00' });
    else {
      // Open at the cutover: some were part paid before it (outside the export).
      const paidBefore = random.chance(0.3) ? centsOf(totals.total) / 3n : 0n;
      const open = centsOf(totals.total) - paidBefore;
      openAtCutover[sales ? 'receivable' : 'payable'] += open;
      openDocuments.add(number);
      post(generation, sales ? '1100' : '2000', sales ? open : -open);
      Object.assign(document, { amountDue: formatCents(open) });
    }
    list.push(document);
  }
  return list;
}
