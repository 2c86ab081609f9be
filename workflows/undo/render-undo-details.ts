import { lineText } from '../../src/migration/contracts/line-text.js';
import type { UndoProgress } from '../../src/migration/contracts/undo-types.js';
import { detailsValue } from '../render-details.js';

/**
 * An undo's progress as markdown for the Temporal UI's details panel, and as lines for
 * `ledgerlift status`. Counts read "12 of 40": the panel's markdown turns "12/40" into a fraction.
 * The pause's reason (the API's message, or anyone's text) is a value: `value` keeps it on its line,
 * and in the panel also out of the markdown.
 */
export function undoProgressLines(
  progress: UndoProgress,
  value: (text: string) => string = lineText,
): string[] {
  const where = progress.phase
    ? ` · phase ${progress.phaseNumber} of ${progress.phases} (${progress.phase})`
    : '';
  const lines = [
    `Undo of ${progress.runName} · ${progress.mode} · ${progress.state}${where}`,
    `Reversals: ${progress.units.done} of ${progress.units.planned} planned so far; API calls made: ${progress.calls}`,
  ];
  if (progress.pauseReason) {
    lines.push(
      `Paused: ${value(progress.pauseReason)}`,
      `Fix the cause (\`ledgerlift connect\` again for a credential problem), then \`ledgerlift resume ${progress.runName}\`.`,
    );
  }
  return lines;
}

export function renderUndoDetails(progress: UndoProgress): string {
  const [first = '', ...rest] = undoProgressLines(progress, detailsValue);
  return [`**${first}**`, '', ...rest.flatMap((line) => [line, ''])].join('\n').trimEnd();
}
