import { describe, expect, it } from 'vitest';
import {
  DocumentSummaries,
  type DocumentSummary,
} from '../../src/validation/document-summaries.js';

const summary = (overrides: Partial<DocumentSummary> = {}): DocumentSummary => ({
  entity: 'invoice',
  type: 'invoice',
  partyKey: 'C-1',
  date: '2025-11-03',
  currency: 'USD',
  total: 12_345n,
  baseTotal: 12_345n,
  applied: 0n,
  appliedBeforeCutover: 0n,
  beforeCutover: true,
  status: 'open',
  location: { file: 'invoices.csv', row: 2 },
  ...overrides,
});

describe('document summaries kept off the heap', () => {
  it('answers exact cents, far past what a float holds, and keeps updates', () => {
    const summaries = new DocumentSummaries();
    const total = 2n ** 70n + 1n;
    summaries.add('invoice', 'INV-1', summary({ total, amountDue: 5n }));
    const read = summaries.get('invoice', 'INV-1');
    expect(read).toEqual({ ...summary({ total, amountDue: 5n }), order: 1 });

    if (!read) throw new Error('unreachable');
    read.applied += 100n;
    summaries.update('invoice', 'INV-1', read);
    expect(summaries.get('invoice', 'INV-1')?.applied).toBe(100n);
    expect(summaries.get('invoice', 'INV-1')?.amountDue).toBe(5n);
    expect(summaries.get('bill', 'INV-1')).toBeUndefined();
    summaries.clear();
  });

  it('tells the order documents were read, which updates do not change, and clears', () => {
    const summaries = new DocumentSummaries();
    summaries.add('invoice', 'Z-9', summary());
    summaries.add('bill', 'B-1', summary({ entity: 'bill', type: 'bill' }));
    summaries.add('invoice', 'A-1', summary());
    const first = summaries.get('invoice', 'Z-9');
    if (!first) throw new Error('unreachable');
    summaries.update('invoice', 'Z-9', { ...first, applied: 1n });
    // A key read twice keeps the place of its first reading.
    summaries.add('invoice', 'A-1', summary());

    const read = [...summaries.entries()].sort((a, b) => a.summary.order - b.summary.order);
    expect(read.map(({ key }) => key)).toEqual(['Z-9', 'B-1', 'A-1']);
    expect(read[0]?.summary.applied).toBe(1n);

    summaries.clear();
    expect([...summaries.entries()]).toEqual([]);
    expect(summaries.get('invoice', 'A-1')).toBeUndefined();
  });
});
