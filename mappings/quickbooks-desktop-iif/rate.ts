import type { DecimalString } from '../../src/ledger/index.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';

const RATE = /^[-+]?\d+(\.\d+)?\s*%$/;

/**
 * A PRICE cell, which QuickBooks writes as a rate ("7.5%", "-10.0%") for percentage items:
 * discounts, sales tax and surcharges. A rate is not a unit price, so it reads as no price, with an
 * info problem saying what happens instead (`instead` finishes the sentence).
 */
export function priceUnlessRate(
  row: RowFields,
  column: string,
  instead: string,
): DecimalString | undefined {
  const text = row.text(column);
  if (text === undefined || !RATE.test(text)) return row.decimal(column);
  row.note(
    'iif.percent-rate',
    `${row.where(column)} holds the rate ${text}, not a price: ${instead}.`,
    column,
  );
  return undefined;
}
