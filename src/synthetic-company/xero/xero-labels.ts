import type { AccountKind, PurchaseDocument, SalesDocument } from '../../ledger/index.js';

/**
 * The words Xero's exports use, by canonical value. Chosen from what the Xero mapping reads back
 * (mappings/xero), so a canonical ledger survives the round trip; the few kinds Xero cannot express
 * say so.
 */

/** Chart of accounts `*Type` labels. System accounts export under their own labels. */
export const accountTypeLabels: Record<AccountKind, string> = {
  bank: 'Bank',
  receivable: 'Accounts Receivable',
  'current-asset': 'Current Asset',
  inventory: 'Inventory',
  prepayment: 'Prepayment',
  'fixed-asset': 'Fixed Asset',
  'non-current-asset': 'Non-current Asset',
  payable: 'Accounts Payable',
  // Xero keeps credit cards as bank accounts: read back, this is a bank.
  'credit-card': 'Bank',
  'current-liability': 'Current Liability',
  tax: 'Sales Tax',
  'non-current-liability': 'Non-current Liability',
  equity: 'Equity',
  'retained-earnings': 'Retained Earnings',
  // Xero's historical adjustment account plays the part of opening balance equity.
  'opening-balance-equity': 'Historical',
  revenue: 'Revenue',
  'other-income': 'Other Income',
  'cost-of-sales': 'Direct Costs',
  expense: 'Expense',
  depreciation: 'Depreciation',
  // Xero has no "other expense" type: read back, this is an expense.
  'other-expense': 'Expense',
};

/** The organisation's tax rates (a US organisation names its own sales tax rate). */
export const taxRates = {
  /** The generator's one rate, `TAX8.25`, on taxed sales and purchase lines and on taxable items. */
  sales: 'Sales Tax (8.25%)',
  /** Untaxed lines, items and accounts: Xero always prints a tax type. */
  exempt: 'Tax Exempt',
};

/** A line's TaxType: Xero prints one on every line, "Tax Exempt" when the line is not taxed. */
export function taxTypeOf(taxCode: string | undefined): string {
  if (taxCode === undefined) return taxRates.exempt;
  return taxCode === 'TAX8.25' ? taxRates.sales : taxCode;
}

export const documentTypeLabels: Record<SalesDocument['type'] | PurchaseDocument['type'], string> =
  {
    invoice: 'Sales invoice',
    'credit-note': 'Sales credit note',
    bill: 'Bill',
    'vendor-credit': 'Bill credit note',
  };

export const statusLabels: Record<SalesDocument['status'], string> = {
  draft: 'DRAFT',
  open: 'AUTHORISED',
  paid: 'PAID',
  void: 'VOIDED',
};

/** Payment and credit allocation types (the Payments and CreditNotes APIs' codes). */
export const paymentTypes = {
  'customer-payment': 'ACCRECPAYMENT',
  'vendor-payment': 'ACCPAYPAYMENT',
} as const;

export const creditTypes = {
  'customer-credit': 'ACCRECCREDIT',
  'vendor-credit': 'ACCPAYCREDIT',
} as const;
