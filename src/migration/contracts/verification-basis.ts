// What a verification compared the books with, in the words validate, the run commands and the
// reports all print (docs/accounting.md, "Verification"), so none of them says it differently.
import type { RolledForwardActivity, VerificationBasis } from './workflow-types.js';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** "0 documents, 2 payments, 0 bank lines and 1 journal entry". */
function describeActivity(activity: RolledForwardActivity): string {
  const parts = [
    plural(activity.documents, 'document'),
    plural(activity.payments, 'payment'),
    plural(activity.bankLines, 'bank line'),
    plural(activity.journals, 'journal entry', 'journal entries'),
  ];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

/**
 * The expected side of a verification in words, e.g. "the legacy trial balance as at 2020-09-30
 * (TrialBalance.csv), rolled forward to 2020-10-01 by 0 documents, ...". `files` are the legacy
 * files the trial balance was read from, when the caller knows them (the run store does; Temporal
 * history does not carry them). "The exports hold no trial balance" is said only when none was read.
 */
export function describeBasis(basis: VerificationBasis, files: readonly string[] = []): string {
  const from = files.length > 0 ? ` (${files.join(', ')})` : '';
  const legacyAsOf = basis.legacyAsOf ?? basis.asOf;
  switch (basis.target) {
    case 'legacy-trial-balance':
      return `the legacy trial balance as at ${legacyAsOf}${from}`;
    case 'legacy-trial-balance-rolled-forward':
      return `the legacy trial balance as at ${legacyAsOf}${from}, rolled forward to ${basis.asOf} by ${describeActivity(basis.rolledForward ?? { documents: 0, payments: 0, bankLines: 0, journals: 0 })}`;
    case 'migrated-ledger':
      return `the migrated ledger at ${basis.asOf} (the exports hold no trial balance)`;
  }
}

/**
 * True when the books are checked against the legacy books (a legacy trial balance, at the end date
 * or rolled forward). Without one they are checked only against what was read: books compared with
 * themselves agree, so that says nothing of the legacy books, only that the clearing account and
 * (live) the workspace hold what was read.
 */
export function checksLegacyBooks(basis: Pick<VerificationBasis, 'target'>): boolean {
  return basis.target !== 'migrated-ledger';
}

/**
 * What a run without a legacy trial balance can be checked against, and the export that allows
 * the real check. `openingDate` (the day before the cutover), when known, dates the other trial
 * balance that would do: the run rolls it forward.
 */
export function onlyWhatWasRead(asOf: string, openingDate?: string): string {
  const opening = openingDate ? `as at ${openingDate}` : 'as at the day before the cutover';
  return `the exports hold no trial balance, so the run can only be checked against what was read (the migrated ledger at ${asOf}); the legacy Trial Balance as at ${asOf}, or ${opening}, in the exports would allow the real check`;
}

/**
 * What a dry run verified when its live run would be blocked: it predicts on with the rows in
 * error left out, so its books are those a live run with skipInvalidRows would write.
 */
export const PROJECTED_WITHOUT_ERRORS =
  'projected with the rows in error left out, as skipInvalidRows would';
