import { centsOf, formatCents, isPlainDecimal } from '../../money/index.js';

/** A money value as the API may write it (string or number), as two-place text; else undefined. */
function moneyText(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !isPlainDecimal(text)) return undefined;
  return formatCents(centsOf(text, { round: true }));
}

/**
 * The workspace's own valuation of a foreign document, read from the fields the document view
 * carries beside the spec's (assumption R34: `baseTotal`, `baseLineAmounts`). Absent or malformed
 * fields give nothing, and the exchange-difference phase reports the document as not read back.
 */
export function baseValueOf(record: Record<string, unknown>): {
  baseTotal?: string;
  baseLineAmounts?: string[];
} {
  const baseTotal = moneyText(record.baseTotal);
  const lines = Array.isArray(record.baseLineAmounts)
    ? record.baseLineAmounts.map(moneyText)
    : undefined;
  const complete = lines?.every((line): line is string => line !== undefined) ? lines : undefined;
  return {
    ...(baseTotal !== undefined ? { baseTotal } : {}),
    ...(complete ? { baseLineAmounts: complete } : {}),
  };
}
