import { describe, expect, it } from 'vitest';
import type { RowOutcome } from '../../src/migration/outcomes/row-outcome.js';
import { idMapOf } from '../../src/reports/id-map.js';

const outcome = (key: string, fields: Partial<RowOutcome>): RowOutcome => ({
  entity: 'invoice',
  key,
  status: 'created',
  step: 'invoices',
  phase: 'create',
  ...fields,
});

describe('the ID map', () => {
  it('says a record found again after the run’s own call was created by the run', () => {
    const rows = [
      ...idMapOf([
        outcome('INV-1', { id: '0b7c4a1e-3f2d-4c5b-8a9e-1d2c3b4a5f60' }),
        // Its create answered in a shape Ledgerlift could not read, then found by its number.
        outcome('INV-2', {
          status: 'matched',
          code: 'reconciled',
          id: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
        }),
        // Already in the workspace before the run.
        outcome('INV-3', {
          status: 'matched',
          code: 'invoice.existing',
          id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
        }),
        // A marker, not a record.
        outcome('INV-4', { status: 'matched', code: 'reconciled', id: 'applied' }),
      ]),
    ];
    expect(rows.map((row) => [row.key, row.how])).toEqual([
      ['INV-1', 'created'],
      ['INV-2', 'created'],
      ['INV-3', 'matched'],
    ]);
  });
});
