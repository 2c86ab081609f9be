import { centsOf, formatCents, type Cents } from '../../money/index.js';
import type { DocumentFactsEntry } from '../contracts/stage-manifest.js';
import {
  agingBuckets,
  type AgingBucket,
  type AgingByBucket,
} from '../contracts/verification-report.js';
import { moneyOf } from './report-figures.js';

const DAY_MS = 86_400_000;

/** The spec's buckets: not yet due, then 1 to 30 days overdue, and so on. */
export function bucketOf(daysOverdue: number): AgingBucket {
  if (daysOverdue <= 0) return 'current';
  if (daysOverdue <= 30) return '1-30';
  if (daysOverdue <= 60) return '31-60';
  if (daysOverdue <= 90) return '61-90';
  return '90+';
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function empty(): Record<AgingBucket, Cents> {
  return { current: 0n, '1-30': 0n, '31-60': 0n, '61-90': 0n, '90+': 0n };
}

function asText(buckets: Record<AgingBucket, Cents>): AgingByBucket {
  return Object.fromEntries(
    agingBuckets.map((bucket) => [bucket, formatCents(buckets[bucket])]),
  ) as AgingByBucket;
}

/**
 * What the legacy books had due at the end date, aged by due date the way the workspace ages it:
 * a document with no due date, or a credit, is current. Credits count against the total.
 */
export function legacyAging(
  facts: Iterable<DocumentFactsEntry>,
  endDate: string,
): { receivable: AgingByBucket; payable: AgingByBucket } {
  const receivable = empty();
  const payable = empty();
  for (const fact of facts) {
    const open = centsOf(fact.dueAtEnd);
    if (open === 0n) continue;
    const credit = fact.type === 'credit-note' || fact.type === 'vendor-credit';
    const due = credit ? -open : open;
    const overdue = fact.dueDate && due > 0n ? daysBetween(fact.dueDate, endDate) : 0;
    const side = fact.entity === 'invoice' ? receivable : payable;
    side[bucketOf(overdue)] += due;
  }
  return { receivable: asText(receivable), payable: asText(payable) };
}

/**
 * The workspace's aging report by bucket: its per-counterparty summaries summed, or its detail rows
 * by their bucket when it gives no summaries. Undefined when the payload holds neither.
 */
export function workspaceAging(report: unknown): AgingByBucket | undefined {
  const data = (report as { data?: unknown } | undefined)?.data ?? report;
  if (!data || typeof data !== 'object') return undefined;
  const { summaries, rows } = data as { summaries?: unknown; rows?: unknown };
  const buckets = empty();
  if (Array.isArray(summaries) && summaries.length > 0) {
    for (const summary of summaries as Array<Record<string, unknown>>) {
      for (const bucket of agingBuckets) buckets[bucket] += moneyOf(summary[bucket]) ?? 0n;
    }
    return asText(buckets);
  }
  if (Array.isArray(rows)) {
    for (const row of rows as Array<Record<string, unknown>>) {
      const bucket = agingBuckets.find((name) => name === row.bucket) ?? 'current';
      buckets[bucket] += moneyOf(row.amountDue) ?? 0n;
    }
    return asText(buckets);
  }
  return undefined;
}
