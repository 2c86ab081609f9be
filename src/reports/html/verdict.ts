import {
  checksLegacyBooks,
  describeBasis,
  onlyWhatWasRead,
} from '../../migration/contracts/verification-basis.js';
import type { RunReport } from '../run-report.js';
import { html, type HtmlValue } from './escape.js';
import { formatMoney, isZeroMoney, plural } from './format.js';
import type { Tone } from './labels.js';

export interface Verdict {
  icon: string;
  /** Two words, the first thing read: "Books verified", "Needs review", "Not verified". */
  title: string;
  /** What needs review, when something does: "7 differences; clearing balance 1,240.00". */
  finding?: string;
  /** What was compared with what, and the clearing balance. */
  detail: HtmlValue;
  tone: Tone;
}

/** Dates and amounts must not break across lines ("2024-03-" / "31"). */
const keep = (text: string) => html`<span class="nowrap">${text}</span>`;

/** The verification verdict in words: verified, needs review (with counts), or not verified. */
export function verdictOf(report: RunReport): Verdict {
  const verification = report.verification;
  if (!verification) {
    const why =
      report.run.phase === 'blocked'
        ? 'The run stopped before migrating, so there is nothing to verify yet.'
        : 'This run has not reached verification.';
    return { icon: '–', title: 'Not verified', detail: why, tone: 'neutral' };
  }
  // A dry run whose live run would be blocked projected the books with the rows in error left
  // out: what a live run with skipInvalidRows would write, not what this input's would.
  const leftOut = report.run.mode === 'dry-run' && report.run.phase === 'blocked';
  const books =
    verification.source === 'projection'
      ? leftOut
        ? 'The projected books, the rows in error left out (as skipInvalidRows would),'
        : 'The projected books'
      : "The workspace's books";
  const clearing = formatMoney(verification.clearingBalance);
  const clearingAtZero = isZeroMoney(verification.clearingBalance);
  const compared = html`${books} at ${keep(verification.asOf)} compared with
  ${describeBasis(verification, verification.legacyFiles)},
  ${plural(verification.checkedAccounts, 'account')}`;
  // The clearing balance is stated once: in the finding when it is wrong, here when it is right.
  const detail = clearingAtZero
    ? html`${compared}; clearing account at ${keep(clearing)}.`
    : html`${compared}.`;
  if (verification.verified && !checksLegacyBooks(verification)) {
    // Books compared with themselves agree: that is no verdict on the legacy books.
    return {
      icon: '–',
      title: 'No legacy figures',
      finding: 'checked against what was read only',
      detail: html`${books} at ${keep(verification.asOf)} equal what was read;
      ${onlyWhatWasRead(verification.asOf)}.`,
      tone: 'warn',
    };
  }
  if (verification.verified) {
    return { icon: '✓', title: 'Books verified', detail, tone: 'good' };
  }
  const findings: string[] = [];
  if (verification.differences > 0) findings.push(plural(verification.differences, 'difference'));
  if (!clearingAtZero) findings.push(`clearing account at ${clearing}, not 0.00`);
  return {
    icon: '!',
    title: 'Needs review',
    finding: findings.join('; ') || 'not verified',
    detail,
    tone: 'warn',
  };
}
