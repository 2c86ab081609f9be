import { describe, expect, it } from 'vitest';
import type { DocumentFactsEntry } from '../../src/migration/contracts/stage-manifest.js';
import {
  bucketOf,
  legacyAging,
  workspaceAging,
} from '../../src/migration/verification/aging-by-bucket.js';

const fact = (
  entity: 'invoice' | 'bill',
  dueAtEnd: string,
  dueDate?: string,
  type: DocumentFactsEntry['type'] = entity === 'invoice' ? 'invoice' : 'bill',
): DocumentFactsEntry => ({
  key: `${entity}-${dueAtEnd}-${dueDate ?? 'none'}`,
  entity,
  type,
  partyKey: 'P1',
  date: '2024-01-05',
  currency: 'USD',
  total: dueAtEnd,
  status: 'open',
  dueAtEnd,
  ...(dueDate ? { dueDate } : {}),
});

describe('aging by bucket', () => {
  it('uses the spec’s buckets: current, then 1-30, 31-60, 61-90 and 90+ days overdue', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91].map(bucketOf)).toEqual([
      'current',
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
    ]);
  });

  it('ages what the legacy books had due at the end date by due date; credits and undated documents are current', () => {
    const aging = legacyAging(
      [
        fact('invoice', '100.00', '2024-03-31'), // due on the end date: current
        fact('invoice', '200.50', '2024-03-01'), // 30 days
        fact('invoice', '300.00', '2023-12-01'), // 121 days
        fact('invoice', '40.00', '2024-01-01', 'credit-note'),
        fact('invoice', '0.00', '2023-01-01'), // settled
        fact('invoice', '7.25'), // no due date
        fact('bill', '55.55', '2024-01-15'), // 76 days
      ],
      '2024-03-31',
    );
    expect(aging.receivable).toEqual({
      current: '67.25',
      '1-30': '200.50',
      '31-60': '0.00',
      '61-90': '0.00',
      '90+': '300.00',
    });
    expect(aging.payable).toEqual({
      current: '0.00',
      '1-30': '0.00',
      '31-60': '0.00',
      '61-90': '55.55',
      '90+': '0.00',
    });
  });

  it('sums the workspace report’s summaries by bucket, or its rows when it has no summaries', () => {
    expect(
      workspaceAging({
        summaries: [
          {
            current: '10.00',
            '1-30': '5.00',
            '31-60': 0,
            '61-90': '0',
            '90+': '1.10',
            total: '16.10',
          },
          { current: '2.50', '1-30': '0', '31-60': '0', '61-90': '0', '90+': '0', total: '2.50' },
        ],
      }),
    ).toEqual({
      current: '12.50',
      '1-30': '5.00',
      '31-60': '0.00',
      '61-90': '0.00',
      '90+': '1.10',
    });
    expect(
      workspaceAging({
        data: {
          rows: [
            { amountDue: '3.00', bucket: '31-60' },
            { amountDue: '1.00', bucket: 'current' },
          ],
        },
      }),
    ).toEqual({ current: '1.00', '1-30': '0.00', '31-60': '3.00', '61-90': '0.00', '90+': '0.00' });
    expect(workspaceAging('not a report')).toBeUndefined();
  });
});
