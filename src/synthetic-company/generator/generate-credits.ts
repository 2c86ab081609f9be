import { groupInto } from '../../collections/group-into.js';
import { centsOf, formatCents, type Cents } from '../../money/index.js';
import type { CreditApplication, PurchaseDocument, SalesDocument } from '../../ledger/index.js';
import { at, type Generation } from './generation.js';

/**
 * Applies credit notes and vendor credits to an open document of the same party with enough due,
 * then sets what every open document still owes at the end (the export's AmountDue).
 */
export function applyCredits(
  { rows: row }: Generation,
  invoices: SalesDocument[],
  bills: PurchaseDocument[],
  invoiceDue: Map<string, Cents>,
  billDue: Map<string, Cents>,
): CreditApplication[] {
  const credits: CreditApplication[] = [];
  // Each party's documents in the order generated, so a note looks only at its own party's (the
  // whole list per note would be quadratic in the company's size).
  const invoicesOf = new Map<string, SalesDocument[]>();
  for (const d of invoices) if (d.type === 'invoice') groupInto(invoicesOf, d.customerKey, d);
  const billsOf = new Map<string, PurchaseDocument[]>();
  for (const d of bills) if (d.type === 'bill') groupInto(billsOf, d.vendorKey, d);
  // Credit notes: applied to an open invoice of the same customer where one has enough due.
  for (const note of invoices.filter((d) => d.type === 'credit-note')) {
    const target = invoicesOf
      .get(note.customerKey)
      ?.find((d) => (invoiceDue.get(d.key) ?? 0n) >= centsOf(note.total) && d.date <= note.date);
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
    const target = billsOf
      .get(note.vendorKey)
      ?.find((d) => (billDue.get(d.key) ?? 0n) >= centsOf(note.total) && d.date <= note.date);
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
  return credits;
}
