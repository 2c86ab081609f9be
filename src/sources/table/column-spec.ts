/** A column a mapping reads: its id (used in code and overrides) and the header names it goes by. */
export interface ColumnSpec {
  id: string;
  /** Header names, any of which identifies the column; "" matches a blank header cell. */
  headers: readonly string[];
  required?: boolean;
}

/**
 * Normalises a header for matching: case, spaces, punctuation and the leading "*" that marks required
 * columns in import templates do not matter ("*InvoiceDate", "Invoice Date" and "invoice_date" match).
 */
export function normalizeHeader(header: string): string {
  // "Account #" is the account number, not the account ("Account"): QuickBooks' Account List has both.
  return header
    .toLowerCase()
    .replace(/#/g, 'number')
    .replace(/[^a-z0-9]/g, '');
}
