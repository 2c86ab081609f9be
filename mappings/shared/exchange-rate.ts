import { isExchangeRate, normalizeDecimal } from '../../src/money/index.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';

/**
 * An exchange-rate column of a document export: a positive exact decimal, or a located error. Blank
 * means the export gives no rate (a base-currency document, or one valued by another column).
 */
export function exchangeRateOf(row: RowFields, column: string): string | undefined {
  const rate = row.decimal(column);
  if (rate === undefined) return undefined;
  if (!isExchangeRate(rate)) {
    row.fail(
      'currency.invalid-rate',
      `${row.where(column)} holds ${rate}, which is not an exchange rate; it must be above zero (leave it blank for a base-currency document).`,
      column,
    );
    return undefined;
  }
  return normalizeDecimal(rate);
}
