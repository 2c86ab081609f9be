import type {
  NotReversible,
  UndoGroup,
  UndoOutcome,
  UndoPlan,
  UndoVerification,
} from '../../migration/contracts/undo-types.js';
import { differenceLine, type UndoDifference } from './difference-cause.js';

/**
 * Everything the undo's HTML page and XLSX workbook show, built once so both say the same: the
 * plan per phase and step, the calls (a dry run's predicted, a live undo's made), and a live undo's
 * verification against the snapshot taken before the run's first write.
 */
export interface UndoReport {
  generatedAt: string;
  runName: string;
  mode: 'dry-run' | 'live';
  status: UndoOutcome['status'];
  planId: string;
  /** The date the trial balances are compared at. */
  asOf: string;
  groups: UndoGroup[];
  calls: {
    /** Live undos: the calls made (reversals and the trial balance read afterwards). */
    made: number;
    /** The calls the plan makes (one per unit) and their duration at the rate limit. */
    planned: number;
    minutesAtRateLimit: number;
    requestsPerMinute: number;
  };
  verification?: {
    balanced: boolean;
    reversed: number;
    differences: UndoDifference[];
    notReversed: NotReversible[];
    inactiveInstead: NotReversible[];
    keptSettings: NotReversible[];
  };
  /** A dry run: the records the plan leaves as they are, and why. */
  notReversible: NotReversible[];
}

export interface UndoReportFacts {
  runName: string;
  mode: 'dry-run' | 'live';
  plan: UndoPlan;
  calls: number;
  requestsPerMinute: number;
  verification?: UndoVerification | undefined;
  status: UndoOutcome['status'];
  estimatedMinutes: number;
  generatedAt: string;
}

export function buildUndoReport(facts: UndoReportFacts): UndoReport {
  const { plan, verification } = facts;
  const report: UndoReport = {
    generatedAt: facts.generatedAt,
    runName: facts.runName,
    mode: facts.mode,
    status: facts.status,
    planId: plan.planId,
    asOf: plan.asOf,
    groups: plan.groups,
    calls: {
      made: facts.mode === 'live' ? facts.calls : 0,
      planned: plan.calls,
      minutesAtRateLimit: facts.estimatedMinutes,
      // The worker's pace is a fraction of the API's limit (99.00000000000001): a tenth is enough.
      requestsPerMinute: Math.round(facts.requestsPerMinute * 10) / 10,
    },
    notReversible: plan.notReversible,
  };
  if (verification) {
    report.verification = {
      balanced: verification.balanced,
      reversed: verification.reversed,
      differences: verification.differences.map((line) => differenceLine(line, verification)),
      notReversed: verification.notReversed,
      inactiveInstead: verification.inactiveInstead,
      keptSettings: verification.keptSettings ?? [],
    };
  }
  return report;
}
