/** Xero tax rate names that mean "not taxed" ("Tax Exempt", "No GST", "Zero Rated", "BAS Excluded"). */
const UNTAXED = /exempt|no (vat|gst|tax)|zero|none|out of scope|^bas excluded$/i;

/** True when a Xero tax rate name (a "Tax Type" or "TaxRate" cell) means the line carries no tax. */
export function isUntaxedTaxType(name: string): boolean {
  return UNTAXED.test(name);
}
