import { lineText } from '../src/migration/contracts/line-text.js';
import { PROJECTED_WITHOUT_ERRORS } from '../src/migration/contracts/verification-basis.js';
import { aboutDuration, formatCount, plural } from '../src/migration/contracts/shown-figures.js';
import type {
  RunProgress,
  StepProgress,
  VerificationSummary,
} from '../src/migration/contracts/workflow-types.js';

/** Markdown's punctuation: formatting, a table's edge, a link, an entity, or raw HTML. */
const MARKDOWN_PUNCTUATION = /[\\`*_{}[\]()#+\-.!|<>&~]/g;

/**
 * A value as the details panel shows it, on its line and as written: the panel renders markdown
 * and passes raw HTML through, so a pause's reason (anyone's text) or a path could otherwise start
 * a line of its own ("**Verified:**"), close the table, or draw markup. Every ASCII punctuation
 * character markdown reads is escaped with a backslash, which CommonMark allows before any of them.
 */
export function detailsValue(value: string): string {
  return lineText(value).replace(MARKDOWN_PUNCTUATION, (character) => `\\${character}`);
}

/** Phases in which a run works towards its end, so a time to go means something. */
const WORKING_PHASES: readonly string[] = [
  'staging',
  'migrating',
  'verifying',
  'reporting',
  'replaying',
];

/**
 * The panel (UI 2.42) is an iframe whose height is set once, when it loads, to its body's
 * scrollHeight: that leaves out the first paragraph's top margin, so the last 14 px of the page
 * are cut. A last paragraph of one no-break space takes the cut, and nothing is lost.
 */
const CLIPPED_SPACER = '\u00a0';

/**
 * The run's progress as markdown for the Temporal UI's "current details" panel: the run and its
 * state first, then what stops it, its pause, its verdict and its report, then the steps and the
 * calls. The panel is cut at its width too: a line that cannot wrap (a long path) overflows, and
 * the scrollbar it brings hides the last lines. So every line can wrap: the report's path breaks
 * after each "/" (`<wbr>`, which the panel's renderer passes through and a copy leaves out). Its
 * markdown also turns "48/60" into a fraction, so counts read "48 of 60".
 */
export function renderDetails(progress: RunProgress): string {
  const working = WORKING_PHASES.includes(progress.phase);
  const eta =
    working && progress.etaSeconds !== null && progress.etaSeconds > 0
      ? ` · ETA ${aboutDuration(progress.etaSeconds)}`
      : '';
  const dry = progress.mode === 'dry-run';
  const lines = [
    `**${progress.runName}** · ${progress.mode} · ${progress.phase}${progress.round > 0 ? ` · replay round ${progress.round}` : ''}${eta}`,
  ];
  if (progress.blockedReason) {
    // First: it is why there are no figures, or why the live run would not use them.
    lines.push(
      '',
      `**${dry ? 'Dry run' : 'Blocked'}:** ${detailsValue(progress.blockedReason)}`,
      // A list after a paragraph needs a blank line in the panel's markdown, or it joins the text.
      '',
      ...(progress.firstProblems ?? []).map(
        (problem) =>
          `- \`${problem.code}\` × ${formatCount(problem.count)}${problem.first ? `, the first at ${detailsValue(problem.first)}` : ''}`,
      ),
    );
  }
  if (progress.pauseReason) lines.push('', `**Paused:** ${detailsValue(progress.pauseReason)}`);
  if (progress.verification) {
    lines.push('', verdictLine(progress.verification, dry && progress.blockedReason !== undefined));
  }
  const report = progress.report ?? progress.reportFolder;
  if (report) lines.push('', `Report: ${breakablePath(report)}`);
  lines.push(
    '',
    ...(dry
      ? // A dry run makes no call: the live run's calls are said once, below, never per step.
        [
          '| Step | Status | Rows | Will migrate | Will fail | Skipped |',
          '|---|---|---:|---:|---:|---:|',
          ...progress.steps.map(
            (s) =>
              `| ${s.step} | ${stepStatus(s)} | ${formatCount(s.rows.planned)} | ${formatCount(s.rows.done)} | ${formatCount(s.rows.failed)} | ${formatCount(s.rows.skipped)} |`,
          ),
        ]
      : [
          '| Step | Status | Planned | Done | Failed | Skipped | Calls |',
          '|---|---|---:|---:|---:|---:|---:|',
          ...progress.steps.map(
            (s) =>
              `| ${s.step} | ${stepStatus(s)} | ${formatCount(s.rows.planned)} | ${formatCount(s.rows.done)} | ${formatCount(s.rows.failed)} | ${formatCount(s.rows.skipped)} | ${formatCount(s.calls)} |`,
          ),
        ]),
    '',
    callsLine(progress, working),
    '',
    CLIPPED_SPACER,
  );
  return lines.join('\n');
}

function stepStatus(step: StepProgress): string {
  return step.phase && step.status === 'running'
    ? `${step.status} (${step.phase} ${step.units.done} of ${step.units.total})`
    : step.status;
}

/** The calls: made (live), or those the live run would make (dry run: predictions, never made). */
function callsLine(progress: RunProgress, working: boolean): string {
  const left = progress.calls.remainingEstimate;
  if (progress.mode === 'dry-run') {
    const predicted = formatCount(progress.predictedLiveCalls ?? progress.calls.made);
    return `Calls the live run would make: ${predicted}${working && left > 0 ? `; about ${formatCount(left)} more to predict` : ''}`;
  }
  const pace =
    progress.pacePerMinute > 0 ? ` at ${formatCount(progress.pacePerMinute)} a minute` : '';
  return `Calls made: ${formatCount(progress.calls.made)}${working && left > 0 ? `; about ${formatCount(left)} to go${pace}` : ''}`;
}

/**
 * The verification's verdict. A dry run whose live run would be blocked projected the books with
 * the rows in error left out (as skipInvalidRows would): its verdict says so.
 */
function verdictLine(v: VerificationSummary, rowsLeftOut: boolean): string {
  const accounts = `${formatCount(v.checkedAccounts)} ${v.checkedAccounts === 1 ? 'account matches' : 'accounts match'}`;
  const projected = rowsLeftOut ? ` (${PROJECTED_WITHOUT_ERRORS})` : '';
  if (!v.verified) {
    return `**Needs review${projected}:** ${plural(v.differences, 'difference')}; clearing account ${v.clearingBalance}.`;
  }
  // Compared with itself, the ledger always matches: only a legacy trial balance verifies.
  return v.comparedWith?.target === 'migrated-ledger'
    ? `**Checked against what was read only${projected}:** ${accounts}; no legacy trial balance in the exports.`
    : `**Verified${projected}:** ${accounts}; clearing account ${v.clearingBalance}.`;
}

/** A path that wraps after each "/" rather than overflowing the panel; a copy of it is exact. */
function breakablePath(path: string): string {
  return path
    .split('/')
    .map((part) => detailsValue(part))
    .join('/<wbr>');
}
