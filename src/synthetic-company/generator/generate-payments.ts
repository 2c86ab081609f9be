import { centsOf, formatCents, type Cents } from '../../money/index.js';
import type {
  Payment,
  PurchaseDocument,
  SalesDocument,
  SourceLocation,
} from '../../ledger/index.js';
import { groupInto } from '../../collections/group-into.js';
import { END } from './generate-chart-of-accounts.js';
import { maxDate, at, post, type Generation } from './generation.js';

export interface GeneratedPayment {
  entity: 'customer-payment' | 'vendor-payment';
  value: Payment;
}

/**
 * Pays some open documents after the cutover; a few payments settle two documents at once.
 * Answers what each document still owes.
 */
export function payDocuments(
  generation: Generation,
  paidShare: number,
  payments: GeneratedPayment[],
  sales: boolean,
  documents: Array<SalesDocument | PurchaseDocument>,
): Map<string, Cents> {
  const { random, rows: row } = generation;
  const due = new Map<string, Cents>(
    documents
      .filter((d) => d.type === 'invoice' || d.type === 'bill')
      .filter((d) => d.status === 'open')
      .map((d) => [d.key, d.amountDue !== undefined ? centsOf(d.amountDue) : centsOf(d.total)]),
  );
  const open = documents.filter((d) => due.has(d.key) && random.chance(paidShare));
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
      post(generation, '1000', sign * allocated);
      post(generation, sales ? '1100' : '2000', -sign * allocated);
    }
  }
  return due;
}
