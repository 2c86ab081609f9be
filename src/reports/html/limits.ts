/**
 * How many rows each list shows in the HTML page before pointing to the XLSX workbook, which has
 * them all. A page of tens of thousands of rows neither loads nor prints well, and a consultant acts
 * on the first screenful of a failure anyway.
 */
export const htmlLimits = {
  /** Failed rows shown per step (every step with failures stays visible). */
  failedRowsPerStep: 50,
  /** Problems, skipped rows and API warnings, each. */
  findings: 200,
  /** Receivables and payables comparisons, each. */
  counterparties: 500,
} as const;
