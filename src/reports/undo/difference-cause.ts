import { centsOf, formatCents } from '../../money/index.js';
import type { UndoVerification } from '../../migration/contracts/undo-types.js';
import { formatMoney } from '../html/format.js';

/** One account whose balance differs from the snapshot, with the difference and its likely cause. */
export interface UndoDifference {
  account: string;
  /** Balances (debit minus credit) as decimal strings. */
  before: string;
  after: string;
  /** After minus before, exact to the cent; absent when either side is not an amount. */
  difference?: string;
  cause: string;
}

function cents(text: string): bigint | undefined {
  try {
    return centsOf(text);
  } catch {
    return undefined;
  }
}

/**
 * Says in words what a difference is and where to look: the balance the account had before the
 * run against the one it has now, then whether records of the run were left unreversed (their
 * postings are the likely cause) or not (then a change made in the workspace since the run is).
 */
export function differenceLine(
  line: UndoVerification['differences'][number],
  verification: Pick<UndoVerification, 'notReversed'>,
): UndoDifference {
  const before = cents(line.before);
  const after = cents(line.after);
  if (before === undefined || after === undefined) {
    return {
      ...line,
      cause:
        'There is no trial balance from before the run to compare with, so the books could not be checked.',
    };
  }
  const difference = formatCents(after - before);
  const what =
    before === 0n
      ? `The account held nothing before the run and holds ${formatMoney(line.after)} now.`
      : after === 0n
        ? `The account held ${formatMoney(line.before)} before the run and holds nothing now.`
        : `The account's balance is ${formatMoney(formatCents(after > before ? after - before : before - after))} ${after > before ? 'higher' : 'lower'} than before the run (${formatMoney(line.before)} then, ${formatMoney(line.after)} now).`;
  const left = verification.notReversed.length;
  const why =
    left > 0
      ? `${left === 1 ? 'One record' : `${left} records`} of the run ${left === 1 ? 'was' : 'were'} not reversed (see “Not reversed”): ${left === 1 ? 'its postings are' : 'their postings are'} the likely cause.`
      : 'Every record of the run was reversed: a change made in the workspace since the run (another user, another import) is the likely cause.';
  return { ...line, difference, cause: `${what} ${why}` };
}
