import { html, type HtmlValue } from '../../html/escape.js';
import { plural } from '../../html/format.js';
import type { Verdict } from '../../html/verdict.js';
import type { UndoReport } from '../undo-report-data.js';

/** Dates must not break across lines. */
const keep = (text: string) => html`<span class="nowrap">${text}</span>`;

/** The undo's verdict: books back to the snapshot, needs review (with counts), or not yet checked. */
export function undoVerdictOf(report: UndoReport): Verdict {
  const verification = report.verification;
  const compared: HtmlValue = html`the workspace's trial balance at ${keep(report.asOf)} against the
  snapshot taken before the run's first write, account by account, to the cent.`;
  if (!verification) {
    return {
      icon: '–',
      title: 'Not verified yet',
      detail: html`A dry run reverses nothing. The live undo compares ${compared}`,
      tone: 'neutral',
    };
  }
  if (report.status === 'verified') {
    return { icon: '✓', title: 'Books restored', detail: html`Compared ${compared}`, tone: 'good' };
  }
  const findings: string[] = [];
  if (verification.differences.length > 0)
    findings.push(plural(verification.differences.length, 'account differs', 'accounts differ'));
  if (verification.notReversed.length > 0)
    findings.push(
      plural(verification.notReversed.length, 'record not reversed', 'records not reversed'),
    );
  return {
    icon: '!',
    title: 'Needs review',
    finding: findings.join('; ') || 'not verified',
    detail: html`Compared ${compared}`,
    tone: 'warn',
  };
}

/** The first sentence of the page. */
export function undoHeadline(report: UndoReport): string {
  const records = report.groups.reduce((sum, group) => sum + group.units, 0);
  const verification = report.verification;
  if (!verification) {
    return `The undo would make ${plural(report.calls.planned, 'API call')} to reverse ${plural(records, 'record')}. Nothing has been reversed yet.`;
  }
  if (report.status === 'verified') {
    return `Undone and verified: ${plural(verification.reversed, 'reversal')} made, and the trial balance equals the one from before the run, to the cent.`;
  }
  const left = plural(verification.notReversed.length, 'record was', 'records were');
  const differ = plural(verification.differences.length, 'account differs', 'accounts differ');
  const made = `Undone, needs review: ${plural(verification.reversed, 'reversal')} made`;
  if (verification.differences.length === 0) {
    return `${made}, and the trial balance equals the one from before the run, to the cent; but ${left} not reversed.`;
  }
  if (verification.notReversed.length === 0) return `${made}; ${differ} from before the run.`;
  return `${made}; ${differ} from before the run and ${left} not reversed.`;
}
