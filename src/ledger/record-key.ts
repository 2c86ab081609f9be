import type { LedgerRecord } from './index.js';

/**
 * The legacy key a record is known by in problems. Opening balance and trial balance lines have no
 * key of their own: their account's key identifies them.
 */
export function recordKey(record: LedgerRecord): string {
  switch (record.entity) {
    case 'opening-balance':
    case 'trial-balance':
      return record.value.accountKey;
    default:
      return record.value.key;
  }
}
