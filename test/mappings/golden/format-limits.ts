import type { EntityName } from '../../../src/ledger/index.js';
import type { SourceFormat } from '../../../mappings/source-formats.js';

/**
 * What each format cannot carry, as documented in docs/mappings.md ("What each format cannot
 * carry"). The golden tests drop these fields (paths inside a record; `lines.*` for every line) from
 * both sides before comparing, and skip entities a format has no export for.
 */
export interface FormatLimits {
  fields: Partial<Record<EntityName, readonly string[]>>;
  entities: readonly EntityName[];
}

export const formatLimits: Record<SourceFormat, FormatLimits> = {
  generic: { fields: {}, entities: [] },
  xero: {
    fields: {
      // Xero has no sub-accounts.
      account: ['parentKey'],
      // Statement lines have no id: the key is derived from date, amount and payee.
      'bank-transaction': ['key'],
    },
    entities: [],
  },
  'quickbooks-online': {
    fields: {
      // The invoice and bill import layouts carry neither a status nor an amount due.
      invoice: ['status', 'amountDue'],
      bill: ['status', 'amountDue'],
    },
    // Credit memo applications are not exported by QuickBooks Online.
    entities: ['credit-application'],
  },
  'quickbooks-desktop-iif': {
    fields: {
      // IIF addresses are free lines (street, city, state and zip in one), items have one name.
      customer: ['billingAddress'],
      product: ['name'],
      // IIF carries no status, amount due or per-line tax code (tax is one split line).
      invoice: ['status', 'amountDue', 'lines.taxCode'],
      bill: ['status', 'amountDue', 'lines.taxCode'],
    },
    entities: ['credit-application'],
  },
};
