import type { CompanySize } from '../../../src/synthetic-company/company-generator.js';

/**
 * The companies the chaos suites migrate: small, so a suite fits in minutes, but with every step and
 * phase holding units. The benchmarks (`npm run bench`) cover size.
 */

/** Every step several batches deep: the API-fault, token and security suites. */
export const faultCompany: CompanySize = {
  customers: 10,
  vendors: 5,
  products: 6,
  invoices: 30,
  bills: 12,
  bankTransactions: 12,
  paidShare: 0.6,
};

/** Enough units per step that a kill or a restart can land at any depth of it. */
export const crashCompany: CompanySize = {
  ...faultCompany,
  invoices: 40,
  bills: 16,
  bankTransactions: 16,
};
