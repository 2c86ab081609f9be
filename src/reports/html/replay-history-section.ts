import type { ReplayRound, RoundRow } from '../../migration/contracts/replay-round.js';
import type { RunReport } from '../run-report.js';
import { html, type SafeHtml } from './escape.js';
import { formatCount, formatTimestamp } from './format.js';
import { stepLabel } from './labels.js';
import { htmlLimits } from './limits.js';
import { capped, dataTable, moreInWorkbook, type Column } from './table.js';

const roundColumns: Column<ReplayRound>[] = [
  { header: 'Round', cell: (round) => (round.round === 0 ? 'Main pass' : `Replay ${round.round}`) },
  { header: 'Finished', cell: (round) => formatTimestamp(round.at), nowrap: true },
  { header: 'Failed before', cell: (round) => formatCount(round.failedBefore), numeric: true },
  { header: 'Fixed', cell: (round) => formatCount(round.counts.fixed), numeric: true },
  { header: 'Skipped', cell: (round) => formatCount(round.counts.skipped), numeric: true },
  {
    header: 'Failed (again)',
    cell: (round) => formatCount(round.counts.failed),
    numeric: true,
  },
  { header: 'Failed after', cell: (round) => formatCount(round.failedAfter), numeric: true },
];

const rowColumns: Column<RoundRow>[] = [
  { header: 'Step', cell: (row) => stepLabel(row.step), nowrap: true },
  { header: 'Record', cell: (row) => `${row.entity} ${row.key}` },
  { header: 'Code', cell: (row) => row.code ?? '', nowrap: true },
  { header: 'Reason', cell: (row) => row.reason ?? '' },
];

/**
 * Each round of a live run: the main pass, then every replay, with what failed, what the replay
 * fixed and what was skipped. Self-contained (its own markup only), so the page around it can change.
 */
export function replayHistorySection(report: RunReport): SafeHtml {
  const rounds = report.replayHistory ?? [];
  if (rounds.length < 2) return html``;
  return html`<section id="replay-history" aria-labelledby="replay-history-title">
    <h2 id="replay-history-title">
      Replay history <span class="count">${formatCount(rounds.length - 1)}</span>
    </h2>
    ${dataTable(rounds, roundColumns, { caption: 'Rows per round' })}
    ${rounds.filter((round) => round.round > 0).map(roundDetails)}
  </section>`;
}

function roundDetails(round: ReplayRound): SafeHtml {
  const lists: Array<[string, RoundRow[], number]> = [
    ['Fixed: failed before, succeeded in this replay', round.fixed, round.counts.fixed],
    ['Failed again', round.failed, round.counts.failed],
    ['Skipped since the previous round', round.skipped, round.counts.skipped],
  ];
  return html`<details>
    <summary>
      Replay ${round.round}: ${formatCount(round.counts.fixed)} fixed,
      ${formatCount(round.counts.failed)} failed again, ${formatCount(round.counts.skipped)} skipped
    </summary>
    ${lists
      .filter(([, rows]) => rows.length > 0)
      .map(([title, rows, count]) => {
        const { shown, hidden } = capped(rows, htmlLimits.findings);
        return html`${dataTable(shown, rowColumns, { caption: title })}
        ${moreInWorkbook(hidden + (count - rows.length), count, 'Replay history')}`;
      })}
  </details>`;
}
