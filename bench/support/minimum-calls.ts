import { centsOf, sumCents } from '../../src/money/index.js';
import type { GeneratedCompany } from '../../src/synthetic-company/company-generator.js';

/**
 * The fewest write calls the API's routes allow for a company, counted from the company itself
 * (not from Ledgerlift's own planner): bulk routes at the batch size (accounts, customers,
 * transactions), one call per record elsewhere, and the calls the accounting strategy needs:
 * two for the opening balance (cutover date, publish), one split per payment with several parts,
 * one assignment per allocation, one application call per credit note or bill with vendor credits,
 * and one sales-tax journal per month with taxed invoices (invoice lines may only post to income).
 */
export function minimumWriteCalls(company: GeneratedCompany, batchSize: number): number {
  const batches = (n: number) => Math.ceil(n / batchSize);
  let accounts = 1; // Ledgerlift's clearing account
  let customers = 0;
  let perRecord = 0;
  let transactions = 0;
  let payments = 0;
  let splits = 0;
  let allocations = 0;
  const taxMonths = new Set<string>();
  const creditTargets = new Set<string>();
  for (const record of company.records) {
    switch (record.entity) {
      case 'account':
        if (!record.value.systemRole) accounts += 1;
        break;
      case 'customer':
        customers += 1;
        break;
      case 'vendor':
      case 'product':
        perRecord += 1;
        break;
      case 'invoice':
      case 'bill': {
        const d = record.value;
        const migrated = d.date >= company.cutoverDate || company.openAtCutover.has(d.key);
        if (!migrated) break;
        perRecord += 1;
        const taxed = d.lines.some((line) => centsOf(line.taxAmount) !== 0n);
        if (record.entity === 'invoice' && d.date >= company.cutoverDate && taxed)
          taxMonths.add(d.date.slice(0, 7));
        break;
      }
      case 'bank-transaction':
        transactions += 1;
        break;
      case 'customer-payment':
      case 'vendor-payment': {
        payments += 1;
        allocations += record.value.allocations.length;
        const rest =
          centsOf(record.value.amount) -
          sumCents(record.value.allocations.map((a) => centsOf(a.amount)));
        if (record.value.allocations.length + (rest === 0n ? 0 : 1) > 1) splits += 1;
        break;
      }
      case 'credit-application':
        creditTargets.add(
          record.value.kind === 'customer-credit'
            ? `c:${record.value.creditKey}`
            : `v:${record.value.documentKey}`,
        );
        break;
      default:
        break;
    }
  }
  return (
    batches(accounts) +
    batches(customers) +
    perRecord +
    2 +
    taxMonths.size +
    batches(transactions) +
    batches(payments) +
    splits +
    allocations +
    creditTargets.size
  );
}
