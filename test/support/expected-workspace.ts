import { centsOf, sumCents } from '../../src/money/index.js';
import type { GeneratedCompany } from '../../src/synthetic-company/company-generator.js';

/**
 * What a workspace must hold after migrating a generated company, counted from the company alone:
 * no more (a duplicate) and no less (a gap).
 */
export function expectedWorkspace(company: GeneratedCompany) {
  const counts = {
    customers: 0,
    vendors: 0,
    products: 0,
    invoices: 0,
    creditMemos: 0,
    bills: 0,
    vendorMemos: 0,
    bankTransactions: 0,
    payments: 0,
    splitParts: 0,
  };
  for (const record of company.records) {
    switch (record.entity) {
      case 'customer':
        counts.customers += 1;
        break;
      case 'vendor':
        counts.vendors += 1;
        break;
      case 'product':
        counts.products += 1;
        break;
      case 'invoice':
      case 'bill': {
        const document = record.value;
        // Documents settled before the cutover are covered by the opening balance.
        if (document.date < company.cutoverDate && !company.openAtCutover.has(document.key)) break;
        if (document.type === 'invoice') counts.invoices += 1;
        else if (document.type === 'credit-note') counts.creditMemos += 1;
        else if (document.type === 'bill') counts.bills += 1;
        else counts.vendorMemos += 1;
        break;
      }
      case 'bank-transaction':
        counts.bankTransactions += 1;
        break;
      case 'customer-payment':
      case 'vendor-payment': {
        counts.payments += 1;
        const allocated = sumCents(record.value.allocations.map((a) => centsOf(a.amount)));
        const parts =
          record.value.allocations.length + (allocated === centsOf(record.value.amount) ? 0 : 1);
        if (parts > 1) counts.splitParts += parts;
        break;
      }
      default:
        break;
    }
  }
  return counts;
}

/** The sandbox's record counts that a migrated company fixes exactly. */
export function expectedCounts(company: GeneratedCompany): Record<string, number> {
  const expected = expectedWorkspace(company);
  return {
    customers: expected.customers,
    vendors: expected.vendors,
    products: expected.products,
    invoices: expected.invoices,
    creditMemos: expected.creditMemos,
    bills: expected.bills,
    vendorMemos: expected.vendorMemos,
    transactions: expected.bankTransactions + expected.payments + expected.splitParts,
  };
}
