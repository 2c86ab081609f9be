import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WorkspaceCheck } from '../../migration/workspace/assess-workspace.js';
import {
  checksLegacyBooks,
  describeBasis,
  onlyWhatWasRead,
} from '../../migration/contracts/verification-basis.js';
import { lineText } from '../../migration/contracts/line-text.js';
import type {
  Comparison,
  VerificationReport,
} from '../../migration/contracts/verification-report.js';

/**
 * The predicted verdict as `validate --json` prints it and the validate report holds it. Only books
 * compared with legacy figures get "will verify": without a trial balance the run can only be
 * checked against what was read ("no legacy trial balance"), and with nothing read there is nothing
 * to check ("nothing will be migrated").
 */
export interface PredictedVerdictView {
  verdict:
    'will verify' | 'will need review' | 'no legacy trial balance' | 'nothing will be migrated';
  differences: number;
  clearingBalance: string;
  asOf: string;
  comparedWith: VerificationReport['target'];
  /** What the books will be compared with, in words (docs/accounting.md, "Verification"). */
  against: string;
  /** The legacy files the expected figures come from (none for the migrated ledger). */
  legacyFiles: string[];
  /** Every account, receivable and payable that will differ, with its probable cause. */
  findings: Array<Comparison & { section: 'account' | 'receivable' | 'payable' }>;
  notes: string[];
}

/** What validate read, beside the verification: whether it read anything, and the cutover. */
export interface ReadContext {
  nothingRead: boolean;
  /** The day before the cutover: the other date a trial balance would allow the real check at. */
  openingDate: string;
}

function verdictWord(
  report: VerificationReport,
  read: ReadContext,
): PredictedVerdictView['verdict'] {
  if (read.nothingRead) return 'nothing will be migrated';
  if (!report.verified) return 'will need review';
  return checksLegacyBooks(report) ? 'will verify' : 'no legacy trial balance';
}

export function verdictOf(report: VerificationReport, read: ReadContext): PredictedVerdictView {
  const differing = (section: 'account' | 'receivable' | 'payable', lines: Comparison[]) =>
    lines.filter((line) => line.difference !== '0.00').map((line) => ({ section, ...line }));
  return {
    verdict: verdictWord(report, read),
    differences: report.differences,
    clearingBalance: report.clearingBalance,
    asOf: report.asOf,
    comparedWith: report.target,
    against: describeBasis(report, report.legacyFiles),
    legacyFiles: report.legacyFiles ?? [],
    findings: [
      ...differing('account', report.accounts),
      ...differing('receivable', report.receivables),
      ...differing('payable', report.payables),
    ],
    notes: report.notes,
  };
}

/**
 * The verdict in words for the terminal: the headline, then each difference with its cause. It
 * says only what the comparison can know (docs/accounting.md, "What `validate` projects").
 */
export function describeVerdict(
  report: VerificationReport,
  limit: number,
  read: ReadContext,
): string[] {
  const view = verdictOf(report, read);
  if (view.verdict === 'nothing will be migrated') {
    return [
      'Predicted verdict: none: nothing was read from the exports, so nothing will be migrated and there are no books to check.',
    ];
  }
  // Names, causes and notes carry account names and file names from the exports: one line each.
  const against = lineText(view.against);
  const legacy = checksLegacyBooks(report);
  const withoutLegacy = `${onlyWhatWasRead(report.asOf, read.openingDate)}.`;
  if (view.verdict === 'no legacy trial balance') {
    return [`Predicted verdict: none on the legacy books: ${withoutLegacy}`];
  }
  if (view.verdict === 'will verify') {
    return [`Predicted verdict: will verify (the books the run will produce equal ${against}).`];
  }
  const count = view.differences === 1 ? '1 difference' : `${view.differences} differences`;
  const clearing =
    view.clearingBalance !== '0.00' ? `, clearing account at ${view.clearingBalance}` : '';
  const lines = [
    legacy
      ? `Predicted verdict: will need review: ${count} against ${against}${clearing}.`
      : // Against itself only the clearing account can differ: that is the finding.
        `Predicted verdict: will need review: checked against what was read${clearing}. None on the legacy books: ${withoutLegacy}`,
  ];
  for (const finding of view.findings.slice(0, limit)) {
    lines.push(
      `  ${finding.section.padEnd(10)} ${lineText(finding.name)}: expected ${finding.expected}, will be ${finding.actual} (${finding.difference})`,
    );
    if (finding.cause) lines.push(`             probable cause: ${lineText(finding.cause)}`);
  }
  if (view.findings.length > limit) {
    lines.push(`  ... and ${view.findings.length - limit} more (see --json or --report).`);
  }
  for (const note of view.notes) lines.push(`  ${lineText(note)}`);
  return lines;
}

export interface ValidateReport {
  problems: { error: number; warning: number; info: number };
  records: Record<string, number>;
  verdict: PredictedVerdictView;
  /** With --profile: the workspace pre-check. */
  workspace?: WorkspaceCheck;
}

/** Writes the validate report as JSON, creating its folder. */
export async function writeValidateReport(file: string, report: ValidateReport): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}
