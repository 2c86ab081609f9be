import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WorkspaceCheck } from '../../migration/workspace/assess-workspace.js';
import { describeBasis } from '../../migration/contracts/verification-basis.js';
import { lineText } from '../../migration/contracts/line-text.js';
import type {
  Comparison,
  VerificationReport,
} from '../../migration/contracts/verification-report.js';

/** The predicted verdict as `validate --json` prints it and the validate report holds it. */
export interface PredictedVerdictView {
  verdict: 'will verify' | 'will need review';
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

export function verdictOf(report: VerificationReport): PredictedVerdictView {
  const differing = (section: 'account' | 'receivable' | 'payable', lines: Comparison[]) =>
    lines.filter((line) => line.difference !== '0.00').map((line) => ({ section, ...line }));
  return {
    verdict: report.verified ? 'will verify' : 'will need review',
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

/** The verdict in words for the terminal: the headline, then each difference with its cause. */
export function describeVerdict(report: VerificationReport, limit: number): string[] {
  const view = verdictOf(report);
  // Names, causes and notes carry account names and file names from the exports: one line each.
  const against = lineText(view.against);
  if (report.verified) {
    return [`Predicted verdict: will verify (the books the run will produce equal ${against}).`];
  }
  const count = view.differences === 1 ? '1 difference' : `${view.differences} differences`;
  const lines = [
    `Predicted verdict: will need review: ${count} against ${against}${view.clearingBalance !== '0.00' ? `, clearing account at ${view.clearingBalance}` : ''}.`,
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
