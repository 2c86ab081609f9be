import type { RunProgress } from '../migration/contracts/workflow-types.js';
import { formatCount, formatDuration } from '../migration/contracts/shown-figures.js';

/** One run of `ledgerlift status` with no run named. */
export interface RunListRow {
  name: string;
  mode: string;
  phase: string;
  started: Date;
  /** The run's own progress, for a run that is open (a closed run answers no query). */
  progress?: Pick<RunProgress, 'pacePerMinute' | 'etaSeconds' | 'calls'>;
}

const WORKING = new Set(['staging', 'migrating', 'verifying', 'reporting', 'replaying']);

/** `2026-11-25 18:40` in the machine's time zone: the operator reads it against their own clock. */
function localTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Every run, one line each under a header: its share of the client id's API budget is its measured
 * pace over the budget's pace, and its ETA is what is left at that pace, so a run sharing the budget
 * with others shows the time it will really take, not the time it would take alone.
 */
export function renderRunList(rows: readonly RunListRow[], budgetPerMinute: number): string[] {
  const table = rows.map((row) => {
    const working = WORKING.has(row.phase) && row.progress !== undefined;
    // A dry run's "calls" are predictions: it takes no share of the API budget and has no pace.
    const pace = working && row.mode !== 'dry-run' ? (row.progress?.pacePerMinute ?? 0) : 0;
    const eta = working ? row.progress?.etaSeconds : undefined;
    return [
      row.name,
      row.mode,
      row.phase,
      localTime(row.started),
      working && pace > 0 ? `${Math.round((pace / budgetPerMinute) * 100)}%` : '-',
      working && pace > 0 ? `${formatCount(pace)}/min` : '-',
      eta === null || eta === undefined ? '-' : eta === 0 ? 'done soon' : formatDuration(eta),
    ];
  });
  const header = ['RUN', 'MODE', 'PHASE', 'STARTED', 'SHARE', 'PACE', 'ETA'];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...table.map((cells) => cells[i]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...table.map(line)];
}
