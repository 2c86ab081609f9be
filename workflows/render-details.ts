import { lineText } from '../src/migration/contracts/line-text.js';
import type { RunProgress } from '../src/migration/contracts/workflow-types.js';

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
 * The run's progress as markdown for the Temporal UI's "current details" panel. The panel clips
 * its last lines, so the time to go sits on the first line; and its markdown turns "48/60" into a
 * fraction, so counts read "48 of 60".
 */
export function renderDetails(progress: RunProgress): string {
  const working = WORKING_PHASES.includes(progress.phase);
  const eta =
    working && progress.etaSeconds !== null ? ` · ETA ${formatDuration(progress.etaSeconds)}` : '';
  const lines = [
    `**${progress.runName}** · ${progress.mode} · ${progress.phase}${progress.round > 0 ? ` · replay round ${progress.round}` : ''}${eta}`,
    '',
    '| Step | Status | Planned | Done | Failed | Skipped | Calls |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...progress.steps.map(
      (s) =>
        `| ${s.step} | ${s.status}${s.phase && s.status === 'running' ? ` (${s.phase} ${s.units.done} of ${s.units.total})` : ''} | ${s.rows.planned} | ${s.rows.done} | ${s.rows.failed} | ${s.rows.skipped} | ${s.calls} |`,
    ),
    '',
    progress.mode === 'dry-run'
      ? // Predictions, never calls made: the dry run's own pace says nothing about the live run's.
        `Calls the live run would make: ${progress.predictedLiveCalls ?? progress.calls.made}; about ${progress.calls.remainingEstimate} more to predict`
      : `Calls made: ${progress.calls.made}; about ${progress.calls.remainingEstimate} to go` +
        (progress.pacePerMinute > 0 ? ` at ${progress.pacePerMinute} a minute` : ''),
  ];
  if (progress.blockedReason) {
    // Before the figures: it is why there are none, or why the live run would not use them.
    lines.splice(
      1,
      0,
      '',
      `**${progress.mode === 'dry-run' ? 'Dry run' : 'Blocked'}:** ${detailsValue(progress.blockedReason)}`,
      ...(progress.firstProblems ?? []).map(
        (problem) =>
          `- \`${problem.code}\` × ${problem.count}${problem.first ? `, the first at ${detailsValue(problem.first)}` : ''}`,
      ),
    );
  }
  if (progress.pauseReason) lines.push('', `**Paused:** ${detailsValue(progress.pauseReason)}`);
  if (progress.verification) {
    const v = progress.verification;
    const accounts = `${v.checkedAccounts} ${v.checkedAccounts === 1 ? 'account matches' : 'accounts match'}`;
    // Compared with itself, the ledger always matches: only a legacy trial balance verifies.
    const legacy = v.comparedWith?.target !== 'migrated-ledger';
    lines.push(
      '',
      !v.verified
        ? `**Needs review:** ${v.differences} differences; clearing account ${v.clearingBalance}.`
        : legacy
          ? `**Verified:** ${accounts}; clearing account ${v.clearingBalance}.`
          : `**Checked against what was read only:** ${accounts}; no legacy trial balance in the exports.`,
    );
  }
  // Plain text, not a code span: a code span takes no backslash escapes.
  if (progress.reportFolder) lines.push('', `Report: ${detailsValue(progress.reportFolder)}`);
  return lines.join('\n');
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
