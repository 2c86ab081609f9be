import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UndoGroup, UndoOutcome, UndoPlan, UndoVerification } from '../contracts/undo.js';

export interface UndoReportInput {
  runName: string;
  mode: 'dry-run' | 'live';
  plan: UndoPlan;
  calls: number;
  requestsPerMinute: number;
  verification?: UndoVerification | undefined;
}

/** Minutes the plan's calls take at the rate limit (one call per unit, as a migration's). */
export function estimatedMinutes(calls: number, requestsPerMinute: number): number {
  return requestsPerMinute > 0 ? Math.ceil((calls / requestsPerMinute) * 10) / 10 : 0;
}

function groupLines(groups: UndoGroup[]): string[] {
  return groups.map((g) => `| ${g.phase} | ${g.step} | ${g.units} | ${g.units} |`);
}

/**
 * The undo's report, in the sections a migration's report has (plan, calls and duration at the
 * rate limit, verification, problems), as `undo-report.md` for people and `undo-report.json`.
 */
export function renderUndoReport(input: UndoReportInput): string {
  const { plan, verification } = input;
  const minutes = estimatedMinutes(plan.calls, input.requestsPerMinute);
  const lines = [
    `# Undo of run ${input.runName} (${input.mode})`,
    '',
    '## Plan',
    '',
    `${plan.calls} API calls, about ${minutes} min at ${input.requestsPerMinute} calls a minute; trial balance compared as of ${plan.asOf}.`,
    '',
    '| phase | step | records | calls |',
    '| --- | --- | --- | --- |',
    ...groupLines(plan.groups),
    '',
  ];
  if (verification) {
    lines.push(
      '## Verification',
      '',
      verification.balanced
        ? 'The trial balance equals the snapshot taken before the run, to the cent.'
        : `The trial balance differs from the snapshot on ${verification.differences.length} accounts:`,
      ...verification.differences.map(
        (d) => `- ${d.account}: ${d.before} before the run, ${d.after} now`,
      ),
      '',
      `${verification.reversed} reversals done.`,
      '',
    );
    if (verification.inactiveInstead.length > 0) {
      lines.push(
        '## Accounts made inactive instead of deleted',
        '',
        ...verification.inactiveInstead.map((r) => `- ${r.key} (${r.id ?? ''}): ${r.reason}`),
        '',
      );
    }
  }
  const notReversed = verification?.notReversed ?? plan.notReversible;
  if (notReversed.length > 0) {
    lines.push(
      '## Not reversed',
      '',
      ...notReversed.map(
        (r) => `- ${r.step} ${r.entity} ${r.key}${r.id ? ` (${r.id})` : ''}: ${r.reason}`,
      ),
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Writes both forms of the report under the run folder; answers the folder. */
export async function writeUndoReport(
  runFolder: string,
  planId: string,
  input: UndoReportInput,
  outcome: Omit<UndoOutcome, 'reportFolder'>,
): Promise<string> {
  const folder = path.join(runFolder, 'reports', planId);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'undo-report.md'), renderUndoReport(input));
  await writeFile(
    path.join(folder, 'undo-report.json'),
    `${JSON.stringify({ ...outcome, notReversible: input.plan.notReversible, verification: input.verification }, null, 2)}\n`,
  );
  return folder;
}
