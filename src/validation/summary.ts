import type { Problem, Severity, LedgerItem } from '../ledger/index.js';

/** Problems of an item, whether it is a record or a lone problem. */
function problemsOf(item: LedgerItem): readonly Problem[] {
  return item.kind === 'record' ? item.problems : [item.problem];
}

/** True when a problem blocks a live run: only errors do; warnings and info are reported. */
function isBlocking(problem: Problem): boolean {
  return problem.severity === 'error';
}

/** True when any of the items or problems carries an error, which blocks a live run. */
export function hasBlockingErrors(items: Iterable<LedgerItem | Problem>): boolean {
  for (const item of items) {
    const problems = 'kind' in item ? problemsOf(item) : [item];
    if (problems.some(isBlocking)) return true;
  }
  return false;
}

/** Counts of records and problems, for a dry-run summary. */
export interface LedgerSummary {
  records: number;
  /** Records that carry at least one error (the migration skips them as invalid). */
  invalidRecords: number;
  problems: Record<Severity, number>;
  /** Problem count per code. */
  byCode: Record<string, number>;
  blocking: boolean;
}

/** Accumulates a summary while items stream past (keeps counts only). */
export class LedgerSummarizer {
  private readonly summary: LedgerSummary = {
    records: 0,
    invalidRecords: 0,
    problems: { error: 0, warning: 0, info: 0 },
    byCode: {},
    blocking: false,
  };

  add(item: LedgerItem): void {
    const problems = problemsOf(item);
    if (item.kind === 'record') {
      this.summary.records += 1;
      if (problems.some(isBlocking)) this.summary.invalidRecords += 1;
    }
    for (const problem of problems) {
      this.summary.problems[problem.severity] += 1;
      this.summary.byCode[problem.code] = (this.summary.byCode[problem.code] ?? 0) + 1;
      if (isBlocking(problem)) this.summary.blocking = true;
    }
  }

  result(): LedgerSummary {
    return structuredClone(this.summary);
  }
}
