import type { UndoProgress } from '../../src/migration/contracts/undo-types.js';

/**
 * An undo's progress as markdown for the Temporal UI's details panel, and as lines for
 * `ledgerlift status`. Counts read "12 of 40": the panel's markdown turns "12/40" into a fraction.
 */
export function undoProgressLines(progress: UndoProgress): string[] {
  const where = progress.phase
    ? ` · phase ${progress.phaseNumber} of ${progress.phases} (${progress.phase})`
    : '';
  const lines = [
    `Undo of ${progress.runName} · ${progress.mode} · ${progress.state}${where}`,
    `Reversals: ${progress.units.done} of ${progress.units.planned} planned so far; API calls made: ${progress.calls}`,
  ];
  if (progress.pauseReason) {
    lines.push(
      `Paused: ${progress.pauseReason}`,
      `Fix the cause (\`ledgerlift connect\` again for a credential problem), then \`ledgerlift resume ${progress.runName}\`.`,
    );
  }
  return lines;
}

export function renderUndoDetails(progress: UndoProgress): string {
  const [first = '', ...rest] = undoProgressLines(progress);
  return [`**${first}**`, '', ...rest.flatMap((line) => [line, ''])].join('\n').trimEnd();
}
