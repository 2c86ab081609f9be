import type { Cents } from '../money/index.js';
import type { LedgerRecord, PurchaseDocument, SalesDocument } from '../ledger/index.js';
import { makeBalances } from './generator/generate-balances.js';
import { makeBankTransactions } from './generator/generate-bank-transactions.js';
import { CUTOVER, END } from './generator/generate-chart-of-accounts.js';
import { applyCredits } from './generator/generate-credits.js';
import { makeDocuments } from './generator/generate-documents.js';
import { startGeneration } from './generator/generation.js';
import { makeMasterData } from './generator/generate-master-data.js';
import { payDocuments, type GeneratedPayment } from './generator/generate-payments.js';
import { seededRandom } from './random.js';

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
  /** About 1,000,000 records: large's counts times 4.4. */
  xlarge: {
    customers: 52800,
    vendors: 17600,
    products: 11000,
    invoices: 264000,
    bills: 154000,
    bankTransactions: 132000,
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

/**
 * A deterministic, consistent company: the opening balances at the cutover equal what the legacy
 * documents leave open, payments never exceed what is due, and the legacy trial balance at the end
 * date is computed by plain double entry as each transaction is generated. The parts draw from one
 * random stream in this order, so a seed always gives the same company.
 */
export function generateCompany(size: CompanySize, seed = 1): GeneratedCompany {
  const generation = startGeneration(seededRandom(seed));
  const master = makeMasterData(generation, size);
  const { accounts, customers, vendors, products } = master;
  const invoices = makeDocuments(generation, master, true, size.invoices) as SalesDocument[];
  const bills = makeDocuments(generation, master, false, size.bills) as PurchaseDocument[];
  const payments: GeneratedPayment[] = [];
  const invoiceDue = payDocuments(generation, size.paidShare, payments, true, invoices);
  const billDue = payDocuments(generation, size.paidShare, payments, false, bills);
  const credits = applyCredits(generation, invoices, bills, invoiceDue, billDue);
  const bank = makeBankTransactions(generation, size.bankTransactions);
  const { openingLines, trialBalanceLines } = makeBalances(generation);

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
    trialBalance: generation.books,
    openAtCutover: generation.openDocuments,
  };
}
