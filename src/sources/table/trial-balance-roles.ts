import type { IsoDate, Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import type { TableSource } from './read-table.js';
import { addDays } from '../../ledger/iso-dates.js';
import { spokenDate } from './report-date.js';
import { candidateProblems } from './file-candidates.js';

/** A trial balance found in the export folder, by its name or by its content. */
export interface TrialBalanceFile {
  source: TableSource;
  /** The "As at"/"As of" date of its title rows, when it has one. */
  asOf?: IsoDate | undefined;
  /** The role its file name suggests ("Opening Trial Balance", "Trial Balance"), if any. */
  named?: TrialBalanceRole | undefined;
  /** The 1-based row of the title line that carries the date (for located problems). */
  dateRow?: number | undefined;
}

/** The opening balance (as at the day before the cutover) or the end-date figures. */
export type TrialBalanceRole = 'opening' | 'closing';

export interface TrialBalanceRoles {
  opening?: TrialBalanceFile;
  closing?: TrialBalanceFile;
  problems: Problem[];
}

/**
 * Decides what each trial balance is for, by its date (docs/accounting.md, "Cutover"): as at the day
 * before the cutover it is the opening balance; at the end date or after the cutover it gives the
 * end-date figures; on the cutover itself it is an error naming the right cutover; any other date
 * is not used. A file without a date keeps the role its name gives it, as does every file when the
 * cutover is not known.
 */
export function trialBalanceRoles(
  files: readonly TrialBalanceFile[],
  window: { cutoverDate?: IsoDate | undefined; endDate?: IsoDate | undefined },
): TrialBalanceRoles {
  const problems: Problem[] = [];
  const openings: TrialBalanceFile[] = [];
  const closings: TrialBalanceFile[] = [];
  const { cutoverDate, endDate } = window;
  for (const file of files) {
    const where = { file: file.source.file, row: file.dateRow ?? 1 };
    const { asOf } = file;
    if (asOf === undefined || cutoverDate === undefined) {
      (file.named === 'opening' ? openings : closings).push(file);
      continue;
    }
    const dayBefore = addDays(cutoverDate, -1);
    if (asOf === dayBefore) openings.push(file);
    else if (asOf === cutoverDate) {
      problems.push(
        problemOf(
          'balance.trial-on-cutover',
          `${file.source.file}: this trial balance is as at ${spokenDate(asOf)}: use --cutover ${addDays(asOf, 1)}. The cutover is the first day of activity in the workspace, and the opening balance is the trial balance as at the day before it, so a trial balance dated on the cutover itself is neither.`,
          { location: where, entity: 'opening-balance' },
        ),
      );
    } else if (asOf > cutoverDate) closings.push(file);
    else {
      problems.push(
        problemOf(
          'balance.trial-unused',
          `${file.source.file}: this trial balance is as at ${spokenDate(asOf)}, before the day before the cutover (${spokenDate(dayBefore)}), so it is neither the opening balance nor the end-date figures; it is not used. If it is the opening balance, use --cutover ${addDays(asOf, 1)}.`,
          { location: where, entity: 'opening-balance' },
        ),
      );
    }
  }
  const opening = pickOne(openings, undefined, 'opening balance', problems);
  const closing = pickOne(closings, endDate, 'end-date figures', problems);
  if (opening) problems.push(...sameDate(opening, openings, 'opening_balances'));
  if (closing) problems.push(...sameDate(closing, closings, 'trial_balance'));
  for (const [file, role] of [
    [opening, 'the opening balance'],
    [closing, 'the end-date figures the verification compares with'],
  ] as const) {
    if (!file?.asOf) continue;
    problems.push(
      problemOf(
        'balance.trial-recognised',
        `${file.source.file}: a trial balance as at ${spokenDate(file.asOf)}, taken as ${role}.`,
        { location: { file: file.source.file, row: file.dateRow ?? 1 } },
      ),
    );
  }
  return { ...(opening ? { opening } : {}), ...(closing ? { closing } : {}), problems };
}

/** One file per role: the one at `preferred`, else the latest; the others are reported unused. */
function pickOne(
  files: readonly TrialBalanceFile[],
  preferred: IsoDate | undefined,
  role: string,
  problems: Problem[],
): TrialBalanceFile | undefined {
  if (files.length <= 1) return files[0];
  const sorted = [...files].sort((a, b) => (b.asOf ?? '').localeCompare(a.asOf ?? ''));
  const chosen =
    sorted.find((file) => preferred !== undefined && file.asOf === preferred) ?? sorted[0];
  for (const file of files) {
    if (file === chosen || !chosen || file.asOf === chosen.asOf) continue;
    problems.push(
      problemOf(
        'balance.trial-unused',
        `${file.source.file}: another trial balance (${chosen.source.file}) is taken as the ${role}; this one${file.asOf ? `, as at ${spokenDate(file.asOf)},` : ''} is not used.`,
        { location: { file: file.source.file, row: file.dateRow ?? 1 } },
      ),
    );
  }
  return chosen;
}

/**
 * Trial balances for one role at the same date (or both undated), the chosen one first: nothing
 * tells them apart, so one file.duplicate error names them all.
 */
function sameDate(
  chosen: TrialBalanceFile,
  files: readonly TrialBalanceFile[],
  tableId: string,
): Problem[] {
  const others = files.filter((file) => file !== chosen && file.asOf === chosen.asOf);
  const name = (file: TrialBalanceFile) =>
    file.source.sheet ? `${file.source.file} [${file.source.sheet}]` : file.source.file;
  return candidateProblems(tableId, name(chosen), others.map(name), []);
}
